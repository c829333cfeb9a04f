/**
 * Which files face search accepts (spec §5, §8), decided before anything is uploaded: a photo
 * of at most 8 MB, recognised by its first bytes. The file's type and name are not trusted:
 * a renamed text file says image/jpeg, and phones often give HEIC photos no type at all.
 */
import { SELFIE_MAX_BYTES } from "./constants.ts";

export type SelfieFormat = "jpeg" | "png" | "gif" | "webp" | "bmp" | "heic" | "avif";
export type SelfieRefusal = "too-large" | "not-image";

/** Why a photo cannot be used: this browser cannot read its format, or the file is damaged. */
export type SelfieUnusable = "format-unreadable" | "damaged";

/** A photo that truly cannot be used; the face search says why instead of "try again". */
export class SelfieUnusableError extends Error {
  readonly reason: SelfieUnusable;
  /** The format its bytes say it is (never its name or claimed type). */
  readonly format: SelfieFormat | null;
  constructor(reason: SelfieUnusable, format: SelfieFormat | null) {
    super(`selfie unusable: ${reason} (${format ?? "unknown format"})`);
    this.reason = reason;
    this.format = format;
  }
}

/** How many leading bytes selfieFormat needs. */
export const SELFIE_SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  // Stryker disable next-line ConditionalExpression: equivalent, a missing byte is undefined and never equals the prefix
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** HEIF brands (HEIC photos of phones) and AVIF, as in the ISO BMFF `ftyp` box. */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The image format of a file from its first bytes, or null when it is not a photo format. */
export function selfieFormat(head: Uint8Array): SelfieFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  if (ascii(head, 0, 2) === "BM" && head.length >= 14) return "bmp";
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (HEIF_BRANDS.has(brand)) return "heic";
    if (AVIF_BRANDS.has(brand)) return "avif";
  }
  return null;
}

/**
 * Why a file cannot be sent to face search, or null when it can: over the size limit first
 * (known without reading it), then anything that is not a photo.
 */
export function selfieRefusal(
  size: number,
  head: Uint8Array,
  maxBytes = SELFIE_MAX_BYTES,
): SelfieRefusal | null {
  if (size > maxBytes) return "too-large";
  if (selfieFormat(head) === null) return "not-image";
  return null;
}
