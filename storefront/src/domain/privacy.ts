/**
 * What the shop tells a participant about their personal data, in the catalogs' words: the
 * face-search consent (in the browser) and the privacy policy (/policy.<language>.pdf, written
 * by the CLI from the same .po entries). The messages are plain descriptors marked for
 * extraction (no macro), whose id is the English source, so the CLI can read them too; a
 * tenant's own retention statement and privacy contact (tenant YAML `privacy`) replace the
 * defaults in both places, in the same words.
 */
import type { Language, LocalizedText, RuntimeSettings } from "../settings-types.ts";

export type Message = { id: string };

/** The default retention statement: true of the demo backend, which deletes a selfie after its search. */
export const DEFAULT_SELFIE_RETENTION: Message = /*i18n*/ {
  id: "Your selfie is deleted as soon as the search is done; it is not stored or used for anything else.",
};

/** The privacy policy, paragraph by paragraph: a heading, then its text. */
export const POLICY = {
  title: /*i18n*/ { id: "{tenantName} privacy policy" },
  intro: /*i18n*/ {
    id: "This policy explains how {tenantName} handles personal data when you search for, buy and download photos of sports events.",
  },
  collectHeading: /*i18n*/ { id: "What we collect" },
  collect: /*i18n*/ {
    id: "The e-mail address you give at checkout, the orders you place, the bib number or surname you search for and, if you use face search, the selfie you take or upload. If you sign in, we also receive your e-mail address from the identity provider.",
  },
  whyHeading: /*i18n*/ { id: "Why" },
  why: /*i18n*/ {
    id: "To find your photos, take payment through our payment partners, send the download links and receipts to your e-mail, and answer your questions. We do not sell personal data.",
  },
  faceHeading: /*i18n*/ { id: "Face search" },
  face: /*i18n*/ {
    id: "A face search starts only after you agree to it. {tenantName} uses your selfie only to find your photos of the event you chose.",
  },
  storageHeading: /*i18n*/ { id: "Storage" },
  storage: /*i18n*/ {
    id: "On your device we keep your cart, your recent searches and your language choice. Card details are handled by the payment provider and never reach us.",
  },
  rightsHeading: /*i18n*/ { id: "Your rights" },
  rights: /*i18n*/ {
    id: "You may ask for a copy of your data, its correction or its deletion: write to {privacyEmail}.",
  },
  contactHeading: /*i18n*/ { id: "Contact" },
  contactHours: /*i18n*/ {
    id: "Support: {supportEmail}, Monday to Friday, {from} to {to} {timeZone}.",
  },
  contactHoursNoZone: /*i18n*/ { id: "Support: {supportEmail}, Monday to Friday, {from} to {to}." },
} satisfies Record<string, Message>;

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
