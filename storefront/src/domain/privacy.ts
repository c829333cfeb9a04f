/**
 * What the shop tells a participant about their personal data, in the catalogs' words: the
 * face-search consent (in the browser) and the privacy policy (/policy.<language>.pdf, written
 * by the CLI from the same .po entries; its own paragraphs are in ./privacy-policy.ts). The
 * messages are plain descriptors marked for extraction (no macro), whose id is the English
 * source, so the CLI can read them too; a tenant's own retention statement and privacy contact
 * (tenant YAML `privacy`) replace the defaults in both places, in the same words.
 */
import type { Language, LocalizedText, RuntimeSettings } from "../settings-types.ts";

export type Message = { id: string };

/** The default retention statement: true of the demo backend, which deletes a selfie after its search. */
export const DEFAULT_SELFIE_RETENTION: Message = /*i18n*/ {
  id: "Your selfie is deleted as soon as the search is done; it is not stored or used for anything else.",
};

type PrivacySettings = Pick<RuntimeSettings, "privacy" | "support">;

/** The tenant's own retention statement in `language`, or null for the catalogs' default. */
export function tenantSelfieRetention(
  settings: PrivacySettings,
  language: Language,
): string | null {
  const texts: Partial<LocalizedText> | undefined = settings.privacy?.selfieRetention;
  return texts?.[language] ?? null;
}

/** Where participants write about their personal data: the privacy contact, else support. */
export function privacyEmail(settings: PrivacySettings): string {
  return settings.privacy?.contactEmail ?? settings.support.email;
}

/** The policy file in `language`: /policy.ru.pdf…; /policy.pdf is the default language's. */
export function policyPath(language: Language): string {
  return `/policy.${language}.pdf`;
}
