import type { Language } from "../settings-types.ts";

/** Languages of the CIS whose speakers get the Russian storefront (spec §4). */
export const CIS_LANGUAGES = ["az", "hy", "be", "kk", "ky", "ro", "tg", "uz", "uk", "tk"] as const;

export interface LanguageInput {
  available: readonly Language[];
  defaultLanguage: Language;
  /** US variant: always English. */
  usVariant: boolean;
  /** Language forced by the host the shop is served on (an English host → en). */
  hostLanguage?: Language | undefined;
  /** The language the visitor chose earlier (local storage), if any. */
  stored?: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
}

function pick(candidate: Language, available: readonly Language[], fallback: Language): Language {
  return available.includes(candidate) ? candidate : fallback;
}

/** Maps one browser language tag to a storefront language: ru, CIS → ru; en; es; anything else → en. */
export function mapBrowserLanguage(tag: string): Language {
  // Stryker disable next-line StringLiteral: equivalent, split always returns a first element
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? "";
  if (primary === "ru" || (CIS_LANGUAGES as readonly string[]).includes(primary)) return "ru";
  if (primary === "es") return "es";
  return "en";
}

/**
 * Language detection of spec §4. A US variant or a host with a forced language always wins;
 * then the visitor's own choice; while the default language would be in use, the browser's
 * language decides (ru stays ru, CIS codes → ru, everything else → en). es is taken only
 * where the tenant offers it. The result is always one of the available languages.
 */
export function detectLanguage(input: LanguageInput): Language {
  const { available, defaultLanguage } = input;
  const fallback = available.includes(defaultLanguage) ? defaultLanguage : (available[0] ?? "ru");
  if (input.usVariant) return pick("en", available, fallback);
  if (input.hostLanguage) return pick(input.hostLanguage, available, fallback);
  const stored = input.stored as Language | undefined | null;
  if (stored && available.includes(stored)) return stored;
  const first = input.browser[0];
  if (!first) return fallback;
  const mapped = mapBrowserLanguage(first);
  if (available.includes(mapped)) return mapped;
  // es not offered: Spanish speakers read English rather than Russian (spec: everything else → en).
  return pick("en", available, fallback);
}

/** The language menu shows only when allowed, nothing forces the language and there is a choice. */
export function languagePickerVisible(input: {
  picker: boolean;
  available: readonly Language[];
  usVariant: boolean;
  hostLanguage?: Language | undefined;
}): boolean {
  return input.picker && input.available.length > 1 && !input.usVariant && !input.hostLanguage;
}
