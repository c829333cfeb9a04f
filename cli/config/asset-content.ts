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
 * Why the bytes are not a safe file of the kind the name says (for an SVG, with the line and
 * column in it), or null.
 */
export function contentProblem(file: string, bytes: Uint8Array): string | SvgFinding | null {
  const ext = extname(file).toLowerCase();
  if (ext === ".svg") return svgProblem(bytes);
  const signature = SIGNATURES[ext];
  if (signature && !signature.check(bytes))
    return `not a ${signature.name} image (its first bytes say otherwise)`;
  return null;
}
