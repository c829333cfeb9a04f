import { resolve } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import type { ChunkingContext, CodeSplittingNameFunction } from "rolldown";
import type { HttpServer, InlineConfig, PluginOption } from "vite";
import { PACKAGE_ROOT, STOREFRONT_DIR } from "./paths.ts";

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
        output: { codeSplitting: { groups: [{ name: firstScreenChunks() }] } },
      },
    },
  };
}

/** React (with the Lingui macros) and the catalogs, as the project at `projectRoot` has them. */
function corePlugins(projectRoot: string): PluginOption[] {
  return [
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
 * Two chunks for what every visit loads. "app": the stores and everything the entry imports
 * statically, which start the page's calls; "view": React, the router, the shell and home, which
 * main.tsx imports beside it and mounts once the calls are out. Rolldown would otherwise split
 * off each module a lazy screen shares with them, some fifteen files queued on a slow phone's
 * few connections before the first screen can start.
 */
function firstScreenChunks(): CodeSplittingNameFunction {
  const entry = resolve(STOREFRONT_DIR, "src/main.tsx");
  const view = resolve(STOREFRONT_DIR, "src/view.tsx");
  let app: Set<string> | null = null;
  let viewModules: Set<string> | null = null;
  return (id, ctx) => {
    app ??= staticallyReachable(entry, ctx);
    viewModules ??= staticallyReachable(view, ctx);
    if (id === entry || id === view) return null;
    if (app.has(id)) return "app";
    return viewModules.has(id) ? "view" : null;
  };
}

function staticallyReachable(entry: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

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
