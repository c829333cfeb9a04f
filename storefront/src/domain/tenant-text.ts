/**
 * Tenant texts given per language in the YAML (brand texts, the card note, the support time
 * zone) and the external back link's destination.
 */
import type { Language, LocalizedText } from "../settings-types.ts";

/** The text in `language`, else the required ru fallback; null when the tenant gives none. */
export function tenantText(
  text: LocalizedText | null | undefined,
  language: Language,
): string | null {
  if (!text) return null;
  return text[language] ?? text.ru;
}

/** The host an external address leads to, as people write it: no scheme, no "www.". */
export function destinationHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
