import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import type { EarlyKind } from "../../storefront/src/boot/early-calls.ts";
import { FULL_PAGES, SHELL_PAGES } from "../../storefront/src/domain/pages.ts";
import { ROUTE_NAMES, routeEntry } from "../../storefront/src/routes.ts";
import { bootScript, buildBootModule, readBootModule } from "./boot-script.ts";
import { CORE_CACHE_DIR, PACKAGE_ROOT, STOREFRONT_DIR } from "./paths.ts";
import { buildWorkerModule, readWorkerModule } from "./service-worker.ts";

export interface CoreBuild {
  /** Folder holding the built core (assets/ and .vite/manifest.json). */
  dir: string;
  /** Hash of every input of the core build; also the cache key. */
  hash: string;
  entry: string;
  css: string[];
  /** Static imports of the entry and the view with its imports: preloaded by the boot script. */
  preload: string[];
  /** The catalog chunk of each language, so index.html can preload the default one. */
  locales: Record<string, string>;
  /** The chunks of each prerendered landing screen (and their imports), preloaded by its page. */
  screens: Record<string, string[]>;
  /** The chunks of the lazy screen behind each shell route, by route pattern ("/event/:id"). */
  routeScreens: Array<[string, string[]]>;
  /** The boot script, the pages' only script tag (storefront/src/boot/boot.ts with this core's plan). */
  boot: string;
  /** The service worker (storefront/src/sw/worker.ts), written at each bundle's root as /sw.js. */
  worker: string;
  /** The prerender module (Node, not shipped): renderPage(settings, language, page). */
  prerender: string;
  /** Every file of the core, relative to dir (index.html and the manifest excluded). */
  files: string[];
  /** Whether this call reused a cached build. */
  cached: boolean;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(relative(base, full).split("\\").join("/"));
  }
  return out.sort();
}

/**
 * What shapes the core's files besides its sources: the package (its `sideEffects` decide what
 * the bundler may drop), the locked dependencies, the catalogs' configuration, and the build's
 * own modules: the Vite config with every plugin it imports, the boot script and the service
 * worker (core-inputs.test.ts follows their imports and fails on one missing here).
 */
export const CORE_BUILD_INPUTS = [
  "package.json",
  "package-lock.json",
  "lingui.config.ts",
  "cli/build/vite-config.ts",
  "cli/build/lean-router.ts",
  "cli/build/syntax-edits.ts",
  "cli/build/lean-mobx.ts",
  "cli/build/react-esm.ts",
  "cli/build/message-parts.ts",
  "cli/build/module-graph.ts",
  "cli/build/paths.ts",
  "cli/build/boot-script.ts",
  "cli/build/service-worker.ts",
] as const;

/** Hash of the core's inputs: its sources and CORE_BUILD_INPUTS. */
export async function coreInputsHash(): Promise<string> {
  return hashFiles([
    ...(await listFiles(STOREFRONT_DIR)).map((f) => join(STOREFRONT_DIR, f)),
    ...CORE_BUILD_INPUTS.map((f) => resolve(PACKAGE_ROOT, f)),
  ]);
}

/**
 * The hash of what turns a tenant and the core into a bundle (templates, the CLI's build and
 * config code): `storefront preview` rebuilds a bundle an older CLI made, as it does one made
 * from other sources, so support staff never preview yesterday's pages.
 */
export async function renderInputsHash(): Promise<string> {
  const dirs = ["templates", "cli/build", "cli/config"].map((d) => resolve(PACKAGE_ROOT, d));
  const files: string[] = [];
  for (const dir of dirs) {
    if (existsSync(dir)) files.push(...(await listFiles(dir)).map((f) => join(dir, f)));
  }
  return hashFiles(files);
}

async function hashFiles(inputs: string[]): Promise<string> {
  const h = createHash("sha256");
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    h.update(relative(PACKAGE_ROOT, file));
    h.update("\0");
    h.update(await readFile(file));
    h.update("\0");
  }
  return h.digest("hex").slice(0, 16);
}

/** The Node build of the prerender lives beside the browser's, never in a bundle. */
const PRERENDER_DIR = "prerender";

