import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root (where package.json, storefront/ and templates/ live). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const STOREFRONT_DIR = resolve(PACKAGE_ROOT, "storefront");
export const TEMPLATES_DIR = resolve(PACKAGE_ROOT, "templates");
export const CORE_CACHE_DIR = resolve(PACKAGE_ROOT, "node_modules/.cache/storefront-core");
