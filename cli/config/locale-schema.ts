/**
 * What a tenant sets per market: the languages the shop speaks, text given per language, and
 * the currencies it charges in.
 */
import { z } from "zod";

export const LANGUAGES = ["ru", "en", "es"] as const;
export const languageSchema = z.enum(LANGUAGES).describe("A supported language code.");
export type Language = z.infer<typeof languageSchema>;

/** Text given per language; ru is the fallback and therefore required. */
export const localizedTextSchema = z
  .strictObject({
    ru: z.string().min(1),
    en: z.string().min(1).optional(),
    es: z.string().min(1).optional(),
  })
  .describe("Text per language; ru is required (fallback), en and es optional.");
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const CURRENCIES = [643, 840, 978] as const;
export const currencyId = z
  .union(CURRENCIES.map((c) => z.literal(c)))
  .describe("ISO 4217 numeric currency code: 643 rouble, 840 US dollar, 978 euro.");
