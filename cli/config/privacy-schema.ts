/**
 * The tenant's privacy block: who answers questions about personal data, and how long a
 * face-search selfie is kept, in the tenant's own words. The face-search consent and the privacy
 * policy (/policy.pdf) state both in the same words; without them they say the shop's default
 * from the catalogs ("Your selfie is deleted as soon as the search is done…") and the support
 * e-mail.
 */
import { z } from "zod";

/** Long enough for a retention clause with its legal basis, short enough to read on a phone. */
export const RETENTION_MAX = 400;

const retentionText = z.string().trim().min(10).max(RETENTION_MAX);

export const privacySchema = z
  .strictObject({
    contactEmail: z
      .email({ message: "an e-mail address" })
      .optional()
      .describe("Where participants write about their personal data; omit to use support.email."),
    selfieRetention: z
      .strictObject({
        ru: retentionText.optional(),
        en: retentionText.optional(),
        es: retentionText.optional(),
      })
      .optional()
      .describe(
        `How long a face-search selfie is kept, one text per language the tenant offers (each of languages.available), at most ${RETENTION_MAX} characters; shown before a face search and in the privacy policy. Omit for the default: the selfie is deleted as soon as the search is done.`,
      ),
  })
  .describe("Privacy contact and selfie retention statement (face search, privacy policy).");

export type PrivacySettings = z.infer<typeof privacySchema>;

type Issue = { path: (string | number)[]; message: string; input: unknown };

/** A retention text missing for a language the tenant offers: each visitor reads their own. */
export function privacyIssues(
  privacy: PrivacySettings | undefined,
  available: readonly ("ru" | "en" | "es")[],
): Issue[] {
  const retention = privacy?.selfieRetention;
  if (!retention) return [];
  const missing = available.filter((language) => !retention[language]);
  return missing.map((language) => ({
    path: ["privacy", "selfieRetention"],
    message: `the selfie retention statement needs a text for every language in languages.available; add ${language}`,
    input: retention,
  }));
}
