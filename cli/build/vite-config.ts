import { basename, resolve, sep } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import type { ChunkingContext, CodeSplittingGroup, PreRenderedChunk } from "rolldown";
import type { HttpServer, InlineConfig, PluginOption } from "vite";
import { ROUTE_NAMES, routeEntry } from "../../storefront/src/routes.ts";
import { leanMobx } from "./lean-mobx.ts";
import { leanRouter } from "./lean-router.ts";
import { messageParts } from "./message-parts.ts";
import { staticallyReachable } from "./module-graph.ts";
import { PACKAGE_ROOT, STOREFRONT_DIR } from "./paths.ts";
import { reactEsm } from "./react-esm.ts";

/**
 * The one Vite build of the tenant-agnostic core. Tenants never enter it: their settings and
 * theme are added per tenant afterwards, so all tenants share identical core files.
 */
export function coreViteConfig(outDir: string): InlineConfig {
  return {
    root: STOREFRONT_DIR,
    configFile: false,
    envDir: false,
    logLevel: "warn",
    base: "/",
    mode: "production",
    // Always React's production build, whatever NODE_ENV the calling process has (vitest sets
    // "test", a shell may set "development"): a bundle must not depend on who built it.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins: corePlugins(PACKAGE_ROOT),
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: "es2022",
      assetsDir: "assets",
      reportCompressedSize: false,
      modulePreload: { polyfill: false },
      sourcemap: false,
      // The Babel pass (Lingui macros) is slow by design; rolldown's timing warning is noise in CI logs.
      rolldownOptions: {
        checks: { bundlerTimings: false },
        output: { codeSplitting: { groups: firstScreenChunks() }, chunkFileNames },
      },
    },
  };
}

/** React (with the Lingui macros) and the catalogs, as the project at `projectRoot` has them. */
function corePlugins(projectRoot: string): PluginOption[] {
  return [
    messageParts(projectRoot),
    leanRouter(),
    leanMobx(),
    reactEsm(),
    react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
    lingui({ configPath: resolve(projectRoot, "lingui.config.ts"), failOnMissing: true }),
  ];
}

export interface CoreDevOptions {
  /** The project whose storefront/ is served (this package, or another checkout of it). */
  projectRoot: string;
  /** Where the HMR WebSocket's upgrade requests arrive: the preview's own server. */
  upgrades: HttpServer;
  /** Written where Vite puts a nonce; each response replaces it with its own. */
  noncePlaceholder: string;
}

/**
 * The core through Vite's dev server (`storefront dev --core`): middleware on the preview's
 * server (no server or port of its own), the HMR WebSocket on that server too, so every request
 * is same-origin. The preview checks every Host itself (421), before a request or an upgrade
 * reaches Vite. Development mode: React's development build, with Fast Refresh.
 */
export function coreDevViteConfig(o: CoreDevOptions): InlineConfig {
  return {
    root: resolve(o.projectRoot, "storefront"),
    configFile: false,
    envDir: false,
    logLevel: "warn",
    base: "/",
    mode: "development",
    publicDir: false,
    clearScreen: false,
    // Beside the package's own caches, whichever checkout is served.
    cacheDir: resolve(PACKAGE_ROOT, "node_modules/.vite-storefront-dev"),
    plugins: corePlugins(o.projectRoot),
    appType: "custom",
    html: { cspNonce: o.noncePlaceholder },
    // Every module's dependencies found at start, not as a lazy screen first imports one: a
    // dependency found late makes Vite reload the open pages.
    optimizeDeps: { entries: ["index.html", "src/**/*.tsx"] },
    server: {
      middlewareMode: true,
      ws: { server: o.upgrades },
      // The preview answers only its own names (421 for any other) before Vite sees a request.
      allowedHosts: true,
      cors: false,
    },
  };
}

/**
 * A chunk's file: a catalog's part is named by its language and part ("ru-first-…",
 * "ru-EventScreen-…"), never by the screen alone, which names the screen's own chunk.
 */
function chunkFileNames(chunk: PreRenderedChunk): string {
  const [file = "", query = ""] = (chunk.facadeModuleId ?? "").split("?");
  if (!file.endsWith(".po") || query === "") return "assets/[name]-[hash].js";
  const language = basename(file, ".po");
  const params = new URLSearchParams(query);
  const part = params.has("first") ? "first" : basename(params.get("screen") ?? "part");
  return `assets/${language}-${part}-[hash].js`;
}

