#!/usr/bin/env node
// The `storefront` command. It runs the bundled CLI (scripts/build-cli.mjs) while that is
// newer than every file it was built from (its own list of inputs, bundle-fresh.js), and the
// TypeScript sources through tsx otherwise, so a stale bundle never runs and no compile step
// stands between an edit and the command.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "./bundle-fresh.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// STOREFRONT_CLI_OUT_DIR as for scripts/build-cli.mjs; STOREFRONT_CLI_SHOW_RUN=1 says which ran.
const bundleDir =
  process.env.STOREFRONT_CLI_OUT_DIR ?? join(root, "node_modules/.cache/storefront-cli");
const show = (what) => {
  if (process.env.STOREFRONT_CLI_SHOW_RUN === "1") process.stderr.write(`storefront: ${what}\n`);
};

let main;
if (bundleIsFresh(root, bundleDir)) {
  show("running the bundle");
  ({ main } = await import(join(bundleDir, "main.js")));
} else {
  show("running the sources (the bundle is missing or older than one of its inputs)");
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("./main.ts"));
}
process.exitCode = await main(process.argv);
