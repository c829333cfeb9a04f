import { resolve } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import type { ChunkingContext, CodeSplittingNameFunction } from "rolldown";
import type { InlineConfig } from "vite";
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
    plugins: [
      react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
      lingui({ configPath: resolve(PACKAGE_ROOT, "lingui.config.ts"), failOnMissing: true }),
    ],
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