/** The bundled boot module, also beside the browser's files and never in a bundle as it is. */
const BOOT_DIR = "boot";

/** The bundled service worker, beside them too: each bundle has it at its root, not in assets/. */
const WORKER_DIR = "worker";

/** The manifest key of a screen module the route table names ("event/EventScreen"). */
export function screenManifestKey(module: string): string {
  return `src/screens/${module}.tsx`;
}

/**
 * What the boot plan preloads, by the route table (routes.ts): the lazy screen of each page
 * prerendered whole, by page kind, and of each route marked `preload`, by its path pattern.
 */
export function bootScreens(): { pages: Record<string, string>; routes: Array<[string, string]> } {
  const pages: Record<string, string> = {};
  for (const page of FULL_PAGES) {
    const entry = routeEntry(page);
    pages[page] = screenManifestKey(entry.screen);
  }
  const routes = ROUTE_NAMES.filter((name) => routeEntry(name).preload).map(
    (name): [string, string] => [routeEntry(name).path, screenManifestKey(routeEntry(name).screen)],
  );
  return { pages, routes };
}

/** The routes whose first calls the boot script starts (boot/early-calls.ts), by path pattern. */
export function earlyRoutes(): Array<[string, EarlyKind]> {
  return ROUTE_NAMES.flatMap((name): Array<[string, EarlyKind]> => {
    const kind = routeEntry(name).prefetch;
    return kind === "event" || kind === "participant" ? [[routeEntry(name).path, kind]] : [];
  });
}

/** The view (React, the router, the shell, home), which main.tsx imports beside the stores. */
const VIEW_MODULE = "src/view.tsx";

/** The shop's finding stores, which main.tsx loads at once on every route that finds photos. */
const SHOP_MODULE = "src/stores/find.ts";

function collectImports(manifest: Record<string, ManifestChunk>, key: string, seen: Set<string>) {
  for (const imp of manifest[key]?.imports ?? []) {
    if (seen.has(imp)) continue;
    seen.add(imp);
    collectImports(manifest, imp, seen);
  }
}