/**
 * Two chunks for what every visit loads. "app": the stores and everything the entry imports
 * statically, which start the page's calls; "view": React, the router, the shell (and what home
 * shares with other screens), which main.tsx imports beside it and mounts once the calls are
 * out. Rolldown would otherwise split off each module a lazy screen shares with them, some
 * fifteen files queued on a slow phone's few connections before the first screen can start. Then "find": the shop's finding stores,
 * which every route that finds photos builds at start; "shop": the rest of the shop, with a screen that
 * buys or once the page is live; and the small modules (under SMALL_SHARED_MODULE) that several
 * of the shop's screens share, which would otherwise each be a chunk of a few hundred bytes, by
 * what they need (chunkGroups): the event's photo screen came alive in 16 scripts, now 10 (with
 * React's ES view, react-esm.ts, which keeps the bundler's helper out of a chunk of its own). Two
 * of them are files of a few re-exports rolldown writes for a module a dynamic import loads from
 * inside a group (main.tsx's `import("./view.tsx")` and `import("./stores/find.ts")`).
 */
function firstScreenChunks(): CodeSplittingGroup[] {
  const entry = resolve(STOREFRONT_DIR, "src/main.tsx");
  const view = resolve(STOREFRONT_DIR, "src/view.tsx");
  const findRoot = resolve(STOREFRONT_DIR, "src/stores/find.ts");
  const shopRoot = resolve(STOREFRONT_DIR, "src/stores/shop.ts");
  const firstRoot = resolve(STOREFRONT_DIR, "src/screens", `${firstScreenModule()}.tsx`);
  let groups: Map<string, string> | null = null;
  // A group takes its modules' dependencies along, so the first chunks are claimed first: what
  // the shop shares with the view (React, the router…) stays in the view.
  const group = (name: string, priority: number): CodeSplittingGroup => ({
    priority,
    name: (id, ctx) => {
      groups ??= chunkGroups(ctx, { entry, view, findRoot, shopRoot, firstRoot });
      return groups.get(id) === name ? name : null;
    },
  });
  return [
    group("app", 6),
    group("view", 5),
    group("find", 4),
    group("shop", 3),
    group("parts", 2),
    group("shop-parts", 1),
  ];
}

/** The route table's first screen (home), by its module under screens/ ("home/HomeScreen"). */
function firstScreenModule(): string {
  const first = ROUTE_NAMES.filter((name) => routeEntry(name).firstScreen);
  const [name] = first;
  if (first.length !== 1 || name === undefined)
    throw new Error("the route table needs one first screen");
  return routeEntry(name).screen;
}

/** Below this many characters of source, a module several lazy chunks share joins the shop's chunk. */
const SMALL_SHARED_MODULE = 4000;

interface ChunkRoots {
  /** main.tsx: the stores and what starts the page's calls. */
  entry: string;
  /** view.tsx: React, the router and the shell. */
  view: string;
  /** stores/find.ts: the shop's finding stores, built at start on every route that finds photos. */
  findRoot: string;
  /** stores/shop.ts: the whole shop, with a screen that buys or once the page is live. */
  shopRoot: string;
  /** The first screen's module (home): a lazy chunk of its own, loaded beside the view on home. */
  firstRoot: string;
}

