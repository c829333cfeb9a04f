import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: the nearest folder above this module with our package.json (works from
 * the sources and from the bundled CLI in node_modules/.cache alike). */
function findPackageRoot(from: string): string {
  let dir = from;
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file) && JSON.parse(readFileSync(file, "utf8")).name === "photo-storefront") {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no photo-storefront package.json above ${from}`);
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const STOREFRONT_DIR = resolve(PACKAGE_ROOT, "storefront");
export const TEMPLATES_DIR = resolve(PACKAGE_ROOT, "templates");
// STOREFRONT_CORE_CACHE: another cache, so a second Node version builds the core afresh.
export const CORE_CACHE_DIR = resolve(
  PACKAGE_ROOT,
  process.env.STOREFRONT_CORE_CACHE ?? "node_modules/.cache/storefront-core",
);
