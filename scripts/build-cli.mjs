#!/usr/bin/env node
// Bundles the TypeScript CLI into plain JS (node_modules/.cache/storefront-cli/) so the
// `storefront` command starts without a TypeScript loader: ~0.2 s less on every command,
// which is what keeps `storefront validate` of all tenants under 0.5 s. Beside it, inputs.json
// lists every project file the bundle was built from (the CLI's sources and what it inlines
// from storefront/src: domain rules, API contracts) and the lockfile; cli/bin.js uses the
// bundle only while it is newer than each of them (cli/bundle-fresh.js), and runs the sources
// through tsx otherwise, so a stale bundle can never run. Run by `npm ci` (prepare) and the
// test script.
import { rm, writeFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { build } from "vite";

// STOREFRONT_CLI_OUT_DIR: another folder inside node_modules (a test's own bundle).
const outDir = process.env.STOREFRONT_CLI_OUT_DIR ?? "node_modules/.cache/storefront-cli";
const root = resolve(".");
/** Project files (not node_modules) the bundler read, relative to the project. */
const inputs = new Set(["package-lock.json"]);
await rm(outDir, { recursive: true, force: true });
await build({
  configFile: false,
  plugins: [
    {
      name: "storefront-cli-inputs",
      buildEnd() {
        for (const id of this.getModuleIds()) {
          const file = id.split("?")[0] ?? "";
          const rel = relative(root, file);
          if (!file.startsWith(root + sep) || rel.split(sep).includes("node_modules")) continue;
          inputs.add(rel.split(sep).join("/"));
        }
      },
    },
  ],
  logLevel: "warn",
  // Inlined, not imported at run time: both are ES modules of hundreds of files each (zod 226,
  // culori 453), whose resolving and loading was a third of a build that finds nothing to do.
  ssr: { noExternal: ["zod", "culori"] },
  build: {
    // The command, and beside it the worker of the build's pool (cli/build/tenant-pool.ts) and the
    // brand images' rasterizer (cli/build/raster.ts).
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        main: "cli/main.ts",
        "tenant-worker": "cli/build/tenant-worker.ts",
        "raster-worker": "cli/build/raster-worker.ts",
      },
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      checks: { bundlerTimings: false },
    },
  },
});
// Written after the bundle: the list says the bundle is complete.
await writeFile(
  `${outDir}/inputs.json`,
  `${JSON.stringify({ inputs: [...inputs].sort() }, null, 1)}\n`,
);
console.log(`CLI bundled into ${outDir} (${inputs.size} inputs)`);
