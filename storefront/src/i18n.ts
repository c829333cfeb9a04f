import { i18n } from "@lingui/core";
import { CHUNK_LOAD_TIMEOUT_MS } from "./domain/constants.ts";
import { withTimeout } from "./domain/with-timeout.ts";
import type { Language } from "./settings-types.ts";

type Catalog = () => Promise<{ messages: Record<string, unknown> }>;

// One literal import per locale and part, so each is its own lazy chunk: the first screen's
// messages (what the shell and home show), a screen's own (what its first render shows beside
// them: cli/build/message-parts.ts writes both in) and the whole catalog.
const loaders: Record<Language, { first: Catalog; whole: Catalog }> = {
  ru: { first: () => import("../locales/ru.po?first"), whole: () => import("../locales/ru.po") },
  en: { first: () => import("../locales/en.po?first"), whole: () => import("../locales/en.po") },
  es: { first: () => import("../locales/es.po?first"), whole: () => import("../locales/es.po") },
};

/**
 * The screens with a part of the catalog of their own: a participant's first screens (the event's,
 * its photos', contacts), where a few KiB less before the first render count. Every other screen
 * brings the whole catalog (each entry here costs every route a few dozen bytes of its loaders).
 */
const SCREEN_PARTS: Partial<Record<string, Record<Language, Catalog>>> = {
  "event/EventPhotosScreen": {
    ru: () => import("../locales/ru.po?screen=event/EventPhotosScreen"),
    en: () => import("../locales/en.po?screen=event/EventPhotosScreen"),
    es: () => import("../locales/es.po?screen=event/EventPhotosScreen"),
  },
  "event/EventScreen": {
    ru: () => import("../locales/ru.po?screen=event/EventScreen"),
    en: () => import("../locales/en.po?screen=event/EventScreen"),
    es: () => import("../locales/es.po?screen=event/EventScreen"),
  },
  "contacts/ContactsScreen": {
    ru: () => import("../locales/ru.po?screen=contacts/ContactsScreen"),
    en: () => import("../locales/en.po?screen=contacts/ContactsScreen"),
    es: () => import("../locales/es.po?screen=contacts/ContactsScreen"),
  },
};

/** The parts shown so far: "first", "screen:<module>", or "whole" (everything). */
const needed = new Set<string>(["first"]);
let active: Language | undefined;
/** The parts of each language already in Lingui. */
const loaded = new Map<Language, Set<string>>();

/** Lingui's merge of messages into a language, without its "change" event. */
interface SilentMerge {
  _load(language: string, messages: unknown): void;
}

function catalogOf(language: Language, part: string): Catalog {
  const screen = part.startsWith("screen:") ? SCREEN_PARTS[part.slice(7)] : undefined;
  if (screen) return screen[language];
  return part === "first" ? loaders[language].first : loaders[language].whole;
}

/** Loads the parts of `language` not yet in; the whole catalog stands for every part. */
async function loadParts(language: Language, parts: readonly string[]): Promise<void> {
  const have = loaded.get(language) ?? new Set<string>();
  loaded.set(language, have);
  // The whole catalog holds every part; a screen's part holds the first screen's.
  const screens = parts.filter((p) => p.startsWith("screen:"));
  const wanted = parts.includes("whole") ? ["whole"] : screens.length > 0 ? screens : parts;
  const missing = have.has("whole") ? [] : wanted.filter((p) => !have.has(p));
  const catalogs = await Promise.all(
    missing.map((part) => withTimeout(catalogOf(language, part)(), CHUNK_LOAD_TIMEOUT_MS)),
  );
  for (const [i, { messages }] of catalogs.entries()) {
    // More messages for the language on screen only add to those it shows, with the same
    // words: Lingui's load() would re-render every translated text on the page (its provider
    // follows "change"), a long task right after a visitor's first tap on home, for nothing.
    if (language === active) (i18n as unknown as SilentMerge)._load(language, messages);
    else i18n.load(language, messages as never);
    have.add(missing[i] ?? "");
  }
}

/**
 * Loads and activates a language's messages, the Lingui catalog (the browser and the build's
 * prerender share it): every part shown so far. "Catalog" alone names the product catalog
 * (CatalogStore).
 */
export async function activateMessages(language: Language): Promise<void> {
  await loadParts(language, [...needed]);
  // Asked for while those were on their way.
  await loadParts(language, [...needed]);
  i18n.activate(language);
  active = language;
}

/** Adds parts to what is shown, and loads them in the language on screen. */
async function need(part: string): Promise<void> {
  needed.add(part);
  if (active !== undefined) await loadParts(active, [...needed]);
}

/**
 * Every message, before anything the first screen does not show renders: a lazy screen without
 * a part of its own, the shop's stores (their notices), a dialog, a lazy part of a screen.
 * Resolves at once when the whole catalog is in.
 */
export function needAllMessages(): Promise<void> {
  return need("whole");
}

/** A screen's messages before its first render: its own part where it has one, else all. */
export function needScreenMessages(screen: string): Promise<void> {
  return SCREEN_PARTS[screen] ? need(`screen:${screen}`) : needAllMessages();
}

/** Loads and activates a language's messages and marks the document's language. */
export async function loadMessages(language: Language): Promise<void> {
  await activateMessages(language);
  document.documentElement.lang = language;
}

export { i18n };