function chunkGroups(ctx: ChunkingContext, roots: ChunkRoots): Map<string, string> {
  const { entry, view, findRoot, shopRoot, firstRoot } = roots;
  const groups = new Map<string, string>();
  const app = reach(entry, ctx);
  const viewModules = reach(view, ctx);
  for (const id of app) groups.set(id, "app");
  for (const id of viewModules) if (!groups.has(id)) groups.set(id, "view");
  for (const id of reach(findRoot, ctx)) if (!groups.has(id)) groups.set(id, "find");
  for (const id of reach(shopRoot, ctx)) if (!groups.has(id)) groups.set(id, "shop");
  // Every module a dynamic import loads, and which of them reach each module.
  const lazyRoots = new Set<string>();
  for (const id of [...app, ...viewModules, ...reach(shopRoot, ctx)]) {
    for (const root of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazyRoots.add(root);
  }
  // Which lazy chunks reach each module, and whether each of those loads the shop anyway: a
  // screen that never shops (contacts, organizers) must not load the shop's chunk for a helper.
  const reachedBy = new Map<string, string[]>();
  const shopUsers = new Set<string>();
  const queue = [...lazyRoots];
  const seenRoots = new Set<string>();
  for (let root = queue.pop(); root !== undefined; root = queue.pop()) {
    if (seenRoots.has(root)) continue;
    seenRoots.add(root);
    const reached = reach(root, ctx);
    if (reached.has(findRoot)) shopUsers.add(root);
    for (const id of reached) {
      reachedBy.set(id, [...(reachedBy.get(id) ?? []), root]);
      for (const next of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) queue.push(next);
    }
  }
  // What the first screen shares with other screens (an event's card) stays in the view: home
  // loads one chunk of its own beside it, and no other route loads home's.
  for (const id of reach(firstRoot, ctx)) {
    if (id === firstRoot || groups.has(id)) continue;
    if ((reachedBy.get(id) ?? []).some((root) => root !== firstRoot)) groups.set(id, "view");
  }
  // A part only a shop's screen loads (the viewer, the gallery's grid) loads after the shop too.
  for (let changed = true; changed; ) {
    changed = false;
    for (const root of seenRoots) {
      if (shopUsers.has(root)) continue;
      const importers = ctx.getModuleInfo(root)?.dynamicImporters ?? [];
      const inShop = (m: string) => {
        if (groups.get(m) === "find" || groups.get(m) === "shop") return true;
        const roots = reachedBy.get(m) ?? [];
        return (
          groups.get(m) === undefined && roots.length > 0 && roots.every((r) => shopUsers.has(r))
        );
      };
      if (importers.length === 0 || !importers.every(inShop)) continue;
      shopUsers.add(root);
      changed = true;
    }
  }
  const small = new Set<string>();
  for (const [id, roots] of reachedBy) {
    if (groups.has(id) || roots.length < 2 || seenRoots.has(id)) continue;
    // The shop's own modules only: a package's module stays with the rest of its package.
    if (isStyle(id) || !id.startsWith(STOREFRONT_SRC)) continue;
    if (!roots.every((root) => shopUsers.has(root))) continue;
    const size = ctx.getModuleInfo(id)?.code?.length ?? Number.POSITIVE_INFINITY;
    if (size < SMALL_SHARED_MODULE) small.add(id);
  }
  // Only a module whose own imports are all in the named chunks or joining too: a group takes a
  // module's dependencies along, and a big screen part must not ride into a shared chunk.
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of small) {
      const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
      if (imports.every((dep) => groups.has(dep) || small.has(dep))) continue;
      small.delete(id);
      changed = true;
    }
  }
  // Where each joins: the finding stores' chunk must wait for neither the view's (React: the
  // stores start the page's calls before it has arrived) nor the rest of the shop's (the event's
  // photo screen comes alive without it). So a part that renders joins "parts", a helper that
  // needs the rest of the shop joins "shop", and one that does both "shop-parts".
  const rendering = transitively(small, ctx, (dep) => groups.get(dep) === "view");
  const buying = transitively(small, ctx, (dep) => groups.get(dep) === "shop");
  for (const id of small) {
    const renders = rendering.has(id);
    if (buying.has(id)) groups.set(id, renders ? "shop-parts" : "shop");
    else groups.set(id, renders ? "parts" : "find");
  }
  groups.delete(entry);
  return groups;
}

/** The modules of `among` that import, directly or through each other, a module `marks` picks. */
function transitively(
  among: ReadonlySet<string>,
  ctx: ChunkingContext,
  marks: (dep: string) => boolean,
): Set<string> {
  const found = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of among) {
      if (found.has(id)) continue;
      const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
      if (!imports.some((dep) => marks(dep) || found.has(dep))) continue;
      found.add(id);
      changed = true;
    }
  }
  return found;
}

const STOREFRONT_SRC = resolve(STOREFRONT_DIR, "src") + sep;

/** A stylesheet: it stays with the screen that imports it, never in a shared chunk. */
const isStyle = (id: string) => /\.s?css$/.test(id.split("?")[0] ?? id);

const reach = (entry: string, ctx: ChunkingContext) =>
  staticallyReachable(entry, (id) => ctx.getModuleInfo(id));

/**
 * The same core built for Node: the module the build imports to prerender each tenant's pages
 * (DESIGN 3a). Packages stay external (resolved from this project's node_modules).
 */
export function prerenderViteConfig(outDir: string): InlineConfig {
  const browser = coreViteConfig(outDir);
  return {
    ...browser,
    build: {
      ...browser.build,
      ssr: resolve(STOREFRONT_DIR, "src/prerender.tsx"),
      manifest: false,
      emptyOutDir: true,
      rolldownOptions: {
        ...browser.build?.rolldownOptions,
        output: { format: "esm", entryFileNames: "prerender.js" },
      },
    },
  };
}
