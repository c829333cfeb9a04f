import { i18n } from "@lingui/core";
import { CHUNK_LOAD_TIMEOUT_MS } from "./domain/constants.ts";
import { withTimeout } from "./domain/with-timeout.ts";
import type { Language } from "./settings-types.ts";

// One literal import per locale, so each language's messages are their own lazy chunk.
const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  ru: () => import("../locales/ru.po"),
  en: () => import("../locales/en.po"),
  es: () => import("../locales/es.po"),
};

/**
 * Loads and activates a language's messages, the Lingui catalog (the browser and the build's
 * prerender share it). "Catalog" alone names the product catalog (CatalogStore).
 */
export async function activateMessages(language: Language): Promise<void> {
  const { messages } = await withTimeout(loaders[language](), CHUNK_LOAD_TIMEOUT_MS);
  i18n.load(language, messages as never);
  i18n.activate(language);
}

/** Loads and activates a language's messages and marks the document's language. */
export async function loadMessages(language: Language): Promise<void> {
  await activateMessages(language);
  document.documentElement.lang = language;
}

export { i18n };
