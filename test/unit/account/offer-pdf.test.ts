/**
 * The public offer the checkout's agreement opens (spec §2: "offer agreement"): in each language
 * the tenant offers, the contract of sale with the tenant's name and seller, its currency as the
 * checkout shows it, the payment terms of spec §1 and §9 (card, or the fast payment system at
 * 5 % less), delivery by the paid order's page and e-mail, refunds, personal data (the privacy
 * policy's address) and support; read back as text with pdftotext. A tenant with its own offer
 * (offer.url) gets no generated document, and the page's settings carry its addresses.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { type OfferInput, offerFiles, renderOfferPdf } from "../../../cli/build/offer-pdf.ts";
import { tenantDocuments, tenantSkin } from "../../../cli/build/render.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import { mutate, scratchPerFile } from "../config/fixture.ts";
import { qpdfCheck, textOf } from "./pdf-text.ts";

const FOTOSPORT: OfferInput = {
  tenantName: "Фотоспорт",
  currencyId: 643,
  hosts: [{ host: "fotosport.example" }],
  support: {
    email: "help@fotosport.example",
    hours: { from: "09:00", to: "19:30", timeZone: { ru: "по екатеринбургскому времени" } },
  },
  offer: {
    seller: {
      ru: "ООО «Фотоспорт», ИНН 6601234567, Екатеринбург, ул. Ленина, 1",
      en: "Fotosport LLC, TIN 6601234567, 1 Lenina St, Yekaterinburg",
      es: "Fotosport S. R. L., NIF 6601234567, Lenina 1, Ekaterimburgo",
    },
  },
};

describe("the generated offer in each language", () => {
  it.each([
    [
      "ru",
      "Публичная оферта Фотоспорт",
      "Цены указаны в российских рублях (Р)",
      "Вы платите банковской картой или, если это предлагается при оформлении заказа, через Систему быстрых платежей в приложении вашего банка — на 5 % дешевле, чем картой.",
      "Если письмо не пришло в течение часа после оплаты, обратитесь в поддержку.",
      "Продавец: ООО «Фотоспорт», ИНН 6601234567, Екатеринбург, ул. Ленина, 1.",
      "https://fotosport.example/policy.ru.pdf",
    ],
    [
      "en",
      "Фотоспорт public offer",
      "Prices are in Russian roubles (₽)",
      "You pay by bank card or, where the checkout offers it, through the fast payment system in your bank's app, at 5 % less than the card price.",
      "If the e-mail has not arrived within one hour after payment, contact support.",
      "Seller: Fotosport LLC, TIN 6601234567, 1 Lenina St, Yekaterinburg.",
      "https://fotosport.example/policy.en.pdf",
    ],
    [
      "es",
      "Oferta pública de Фотоспорт",
      "Los precios están en rublos rusos (₽)",
      "Pagas con tarjeta bancaria o, donde el pago lo ofrece, con el sistema de pagos rápidos en la app de tu banco, un 5 % menos que con tarjeta.",
      "Si el correo no ha llegado en una hora después del pago, contacta con soporte.",
      "Vendedor: Fotosport S. R. L., NIF 6601234567, Lenina 1, Ekaterimburgo.",
      "https://fotosport.example/policy.es.pdf",
    ],
  ] as const)(
    "%s: the tenant's name, currency, payment terms, delivery, seller, privacy policy and support",
    async (language, title, currency, payment, delivery, seller, policy) => {
      const pdf = await renderOfferPdf(FOTOSPORT, language);
      const text = textOf(pdf);
      expect(text.startsWith(title)).toBe(true);
      for (const said of [currency, payment, delivery, seller, policy, "help@fotosport.example"])
        expect(text).toContain(said);
      expect(text).not.toContain("?");
      expect(qpdfCheck(pdf)).toContain("No syntax or stream encoding errors found");
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(doc.getTitle()).toBe(title);
      expect(doc.catalog.get(doc.catalog.context.obj("Lang"))?.toString()).toBe(`(${language})`);
    },
  );

  it("without a seller it names the brand; the card note and a host's own currency are stated", async () => {
    const text = textOf(
      await renderOfferPdf(
        {
          ...FOTOSPORT,
          offer: undefined,
          hosts: [
            { host: "fotosport.example" },
            { host: "us.fotosport.example", currencyId: 840, language: "en" },
          ],
          cardNote: { ru: "Карты иностранных банков — только с 3-D Secure." },
        },
        "ru",
      ),
    );
    expect(text).toContain("Продавец: Фотоспорт.");
    expect(text).toContain("Цены указаны в российских рублях (Р) или долларах США ($)");
    expect(text).toContain("дешевле, чем картой. Оплата проходит");
    expect(text).toContain("Карты иностранных банков — только с 3-D Secure.");
  });

  it("a shipped tenant in dollars: MySport USA, in English only", async () => {
    const loaded = await loadTenant("tenants", "mysport-usa");
    if (!loaded.ok) throw new Error("mysport-usa does not load");
    const files = await offerFiles(loaded.config, loaded.config.languages);
    expect([...files.keys()].sort()).toEqual(["offer.en.pdf", "offer.pdf"]);
    const text = textOf(files.get("offer.pdf") as Uint8Array);
    expect(text.startsWith("MySport USA public offer")).toBe(true);
    expect(text).toContain("Prices are in US dollars ($)");
    expect(text).toContain("Seller: MySport USA. Support: support@us.mysport.example,");
  });
});

describe("the files of a tenant", () => {
  it("one per language, /offer.pdf in the default language, the same bytes each build", async () => {
    const languages = { available: ["ru", "en", "es"] as const, default: "en" as const };
    const first = await offerFiles(FOTOSPORT, languages);
    expect([...first.keys()].sort()).toEqual([
      "offer.en.pdf",
      "offer.es.pdf",
      "offer.pdf",
      "offer.ru.pdf",
    ]);
    expect(first.get("offer.pdf")).toEqual(first.get("offer.en.pdf"));
    const again = await offerFiles(FOTOSPORT, languages);
    for (const [name, bytes] of first) expect([name, again.get(name)]).toEqual([name, bytes]);
  });

  const scratch = scratchPerFile();
  const OWN = ["https://fotosport.example/oferta.pdf", "https://fotosport.example/en/terms"];

  it("a tenant with its own offer per language: no generated document, its addresses in the page's settings", async () => {
    scratch().write(
      "own",
      mutate([["social:", `offer:\n  url:\n    ru: ${OWN[0]}\n    en: ${OWN[1]}\nsocial:`]]),
    );
    const loaded = await loadTenant(scratch().tenantsDir, "own");
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const skin = await tenantSkin("own", loaded.config, loaded.assets, null);
    expect(skin.settings.offer).toEqual({ url: { ru: OWN[0], en: OWN[1] } });
    const files = [...(await tenantDocuments(loaded.config, skin)).keys()];
    expect(files.filter((f) => f.endsWith(".pdf")).sort()).toEqual([
      "policy.en.pdf",
      "policy.pdf",
      "policy.ru.pdf",
    ]);
  });

  it("the seller's details reach the offer, not the page's settings", async () => {
    scratch().write(
      "seller",
      mutate([
        ["social:", "offer:\n  seller:\n    ru: ООО «Майспорт»\n    en: MySport LLC\nsocial:"],
      ]),
    );
    const loaded = await loadTenant(scratch().tenantsDir, "seller");
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const skin = await tenantSkin("seller", loaded.config, loaded.assets, null);
    expect(skin.settings.offer).toBeUndefined();
    const documents = await tenantDocuments(loaded.config, skin);
    expect(textOf(documents.get("offer.en.pdf") as Uint8Array)).toContain("Seller: MySport LLC.");
    expect(documents.get("offer.pdf")).toEqual(documents.get("offer.ru.pdf"));
  });
});
