// Whether the bundled CLI (scripts/build-cli.mjs) may run: it may while it is newer than every
// file it was built from. The build writes that list beside the bundle (inputs.json: each
// project file the bundler read, the CLI's own and what it inlines from storefront/src, such as
// the domain rules and API contracts, and the lockfile for what it imports from node_modules).
// A missing or unreadable list, a missing or newer input: not fresh, and bin.js runs the sources.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The list of inputs the build writes beside the bundle. */
export const INPUTS_FILE = "inputs.json";

/** @param {string} root the project folder  @param {string} bundleDir the bundle's folder */
export function bundleIsFresh(root, bundleDir) {
  try {
    const built = statSync(join(bundleDir, "main.js")).mtimeMs;
    /** @type {{ inputs: string[] }} */
    const { inputs } = JSON.parse(readFileSync(join(bundleDir, INPUTS_FILE), "utf8"));
    if (!Array.isArray(inputs) || inputs.length === 0) return false;
    return inputs.every((input) => statSync(join(root, input)).mtimeMs < built);
  } catch {
    return false;
  }
}
