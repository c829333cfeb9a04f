/**
 * An asset is what its extension says: the build names the file and its MIME type by the
 * extension, so a ".png" that is really HTML, or an SVG with script, is refused here.
 */
import { extname } from "node:path";
import { brotliDecompressSync } from "node:zlib";
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
 * small file cannot unpack into gigabytes. The header's own figure is not trusted: the tables are
 * unpacked here with this bound on the output, and unpacking stops the moment it is passed.
 */
export const MAX_WOFF2_FONT_BYTES = 2 * 1024 * 1024;

const WOFF2_HEADER_BYTES = 48;
/** The index of glyf and loca in WOFF2's table of known tags: transform version 0 transforms them. */
const GLYF_OR_LOCA = new Set([10, 11]);

/** WOFF2's UIntBase128 at `at`: the value and where the next field starts, or null if malformed. */
function uintBase128(b: Uint8Array, at: number): [number, number] | null {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = b[at + i];
    if (byte === undefined || (i === 0 && byte === 0x80)) return null;
    if (value > 0x1ffffff) return null;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  return null;
}

/** Where the compressed tables start (after the table directory), or why it cannot be read. */
function compressedStart(b: Uint8Array, numTables: number): number | string {
  let at = WOFF2_HEADER_BYTES;
  for (let t = 0; t < numTables; t++) {
    const flags = b[at];
    if (flags === undefined) return "not a whole WOFF2 font (its table directory is cut short)";
    at += 1;
    const known = flags & 0x3f;
    if (known === 0x3f) at += 4;
    const orig = uintBase128(b, at);
    if (!orig) return "not a WOFF2 font (a table's size is malformed)";
    at = orig[1];
    const version = flags >> 6;
    const transformed = GLYF_OR_LOCA.has(known) ? version === 0 : version !== 0;
    if (transformed) {
      const length = uintBase128(b, at);
      if (!length) return "not a WOFF2 font (a table's size is malformed)";
      at = length[1];
    }
  }
  return at;
}

function woff2Problem(b: Uint8Array): string | null {
  if (!startsWith(b, ascii("wOF2"))) return "not a WOFF2 font (its first bytes say otherwise)";
  if (b.length < WOFF2_HEADER_BYTES) return "not a WOFF2 font (its header is cut short)";
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const length = view.getUint32(8);
  const numTables = view.getUint16(12);
  const totalSfntSize = view.getUint32(16);
  const totalCompressedSize = view.getUint32(20);
  if (length !== b.length) {
    return `not a whole WOFF2 font (its header says ${length} bytes, the file has ${b.length})`;
  }
  const tooBig = (size: string) =>
    `a WOFF2 font that unpacks to ${size} bytes; expected at most ${MAX_WOFF2_FONT_BYTES} (subset it to the tenant's languages)`;
  if (totalSfntSize > MAX_WOFF2_FONT_BYTES) return tooBig(String(totalSfntSize));
  if (startsWith(b, ascii("ttcf"), 4)) return "a font collection; a brand font is one WOFF2 font";
  const start = compressedStart(b, numTables);
  if (typeof start === "string") return start;
  if (start + totalCompressedSize > b.length) {
    return "not a whole WOFF2 font (its compressed tables are cut short)";
  }
  try {
    brotliDecompressSync(b.subarray(start, start + totalCompressedSize), {
      maxOutputLength: MAX_WOFF2_FONT_BYTES,
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || e instanceof RangeError)
      return tooBig(`more than ${MAX_WOFF2_FONT_BYTES}`);
    return "not a WOFF2 font (its tables do not unpack)";
  }
  return null;
}

/**
 * Why the bytes are not a safe file of the kind the name says (for an SVG, with the line and
 * column in it), or null.
 */
/** A licence text: UTF-8, and no control characters but tabs, line and page breaks. */
function textProblem(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "not UTF-8 text";
  }
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if ((code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r" && c !== "\f") || code === 0x7f)
      return `a control character (U+${code.toString(16).padStart(4, "0").toUpperCase()}) in a text file`;
  }
  return null;
}

export function contentProblem(file: string, bytes: Uint8Array): string | SvgFinding | null {
  const ext = extname(file).toLowerCase();
  if (ext === ".woff2") return woff2Problem(bytes);
  if (ext === ".svg") return svgProblem(bytes);
  if (ext === ".txt") return textProblem(bytes);
  const signature = SIGNATURES[ext];
  if (signature && !signature.check(bytes))
    return `not a ${signature.name} image (its first bytes say otherwise)`;
  return null;
}
