/**
 * Second validation layer: asset paths in the theme are resolved relative to the
 * tenants directory (like the config file), must stay inside it, must exist, must fit the
 * size limit of their field and must be what their extension says (SVG: ./svg-policy.ts).
 * Each file is read ONCE, here; the build ships exactly these checked bytes, so a file
 * swapped after validation (a symlink to /etc/passwd) never reaches dist/.
 */
import { open, realpath } from "node:fs/promises";
import { extname, isAbsolute, relative, resolve, sep } from "node:path";
import { contentProblem } from "./asset-content.ts";
import { isMapValue } from "./extends.ts";

export const ASSET_FIELDS = ["logo", "logoSmall", "favicon", "hero"] as const;
type AssetField = (typeof ASSET_FIELDS)[number];

const KIB = 1024;
/**
 * Bytes per field and kind. Logos sit in the app bar of the first screen, which participants
 * open on phones on slow networks; the shipped ones are under 1 KiB. 256 KiB of SVG or 512 KiB
 * of raster is room for a detailed logo, and refuses the accidental export. A favicon is
 * fetched on every first visit: 100 KiB holds a multi-size .ico. The hero is home's largest
 * element, preloaded on every first visit: the shipped ones are ~8 KiB of SVG; 128 KiB of SVG
 * or 400 KiB of raster keeps its first paint on a slow phone network within reach.
 */
export const ASSET_LIMITS: Record<AssetField, { svg: number; raster: number; what: string }> = {
  logo: { svg: 256 * KIB, raster: 512 * KIB, what: "a logo" },
  logoSmall: { svg: 256 * KIB, raster: 512 * KIB, what: "a logo" },
  favicon: { svg: 100 * KIB, raster: 100 * KIB, what: "a favicon" },
  hero: { svg: 128 * KIB, raster: 400 * KIB, what: "a hero image" },
};

export function assetLimit(field: AssetField, file: string): number {
  const limits = ASSET_LIMITS[field];
  return extname(file).toLowerCase() === ".svg" ? limits.svg : limits.raster;
}

export type AssetResult =
  | { path: string[]; ok: true; rel: string; bytes: Buffer }
  | { path: string[]; ok: false; kind: "escapes" | "missing" | "content"; message: string };

/** The checked bytes of every asset, by its path relative to the tenants directory. */
export type AssetBytes = ReadonlyMap<string, Uint8Array>;

/** Whether `p` is inside the folder `root` (not the folder itself). */
export function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/** At most `limit + 1` bytes of an open file: enough to tell it is too big, never more. */
async function readBounded(real: string, limit: number): Promise<Buffer | "not-a-file"> {
  const handle = await open(real, "r");
  try {
    // The size and the bytes come from the same open file, not from the path twice.
    if (!(await handle.stat()).isFile()) return "not-a-file";
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    // Stryker disable next-line EqualityOperator: on a full buffer, one more read returns 0 bytes and ends the loop.
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** One asset a tenant names: where in the YAML, the file, its byte limit and how to say it. */
interface AssetSpot {
  path: string[];
  value: string;
  limit: number;
  /** "a logo as an SVG", "a font file": what the limit is for. */
  what: string;
}

/**
 * Brand fonts (theme.fonts): each weight is a WOFF2 file preloaded on every first visit, so it
 * competes with the hero for a slow phone's first seconds: a latin + cyrillic subset is ~25 KiB,
 * 100 KiB refuses a whole unsubsetted family.
 */
export const FONT_LIMIT = 100 * KIB;
export const FONT_FIELDS = ["regular", "bold"] as const;
/** A font's licence text (theme.fonts.license): the SIL Open Font License is 4.4 KiB. */
export const LICENSE_LIMIT = 64 * KIB;

async function checkOne(
  tenantsDir: string,
  realDir: string,
  shownDir: string,
  spot: AssetSpot,
): Promise<AssetResult> {
  const { path, value, limit } = spot;
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
    const bytes = await readBounded(real, limit);
    if (bytes === "not-a-file") {
      return { path, ok: false, kind: "missing", message: `not a file: ${shownDir}/${value}` };
    }
    if (bytes.length > limit) {
      const message = `${shownDir}/${value} is larger than ${limit / KIB} KiB (${limit} bytes), the limit for ${spot.what}; make the file smaller`;
      // Stryker disable next-line StringLiteral: the loader tells only "missing" and "escapes" apart.
      return { path, ok: false, kind: "content", message };
    }
    const problem = contentProblem(value, bytes);
    if (problem) {
      // tenants/mysport/logo.svg:3:7: <s:script> is not allowed: …
      const message =
        typeof problem === "string"
          ? `${shownDir}/${value}: ${problem}`
          : `${shownDir}/${value}:${problem.line}:${problem.col}: ${problem.message}`;
      // Stryker disable next-line StringLiteral: the loader tells only "missing" and "escapes" apart.
      return { path, ok: false, kind: "content", message };
    }
    return { path, ok: true, rel: value, bytes };
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
  const theme = isMapValue(data) ? data.theme : undefined;
  if (!isMapValue(theme)) return [];
  let realDir = tenantsDir;
  try {
    realDir = await realpath(tenantsDir);
  } catch {
    // The tenants directory was readable a moment ago; keep the resolved path.
  }
  const spots: AssetSpot[] = [];
  for (const field of ASSET_FIELDS) {
    const value = theme[field];
    if (typeof value !== "string") continue;
    const kind = extname(value).toLowerCase() === ".svg" ? "an SVG" : "a raster image";
    const what = `${ASSET_LIMITS[field].what} as ${kind}`;
    spots.push({ path: ["theme", field], value, limit: assetLimit(field, value), what });
  }
  const fonts = isMapValue(theme.fonts) ? theme.fonts : {};
  for (const field of FONT_FIELDS) {
    const value = fonts[field];
    if (typeof value !== "string") continue;
    spots.push({ path: ["theme", "fonts", field], value, limit: FONT_LIMIT, what: "a font file" });
  }
  const license = fonts.license;
  if (typeof license === "string") {
    const what = "a font's licence text";
    spots.push({ path: ["theme", "fonts", "license"], value: license, limit: LICENSE_LIMIT, what });
  }
  return Promise.all(spots.map((spot) => checkOne(tenantsDir, realDir, shownDir, spot)));
}
