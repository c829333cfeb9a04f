/**
 * The documents a tenant's bundle holds beside the app: the privacy policy and, unless the
 * tenant links to its own, the public offer, each as `<stem>.<language>.pdf` per language it
 * offers and `<stem>.pdf` in its default one. The build writes them (policy-pdf.ts,
 * offer-pdf.ts); `_headers` names each with its type and cache rule, as nginx sends them.
 */
import type { Language, TenantConfig } from "../config/schema.ts";

/** The documents' stems: "policy", and "offer" when the build writes the offer. */
export function documentStems(config: Pick<TenantConfig, "offer">): string[] {
  return config.offer?.url ? ["policy"] : ["policy", "offer"];
}

/** A document's file in `language`, or in the default language without one. */
export function documentFile(stem: string, language?: Language): string {
  return language ? `${stem}.${language}.pdf` : `${stem}.pdf`;
}

/** Every document file of the tenant's bundle. */
export function documentFiles(config: Pick<TenantConfig, "offer" | "languages">): string[] {
  return documentStems(config).flatMap((stem) => [
    documentFile(stem),
    ...config.languages.available.map((language) => documentFile(stem, language)),
  ]);
}
