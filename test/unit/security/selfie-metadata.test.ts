/**
 * A selfie leaves the device without metadata: the JPEG segment rules cut a phone's APP1
 * (Exif with GPS, XMP) … APP15 and comments, keep the picture's own segments byte for byte,
 * and refuse what is not a well-formed JPEG rather than send it half-cleaned.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  jpegMarkers,
  NotAJpegError,
  stripJpegMetadata,
} from "../../../storefront/src/domain/jpeg-metadata.ts";
import {
  COMMENT_TEXT,
  containsText,
  PHONE_MAKE,
  phoneSelfie,
  SELFIES_DIR,
  XMP_TEXT,
} from "../../fixtures/selfies/phone-jpeg.ts";

const original = new Uint8Array(readFileSync(join(SELFIES_DIR, "one-person.jpg")));

describe("a selfie's metadata", () => {
  it("the phone-like fixture really carries Exif GPS, XMP, APP13 and a comment", () => {
    const phone = phoneSelfie();
    expect(jpegMarkers(phone).slice(0, 5)).toEqual([0xe1, 0xe1, 0xed, 0xfe, 0xe0]);
    for (const text of ["Exif", PHONE_MAKE, XMP_TEXT, COMMENT_TEXT])
      expect(containsText(phone, text)).toBe(true);
  });

  it("is cut out: APP1–APP15 and comments go, the picture stays byte for byte", () => {
    const clean = stripJpegMetadata(phoneSelfie());
    expect(clean).toEqual(original);
    expect(jpegMarkers(clean).some((m) => (m >= 0xe1 && m <= 0xef) || m === 0xfe)).toBe(false);
    for (const text of ["Exif", PHONE_MAKE, XMP_TEXT, COMMENT_TEXT])
      expect(containsText(clean, text)).toBe(false);
    // Already clean: unchanged.
    expect(stripJpegMetadata(original)).toEqual(original);
  });

  it("refuses what is not a whole JPEG up to its image data", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const bytes of [
      png,
      new Uint8Array([0xff, 0xd8]),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x45]), // a segment longer than the file
      new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0xff, 0xd9]), // no marker where one must be
      new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01, 0xff, 0xd9]), // a length under 2
    ])
      expect(() => stripJpegMetadata(bytes)).toThrow(NotAJpegError);
  });
});
