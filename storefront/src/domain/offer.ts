/**
 * Where the offer agreement of the checkout leads (spec §2: "Checkout: e-mail, payment method,
 * offer agreement"): the public offer, the contract of sale the buyer accepts, in the visitor's
 * language. The tenant's own offer when its YAML gives one (`offer.url`, an https address per
 * language, checked by the CLI), else the offer the build writes, /offer.<language>.pdf
 * (/offer.pdf is the default language's), as the privacy policy is /policy.<language>.pdf.
 */
import type { Language, RuntimeSettings } from "../settings-types.ts";

/** The generated offer's file in `language`. */
export function offerPath(language: Language): string {
  return `/offer.${language}.pdf`;
}

/** The offer a visitor reading `language` opens: the tenant's own, else the generated one. */
export function offerHref(settings: Pick<RuntimeSettings, "offer">, language: Language): string {
  return settings.offer?.url?.[language] ?? offerPath(language);
}
