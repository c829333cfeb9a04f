import { i18n } from "@lingui/core";
import { CHUNK_LOAD_TIMEOUT_MS } from "./domain/constants.ts";
import { withTimeout } from "./domain/with-timeout.ts";
import type { Language } from "./settings-types.ts";

type Catalog = () => Promise<{ messages: Record<string, unknown> }>;

// One literal import per locale and part, so each is its own lazy chunk: the first screen's
// messages (what the shell and home show, cli/build/first-messages.ts) and the whole catalog.
const loaders: Record<Language, { first: Catalog; whole: Catalog }> = {
  ru: { first: () => import("../locales/ru.po?first"), whole: () => import("../locales/ru.po") },
  en: { first: () => import("../locales/en.po?first"), whole: () => import("../locales/en.po") },
  es: { first: () => import("../locales/es.po?first"), whole: () => import("../locales/es.po") },
};

/** Whether anything beyond the first screen has been asked for: from then on, whole catalogs. */
let whole = false;
let active: Language | undefined;
const wholeIn = new Set<Language>();

/** Lingui's merge of messages into a language, without its "change" event. */
interface SilentMerge {
  _load(language: string, messages: unknown): void;
}

async function load(language: Language, part: "first" | "whole"): Promise<void> {
  const { messages } = await withTimeout(loaders[language][part](), CHUNK_LOAD_TIMEOUT_MS);
  // The whole catalog of the language on screen only adds messages to those it shows, with the
  // same words: Lingui's load() would re-render every translated text on the page (its provider
  // follows "change"), a long task right after a visitor's first tap on home, for nothing.
  if (part === "whole" && language === active)
    (i18n as unknown as SilentMerge)._load(language, messages);
  else i18n.load(language, messages as never);
  if (part === "whole") wholeIn.add(language);
}

/**
 * Loads and activates a language's messages, the Lingui catalog (the browser and the build's
 * prerender share it). "Catalog" alone names the product catalog (CatalogStore). Until
 * needAllMessages() the first screen's part is enough.
 */
export async function activateMessages(language: Language): Promise<void> {
  await load(language, whole ? "whole" : "first");
  // Asked for while the first part was on its way.
  if (whole && !wholeIn.has(language)) await load(language, "whole");
  i18n.activate(language);
  active = language;
}

/**
 * Every message, before anything the first screen does not show renders: a lazy screen, the
 * shop's stores (their notices), a dialog. Resolves at once when the whole catalog is in.
 */
export async function needAllMessages(): Promise<void> {
  whole = true;
  if (active === undefined || wholeIn.has(active)) return;
  await load(active, "whole");
}

/** Loads and activates a language's messages and marks the document's language. */
export async function loadMessages(language: Language): Promise<void> {
  await activateMessages(language);
  document.documentElement.lang = language;
}

export { i18n };
