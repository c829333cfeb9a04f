/**
 * The storefront's Lingui catalogs (storefront/locales/<language>.po, and the privacy policy's
 * storefront/locales/policy/<language>.po) as the CLI reads them, for texts the build writes
 * itself (the privacy policy PDF, the pages' descriptions): the same entries, so the same words, as the browser shows. Entries are looked up by their id, the English source.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import PO from "pofile";
import type { Language } from "../../storefront/src/settings-types.ts";
import { PACKAGE_ROOT } from "./paths.ts";

export type Translate = (message: { id: string }, values?: Record<string, string>) => string;

const cache = new Map<Language, Promise<Map<string, string>>>();

/** The browser's catalog and the privacy policy's own (lingui.config.ts), as one. */
const CATALOG_DIRS = [
  ["storefront", "locales"],
  ["storefront", "locales", "policy"],
];

async function entries(language: Language): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const dir of CATALOG_DIRS) {
    const text = await readFile(join(PACKAGE_ROOT, ...dir, `${language}.po`), "utf8");
    for (const item of PO.parse(text).items) {
      const translation = item.msgstr[0];
      if (translation) map.set(item.msgid, translation);
    }
  }
  return map;
}

/**
 * The catalog of `language`. A message it lacks is an error, not English in a Russian file:
 * the i18n check keeps every catalog complete. Placeholders are plain `{name}`s, filled from
 * `values`; one without a value is an error too.
 */
export async function catalog(language: Language): Promise<Translate> {
  let pending = cache.get(language);
  if (!pending) {
    pending = entries(language);
    cache.set(language, pending);
  }
  const map = await pending;
  return (message, values = {}) => {
    const text = map.get(message.id);
    if (text === undefined)
      throw new Error(`${language}.po has no translation of ${JSON.stringify(message.id)}`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined)
        throw new Error(`no value for {${name}} in ${JSON.stringify(message.id)}`);
      return value;
    });
  };
}
