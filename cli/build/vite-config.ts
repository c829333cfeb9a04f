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
        output: { codeSplitting: { groups: [{ name: firstScreenChunk() }] } },
      },
    },
  };
}

/**
 * Everything the entry imports statically goes in one chunk. Rolldown would otherwise split off
 * each module a lazy screen shares with it (React, MobX, the router, small UI parts): some fifteen
 * files that every visit fetches anyway, each one more request in the queue of a slow phone's
 * few connections before the first screen can start.
 */
function firstScreenChunk(): CodeSplittingNameFunction {
  const entry = resolve(STOREFRONT_DIR, "src/main.tsx");
  let first: Set<string> | null = null;
  return (id, ctx) => {
    first ??= staticallyReachable(entry, ctx);
    return id !== entry && first.has(id) ? "app" : null;
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
