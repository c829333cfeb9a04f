/**
 * A selfie leaves the device without metadata: a phone's JPEG carries where it was taken (EXIF
 * GPS, often the participant's home), the device and the time in its APP1–APP15 segments and
 * comments. The face search needs only the picture. These rules read a JPEG's segment list
 * (ITU T.81 B.1) and rebuild it without those segments; nothing else of the image changes.
 */

/** Markers whose segments hold metadata: APP1 (Exif, XMP) … APP15, and COM. */
const isMetadataMarker = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;

/** Start of scan: after its header the entropy-coded data runs to the end of the image. */
const SOS = 0xda;
const EOI = 0xd9;

export class NotAJpegError extends Error {}

/**
 * The JPEG without its APP1–APP15 and COM segments. Throws NotAJpegError for bytes that are not
 * a well-formed JPEG up to its first scan (a truncated or forged file is refused, never sent
 * half-cleaned).
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
    throw new NotAJpegError("no JPEG start of image");
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    // Markers may be preceded by any number of 0xFF fill bytes (past the end, bytes[at] is
    // undefined, which ends the loop).
    while (bytes[at] === 0xff && bytes[at + 1] === 0xff) at++;
    if (at + 1 >= bytes.length || bytes[at] !== 0xff)
      throw new NotAJpegError("a segment does not start with a marker");
    const marker = bytes[at + 1] as number;
    if (marker === EOI) {
      kept.push(bytes.subarray(at, at + 2));
      break;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, a missing length byte reads as 0 below, so the next test refuses the same bytes with the same reason
    if (at + 3 >= bytes.length) throw new NotAJpegError("a segment is cut short");
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new NotAJpegError("a segment is cut short");
    if (marker === SOS) {
      // The scans, the tables between them and the end of image: image data, kept as it is.
      kept.push(bytes.subarray(at));
      break;
    }
    if (!isMetadataMarker(marker)) kept.push(bytes.subarray(at, end));
    at = end;
  }
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The markers of a JPEG's segments before its first scan (what a test looks for). */
export function jpegMarkers(bytes: Uint8Array): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 1 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] as number;
    markers.push(marker);
    if (marker === SOS || marker === EOI) break;
    at += 2 + (((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
  }
  return markers;
}
