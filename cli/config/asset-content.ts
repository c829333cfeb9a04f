/**
 * An asset is what its extension says: the build names the file and its MIME type by the
 * extension, so a ".png" that is really HTML, or an SVG with script, is refused here.
 */
import { extname } from "node:path";
import { type SvgFinding, svgProblem } from "./svg-policy.ts";

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Record<string, { check: (b: Uint8Array) => boolean; name: string }> = {
  ".png": { check: (b) => startsWith(b, [0x89, ...ascii("PNG\r\n\x1a\n")]), name: "PNG" },
  ".webp": {
    check: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
    name: "WebP",
  },
  ".ico": { check: (b) => startsWith(b, [0, 0, 1, 0]), name: "ICO" },
};

/**
 * A WOFF2 font is decompressed (Brotli) before it is read: its header must say so honestly, and
 * the font it holds may be at most this big (a latin + cyrillic subset is ~100 KiB unpacked), so a
 * small file cannot unpack into gigabytes.
 */
export const MAX_WOFF2_FONT_BYTES = 2 * 1024 * 1024;

function woff2Problem(b: Uint8Array): string | null {
  if (!startsWith(b, ascii("wOF2"))) return "not a WOFF2 font (its first bytes say otherwise)";
  if (b.length < 48) return "not a WOFF2 font (its header is cut short)";
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const length = view.getUint32(8);
  const totalSfntSize = view.getUint32(16);
  if (length !== b.length) {
    return `not a whole WOFF2 font (its header says ${length} bytes, the file has ${b.length})`;
  }
  if (totalSfntSize > MAX_WOFF2_FONT_BYTES) {
    return `a WOFF2 font that unpacks to ${totalSfntSize} bytes; expected at most ${MAX_WOFF2_FONT_BYTES} (subset it to the tenant's languages)`;
  }
  return null;
}

/**
 * Why the bytes are not a safe file of the kind the name says (for an SVG, with the line and
 * column in it), or null.
 */
export function contentProblem(file: string, bytes: Uint8Array): string | SvgFinding | null {
  const ext = extname(file).toLowerCase();
  if (ext === ".woff2") return woff2Problem(bytes);
  if (ext === ".svg") return svgProblem(bytes);
  const signature = SIGNATURES[ext];
  if (signature && !signature.check(bytes))
    return `not a ${signature.name} image (its first bytes say otherwise)`;
  return null;
}
