/**
 * What a tenant sets per market: the languages the shop speaks, text given per language, and
 * the currencies it charges in.
 */
import { z } from "zod";

export const LANGUAGES = ["ru", "en", "es"] as const;
export const languageSchema = z.enum(LANGUAGES).describe("A supported language code.");
export type Language = z.infer<typeof languageSchema>;

/**
 * Text given per language, each at most `max` characters (what the screen or the policy has
 * room for; a tenant's text is never unbounded); ru is the fallback and therefore required.
 */
export const localizedText = (max: number) =>
  z
    .strictObject({
      ru: z.string().min(1).max(max),
      en: z.string().min(1).max(max).optional(),
      es: z.string().min(1).max(max).optional(),
    })
    .describe(
      `Text per language, each at most ${max} characters; ru is required (fallback), en and es optional.`,
    );
export const localizedTextSchema = localizedText(300);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const CURRENCIES = [643, 840, 978] as const;
export const currencyId = z
  .union(CURRENCIES.map((c) => z.literal(c)))
  .describe("ISO 4217 numeric currency code: 643 rouble, 840 US dollar, 978 euro.");
