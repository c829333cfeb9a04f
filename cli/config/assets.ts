/**
 * Second validation layer: asset paths in the theme are resolved relative to the
 * tenants directory (like the config file), must stay inside it, and must exist.
 */
import { readFile, realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";

export const ASSET_FIELDS = ["logo", "logoSmall", "favicon", "hero"] as const;

export type AssetResult =
  | { path: string[]; ok: true; rel: string; bytes: Buffer }
  | { path: string[]; ok: false; kind: "escapes" | "missing"; message: string };

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

async function checkOne(
  tenantsDir: string,
  realDir: string,
  shownDir: string,
  field: string,
  value: string,
): Promise<AssetResult> {
  const path = ["theme", field];
  const shown = JSON.stringify(value);
  const segments = value.split(/[\\/]/);
  const abs = resolve(tenantsDir, value);
  if (isAbsolute(value) || segments.includes("..") || !inside(tenantsDir, abs)) {
    const message = `the path leaves ${shownDir}/; expected a file inside it, e.g. mysport/logo.svg; received ${shown}`;
    return { path, ok: false, kind: "escapes", message };
  }
  const missing = `file not found: ${shownDir}/${value}; expected an existing file, relative to ${shownDir}/`;
  try {
    const real = await realpath(abs);
    if (!inside(realDir, real)) {
      const message = `the path leads outside ${shownDir}/ through a symbolic link; received ${shown}`;
      return { path, ok: false, kind: "escapes", message };
    }
    if (!(await stat(real)).isFile()) {
      return { path, ok: false, kind: "missing", message: `not a file: ${shownDir}/${value}` };
    }
    return { path, ok: true, rel: value, bytes: await readFile(real) };
  } catch {
    return { path, ok: false, kind: "missing", message: missing };
  }
}

/** Checks every asset field that holds a string; other values are the schema's business. */
export async function checkAssets(
  tenantsDir: string,
  shownDir: string,
  data: unknown,
): Promise<AssetResult[]> {
  const theme =
    data && typeof data === "object" ? (data as Record<string, unknown>).theme : undefined;
  if (!theme || typeof theme !== "object") return [];
  let realDir = tenantsDir;
  try {
    realDir = await realpath(tenantsDir);
  } catch {
    // The tenants directory was readable a moment ago; keep the resolved path.
  }
  const checks = ASSET_FIELDS.flatMap((field) => {
    const value = (theme as Record<string, unknown>)[field];
    return typeof value === "string" ? [checkOne(tenantsDir, realDir, shownDir, field, value)] : [];
  });
  return Promise.all(checks);
}