async function describeCore(dir: string, hash: string, cached: boolean): Promise<CoreBuild> {
  const manifest = JSON.parse(await readFile(join(dir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find(
    (k) => manifest[k]?.isEntry && k.endsWith("index.html"),
  );
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) throw new Error("core build produced no entry chunk");
  // The entry's static imports, then the view it imports beside them (every visit needs both).
  const imports = new Set<string>();
  collectImports(manifest, entryKey, imports);
  if (!manifest[VIEW_MODULE]) throw new Error(`core build has no chunk for ${VIEW_MODULE}`);
  imports.add(VIEW_MODULE);
  collectImports(manifest, VIEW_MODULE, imports);
  const css = [...(entry.css ?? [])];
  const preload: string[] = [];
  for (const key of imports) {
    const chunk = manifest[key];
    if (!chunk) continue;
    preload.push(chunk.file);
    css.push(...(chunk.css ?? []));
  }
  const locales: Record<string, string> = {};
  const firstLocales: Record<string, string> = {};
  /** A screen's own part of each language's catalog, by the screen's manifest key. */
  const screenLocales: Record<string, Record<string, string>> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /^locales\/([a-z]{2})\.po(?:\?(.*))?$/.exec(key);
    const language = m?.[1];
    if (!language) continue;
    const query = new URLSearchParams(m[2] ?? "");
    const screen = query.get("screen");
    if (screen !== null) {
      const key = screenManifestKey(screen);
      screenLocales[key] = { ...screenLocales[key], [language]: chunk.file };
    } else if (query.has("first")) firstLocales[language] = chunk.file;
    else locales[language] = chunk.file;
  }
  /** A lazy screen's chunks that the entry does not already bring. */
  const screenFiles = (key: string): string[] => {
    if (!manifest[key]) throw new Error(`core build has no chunk for ${key}`);
    const seen = new Set<string>([key]);
    collectImports(manifest, key, seen);
    return [...seen]
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => !!f && !preload.includes(f) && f !== entry.file);
  };
  const plan = bootScreens();
  const screens: Record<string, string[]> = {};
  for (const [page, key] of Object.entries(plan.pages)) screens[page] = screenFiles(key);
  // main.tsx imports the shop's finding stores on every such route: their module comes along
  // (a screen that buys brings the rest of the shop as its own static import).
  const shop = screenFiles(SHOP_MODULE);
  // The lazy screen behind each preloaded route, by the route's pattern ("/event/:id").
  const routeScreens = plan.routes.map(
    ([pattern, key]) =>
      [pattern, [...new Set([...screenFiles(key), ...shop])]] as [string, string[]],
  );
  const files = (await listFiles(dir)).filter(
    (f) =>
      f !== "index.html" &&
      !f.startsWith(".vite/") &&
      !f.startsWith(`${PRERENDER_DIR}/`) &&
      !f.startsWith(`${BOOT_DIR}/`) &&
      !f.startsWith(`${WORKER_DIR}/`),
  );
  const abs = (f: string) => `/${f}`;
  const boot = bootScript(await readBootModule(join(dir, BOOT_DIR)), {
    entry: abs(entry.file),
    preload: preload.map(abs),
    locales: Object.fromEntries(Object.entries(locales).map(([k, f]) => [k, abs(f)])),
    firstLocales: Object.fromEntries(Object.entries(firstLocales).map(([k, f]) => [k, abs(f)])),
    // A page prerendered whole whose screen has its own part of the catalog preloads that part.
    pageLocales: Object.fromEntries(
      Object.entries(plan.pages).flatMap(([page, key]) => {
        const parts = screenLocales[key];
        if (!parts) return [];
        return [[page, Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, abs(f)]))]];
      }),
    ),
    // A route whose screen has its own part of the catalog preloads that part, not the whole.
    routeLocales: Object.fromEntries(
      plan.routes.flatMap(([pattern, key]) => {
        const parts = screenLocales[key];
        if (!parts) return [];
        return [[pattern, Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, abs(f)]))]];
      }),
    ),
    screens: Object.fromEntries(Object.entries(screens).map(([k, fs]) => [k, fs.map(abs)])),
    routes: routeScreens.map(([pattern, fs]) => [pattern, fs.map(abs)]),
    shells: [...SHELL_PAGES],
    firstPages: FULL_PAGES.filter((page) => routeEntry(page).firstScreen),
    early: earlyRoutes(),
  });
  return {
    dir,
    hash,
    entry: entry.file,
    css: [...new Set(css)],
    preload,
    locales,
    screens,
    routeScreens,
    boot,
    worker: await readWorkerModule(join(dir, WORKER_DIR)),
    prerender: join(dir, PRERENDER_DIR, "prerender.js"),
    files,
    cached,
  };
}

/**
 * Builds the core once and caches it by the hash of its inputs, so building five tenants
 * (or building again) costs one Vite build at most.
 */
export async function buildCore(options: { force?: boolean } = {}): Promise<CoreBuild> {
  const hash = await coreInputsHash();
  const dir = join(CORE_CACHE_DIR, hash);
  if (
    !options.force &&
    existsSync(join(dir, ".vite/manifest.json")) &&
    existsSync(join(dir, BOOT_DIR)) &&
    existsSync(join(dir, WORKER_DIR))
  ) {
    return describeCore(dir, hash, true);
  }
  await mkdir(CORE_CACHE_DIR, { recursive: true });
  const staging = `${dir}.tmp-${process.pid}`;
  // Vite and the React plugin take production mode (JSX runtime, React's build) from NODE_ENV,
  // which vitest sets to "test" and a shell may set to "development". The core is cached for
  // every caller, so it is always built as production, whoever asks.
  const callerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    // Loaded only here: a run that finds the core cached never pays for Vite and its plugins.
    const { build } = await import("vite");
    const { coreViteConfig, prerenderViteConfig } = await import("./vite-config.ts");
    await build(coreViteConfig(staging));
    await build(prerenderViteConfig(join(staging, PRERENDER_DIR)));
    await buildBootModule(join(staging, BOOT_DIR));
    await buildWorkerModule(join(staging, WORKER_DIR));
  } finally {
    if (callerEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerEnv;
  }
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
  return describeCore(dir, hash, false);
}
