import { relative, resolve } from "node:path";
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import type { Plugin } from "vite";
import { staticallyReachable } from "./module-graph.ts";

/**
 * The first screen's messages: `import("../locales/ru.po?first")` is the part of the ru catalog
 * that the modules the first screen runs (everything main.tsx and view.tsx import statically:
 * the shell and home) show, a fifth of the whole. Home loads it instead of the whole catalog;
 * every other screen, the shop and the dialogs load the whole one (i18n.ts).
 *
 * Which modules those are is known only once the whole module graph is built, after the catalog
 * module was loaded: the module holds a placeholder, and renderChunk, where the graph is known,
 * writes the messages in before the chunk's name is hashed, so the name still follows its bytes.
 * In the dev server and the unit tests (no renderChunk) the part is the whole catalog.
 */
export function firstMessages(projectRoot: string): Plugin {
  const config = getConfig({ configPath: resolve(projectRoot, "lingui.config.ts") });
  const root = config.rootDir ?? projectRoot;
  const entries = ["src/main.tsx", "src/view.tsx"].map((f) =>
    resolve(projectRoot, "storefront", f),
  );
  /** Per language: each message's compiled form and the source files it comes from. */
  const catalogs = new Map<string, Map<string, { compiled: unknown; files: string[] }>>();
  let building = false;
  return {
    name: "storefront-first-messages",
    enforce: "pre",
    configResolved(resolved) {
      building = resolved.command === "build";
    },
    async load(id) {
      const [file = "", query = ""] = id.split("?");
      if (!new URLSearchParams(query).has(FIRST_QUERY) || !file.endsWith(".po")) return null;
      // The whole catalog, compiled by Lingui's own plugin.
      if (!building) return { code: `export { messages } from ${JSON.stringify(file)};` };
      const language = await readCatalog(config, relative(root, file), catalogs);
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(placeholder(language))});`,
        moduleType: "js",
      };
    },
    renderChunk(code) {
      if (!code.includes(PLACEHOLDER)) return null;
      const first = new Set<string>();
      for (const entry of entries) staticallyReachable(entry, (m) => this.getModuleInfo(m), first);
      const files = new Set([...first].map((m) => relative(root, m)));
      let out = code;
      for (const [language, messages] of catalogs) {
        const mark = placeholder(language);
        const at = out.indexOf(mark);
        if (at < 0) continue;
        const picked: Record<string, unknown> = {};
        for (const [messageId, m] of messages) {
          if (m.files.some((f) => files.has(f))) picked[messageId] = m.compiled;
        }
        // The placeholder is a string literal: its quotes go with it.
        out = `${out.slice(0, at - 1)}${JSON.stringify(JSON.stringify(picked))}${out.slice(at + mark.length + 1)}`;
      }
      if (out.includes(PLACEHOLDER)) throw new Error("a first-screen catalog was left unwritten");
      return { code: out, map: null };
    },
  };
}

const FIRST_QUERY = "first";
const PLACEHOLDER = "__storefront_first_messages__";
const placeholder = (language: string) => `${PLACEHOLDER}${language}`;

type LinguiConfig = ReturnType<typeof getConfig>;

/** Reads a language's catalog into `into`: each message's compiled form and its origins. */
async function readCatalog(
  config: LinguiConfig,
  /** The catalog's path in the project ("storefront/locales/ru.po"). */
  file: string,
  into: Map<string, Map<string, { compiled: unknown; files: string[] }>>,
): Promise<string> {
  const found = getCatalogForFile(file, await getCatalogs(config));
  if (!found) throw new Error(`${file} is not one of lingui.config.ts's catalogs`);
  const { locale, catalog } = found;
  const { messages, missing } = await catalog.getTranslations(locale, {
    fallbackLocales: config.fallbackLocales ?? {},
    sourceLocale: config.sourceLocale ?? "",
  });
  if (missing.length > 0) throw new Error(`${locale}.po misses ${missing.length} translations`);
  const { source, errors } = createCompiledCatalog(locale, messages, { namespace: "json" });
  if (errors.length > 0) throw new Error(`${locale}.po has messages that do not compile`);
  const compiled = (JSON.parse(source) as { messages: Record<string, unknown> }).messages;
  const origins = await catalog.read(locale);
  const out = new Map<string, { compiled: unknown; files: string[] }>();
  for (const [messageId, message] of Object.entries(origins ?? {})) {
    if (!(messageId in compiled)) continue;
    const files = (message.origin ?? []).map(([f]) => f);
    out.set(messageId, { compiled: compiled[messageId], files });
  }
  into.set(locale, out);
  return locale;
}
