#!/usr/bin/env node
// The `storefront` command. It runs the bundled CLI (scripts/build-cli.mjs) while that is
// newer than every source it was built from, and the TypeScript sources through tsx otherwise,
// so a stale bundle never runs and no compile step stands between an edit and the command.
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "node_modules/.cache/storefront-cli/main.js");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const t = entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

function bundleIsFresh() {
  try {
    const built = statSync(bundle).mtimeMs;
    return (
      built > newestSource(join(root, "cli")) &&
      built > statSync(join(root, "package-lock.json")).mtimeMs
    );
  } catch {
    return false;
  }
}

let main;
if (bundleIsFresh()) {
  ({ main } = await import(bundle));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("./main.ts"));
}
process.exitCode = await main(process.argv);
