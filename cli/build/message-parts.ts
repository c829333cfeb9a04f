import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import type { Plugin } from "vite";
import { ROUTE_NAMES, routeEntry } from "../../storefront/src/routes.ts";
import { staticallyReachable } from "./module-graph.ts";

/**
 * Parts of a catalog, so a screen loads only the messages its first render can show:
 * - `import("../locales/ru.po?first")`: what the modules the first screen runs show (everything
 *   main.tsx, view.tsx and the first screen's module import statically: the shell and home), a
 *   fifth of the whole;
 * - `import("../locales/ru.po?screen=event/EventScreen")`: that and what the screen's own static
 *   imports show (i18n.ts names the screens that have one).
 * Anything else (a lazy part, a screen without a part, the shop's notices) loads the whole.
 *
 * Which modules those are is known only once the whole module graph is built, after the catalog
 * module was loaded: the module holds a placeholder, and renderChunk, where the graph is known,
 * writes the messages in before the chunk's name is hashed, so the name still follows its bytes.
 * In the dev server and the unit tests (no renderChunk) a part is the whole catalog.
 */
export function messageParts(projectRoot: string): Plugin {
  const config = getConfig({ configPath: resolve(projectRoot, "lingui.config.ts") });
  const root = config.rootDir ?? projectRoot;
  const src = resolve(projectRoot, "storefront", "src");
  // What every page runs, and the first screen (home): its messages are in every part.
  const entries = ["main.tsx", "view.tsx", ...FIRST_SCREEN_MODULES].map((f) => resolve(src, f));
  /** Per language: each message's compiled form and the source files it comes from. */
  const catalogs = new Map<string, Map<string, { compiled: unknown; files: string[] }>>();
  /** Each part asked for, by name ("first", "screen:event/EventScreen"): the modules it starts from. */
  const parts = new Map<string, string[]>();
  let building = false;
  return {
    name: "storefront-message-parts",
    enforce: "pre",
    configResolved(resolved) {
      building = resolved.command === "build";
    },
    async load(id) {
      const [file = "", query = ""] = id.split("?");
      if (!file.endsWith(".po")) return null;
      const part = partOf(new URLSearchParams(query), src, entries);
      if (!part) return null;
      // The whole catalog, compiled by Lingui's own plugin.
      if (!building) return { code: `export { messages } from ${JSON.stringify(file)};` };
      parts.set(part.name, part.from);
      const language = await readCatalog(config, relative(root, file), catalogs);
      const mark = placeholder(language, part.name);
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(mark)});`,
        moduleType: "js",
      };
    },
    renderChunk(code) {
      if (!code.includes(PLACEHOLDER)) return null;
      const info = (m: string) => this.getModuleInfo(m);
      let out = code;
      for (const [name, from] of parts) {
        const modules = new Set<string>();
        for (const start of from) staticallyReachable(start, info, modules);
        const files = new Set([...modules].map((m) => relative(root, m)));
        for (const [language, messages] of catalogs) {
          const mark = placeholder(language, name);
          const at = out.indexOf(mark);
          if (at < 0) continue;
          const picked: Record<string, unknown> = {};
          for (const [messageId, m] of messages) {
            if (m.files.some((f) => files.has(f))) picked[messageId] = m.compiled;
          }
          // The placeholder is a string literal: its quotes go with it.
          out = `${out.slice(0, at - 1)}${JSON.stringify(JSON.stringify(picked))}${out.slice(at + mark.length + 1)}`;
        }
      }
      if (out.includes(PLACEHOLDER)) throw new Error("a part of a catalog was left unwritten");
      return { code: out, map: null };
    },
  };
}

/**
 * The part a catalog import's query asks for, and the modules it starts from; null for the
 * whole catalog. A screen is one of storefront/src/screens/ (`<folder>/<Name>Screen`), no other
 * path.
 */
function partOf(
  query: URLSearchParams,
  src: string,
  entries: string[],
): { name: string; from: string[] } | null {
  if (query.has("first")) return { name: "first", from: entries };
  const screen = query.get("screen");
  if (screen === null) return null;
  const [folder, name, ...rest] = screen.split("/");
  const word = (s: string | undefined) => !!s && [...s].every((c) => /[A-Za-z]/.test(c));
  if (rest.length > 0 || !word(folder) || !word(name) || !name?.endsWith("Screen")) {
    throw new Error(`a catalog part names no screen: ${JSON.stringify(screen)}`);
  }
  const module = resolve(src, "screens", `${folder}/${name}.tsx`);
  if (!existsSync(module)) throw new Error(`a catalog part names no screen: ${screen}`);
  return { name: `screen:${screen}`, from: [...entries, module] };
}

/** The first screen's module (the route table's `firstScreen`), under storefront/src/. */
const FIRST_SCREEN_MODULES = ROUTE_NAMES.filter((name) => routeEntry(name).firstScreen).map(
  (name) => `screens/${routeEntry(name).screen}.tsx`,
);

const PLACEHOLDER = "__storefront_messages__";
const placeholder = (language: string, part: string) => `${PLACEHOLDER}${language}|${part}`;

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
