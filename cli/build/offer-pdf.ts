/**
 * The public offer of a tenant (the contract of sale the checkout's offer agreement links to),
 * one PDF per language it offers: /offer.ru.pdf, /offer.en.pdf…; /offer.pdf is the default
 * language's. The words come from the documents' catalog (storefront/src/domain/offer-document.ts),
 * filled with the tenant's name, seller, currencies, card note and support contacts; the pages
 * are set by the privacy policy's code (policy-pdf.ts). A tenant with its own offer (`offer.url`)
 * gets no file: the checkout links to its address instead.
 */

import { formatMoney } from "../../storefront/src/domain/money.ts";
import { CURRENCY_NAMES, OFFER } from "../../storefront/src/domain/offer-document.ts";
import { policyPath } from "../../storefront/src/domain/privacy.ts";
import { tenantText } from "../../storefront/src/domain/tenant-text.ts";
import type { Language, TenantConfig } from "../config/schema.ts";
import { catalog, type Translate } from "./catalogs.ts";
import {
  type Languages,
  languageFiles,
  type PolicyText,
  printable,
  renderTextPdf,
  supportText,
} from "./policy-pdf.ts";

/** What the offer says of the tenant: the parts of its YAML it names. */
export type OfferInput = Pick<
  TenantConfig,
  "tenantName" | "support" | "currencyId" | "hosts" | "cardNote" | "offer"
>;

const LOCALES: Record<Language, string> = { ru: "ru-RU", en: "en-US", es: "es-ES" };

/**
 * The currencies prices are shown in (the tenant's, and any a host overrides it with), each
 * named and with the sign the checkout shows: "Russian roubles (Р)", "US dollars ($)".
 */
function currenciesText(t: Translate, input: OfferInput, language: Language): string {
  const ids = [...new Set([input.currencyId, ...input.hosts.map((h) => h.currencyId)])];
  const named = ids
    .filter((id) => id !== undefined)
    .map((id) => {
      const sign = formatMoney(0, id, language).replace(/[\d\s.,]/gu, "");
      return `${t(CURRENCY_NAMES[id])} (${sign})`;
    });
  return new Intl.ListFormat(LOCALES[language], { type: "disjunction" }).format(named);
}

/** The privacy policy in `language`, at the tenant's host for that language when it has one. */
function policyAddress(input: OfferInput, language: Language): string {
  const host = input.hosts.find((h) => !h.language || h.language === language)?.host;
  return host ? `https://${host}${policyPath(language)}` : policyPath(language);
}

/** The offer in `language`: a title, then sections of a heading and a paragraph. */
export async function offerText(input: OfferInput, language: Language): Promise<PolicyText> {
  const t = await catalog(language);
  const tenantName = printable(input.tenantName);
  const seller = printable(input.offer?.seller?.[language] ?? tenantName);
  const cardNote = tenantText(input.cardNote, language);
  const payment = t(OFFER.payment);
  return {
    title: t(OFFER.title, { tenantName }),
    sections: [
      { text: t(OFFER.intro, { tenantName, seller }) },
      { heading: t(OFFER.subjectHeading), text: t(OFFER.subject) },
      {
        heading: t(OFFER.pricesHeading),
        text: t(OFFER.prices, { currencies: currenciesText(t, input, language) }),
      },
      {
        heading: t(OFFER.paymentHeading),
        text: cardNote ? `${payment} ${printable(cardNote)}` : payment,
      },
      { heading: t(OFFER.deliveryHeading), text: t(OFFER.delivery) },
      { heading: t(OFFER.refundsHeading), text: t(OFFER.refunds) },
      {
        heading: t(OFFER.dataHeading),
        text: t(OFFER.data, { tenantName, policyAddress: policyAddress(input, language) }),
      },
      {
        heading: t(OFFER.contactHeading),
        text: `${t(OFFER.seller, { seller })} ${supportText(t, input, language)}`,
      },
    ],
  };
}

/** The offer PDF in `language`. */
export async function renderOfferPdf(input: OfferInput, language: Language): Promise<Uint8Array> {
  return renderTextPdf(await offerText(input, language), language);
}

/**
 * Every offer file of a tenant: one per language and /offer.pdf in the default one; none when
 * the tenant links to its own offer.
 */
export async function offerFiles(
  input: OfferInput,
  languages: Languages,
): Promise<Map<string, Uint8Array>> {
  if (input.offer?.url) return new Map();
  return languageFiles("offer", languages, (language) => renderOfferPdf(input, language));
}
