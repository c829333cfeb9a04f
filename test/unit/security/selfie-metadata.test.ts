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
});

/** A segment as T.81 B.1.1.4 lays it out: 0xFF, the marker, a 2-byte length that counts itself. */
const segment = (marker: number, payload: number[] = []) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const APP0_JFIF = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0]);
const DQT = segment(0xdb, [0, 1, 2, 3]);
const SOF0 = segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
const SOS = segment(0xda, [1, 1, 0, 0, 0x3f, 0]);
/** Entropy-coded data: a 0xFF in it is stuffed with 0x00 (here its first byte), a restart marker inside. */
const SCAN_DATA = [0xff, 0x00, 0x12, 0xff, 0xd0, 0x34];
const jpeg = (...parts: number[][]) => new Uint8Array(parts.flat());

describe("the segments a selfie keeps and loses (T.81 B.1)", () => {
  it("APP1 through APP15 and comments go, an empty comment too; the tables, the frame, APP0 and the JPG extensions F0–FD stay in order", () => {
    const withMetadata = jpeg(
      SOI,
      APP0_JFIF,
      segment(0xef, [1, 2]),
      DQT,
      segment(0xfe),
      segment(0xf0, [9]),
      segment(0xe1, [0x45, 0x78, 0x69, 0x66]),
      SOF0,
      SOS,
      SCAN_DATA,
      EOI,
    );
    expect(jpegMarkers(withMetadata)).toEqual([0xe0, 0xef, 0xdb, 0xfe, 0xf0, 0xe1, 0xc0, 0xda]);
    expect(stripJpegMetadata(withMetadata)).toEqual(
      jpeg(SOI, APP0_JFIF, DQT, segment(0xf0, [9]), SOF0, SOS, SCAN_DATA, EOI),
    );
  });

  it("0xFF fill bytes before a marker are skipped (B.1.1.2), with the metadata after them", () => {
    const filled = jpeg(
      SOI,
      [0xff, 0xff],
      DQT,
      [0xff],
      segment(0xe1, [1]),
      [0xff, 0xff],
      SOS,
      SCAN_DATA,
      EOI,
    );
    expect(stripJpegMetadata(filled)).toEqual(jpeg(SOI, DQT, SOS, SCAN_DATA, EOI));
  });

  it("a start and an end of image alone is a whole JPEG; what a phone appends after the end is dropped", () => {
    expect(stripJpegMetadata(jpeg(SOI, EOI))).toEqual(jpeg(SOI, EOI));
    expect(stripJpegMetadata(jpeg(SOI, segment(0xe1, [1]), EOI, [0x47, 0x50, 0x53]))).toEqual(
      jpeg(SOI, EOI),
    );
  });

  it("only the segments up to the first scan are read: a file cut right after its scan header is cleaned all the same", () => {
    expect(stripJpegMetadata(jpeg(SOI, segment(0xe1, [1]), DQT, SOS))).toEqual(jpeg(SOI, DQT, SOS));
  });

  it("refuses what is not a whole JPEG up to its image data, and names why", () => {
    const refusals: [string, number[], string][] = [
      ["a PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "no JPEG start of image"],
      ["a start of image alone", SOI, "no JPEG start of image"],
      ["no 0xFF first", [0x00, 0xd8, ...EOI], "no JPEG start of image"],
      ["another marker first", [...EOI, ...EOI], "no JPEG start of image"],
      [
        "no marker after the start",
        [...SOI, 0x00, 0x00, ...EOI],
        "a segment does not start with a marker",
      ],
      [
        "a stray byte before a marker",
        [...SOI, 0x00, ...EOI],
        "a segment does not start with a marker",
      ],
      ["a lone 0xFF at the end", [...SOI, ...DQT, 0xff], "a segment does not start with a marker"],
      [
        "no image data after the tables",
        [...SOI, ...DQT],
        "a segment does not start with a marker",
      ],
      ["a length cut off", [...SOI, 0xff, 0xdb, 0x00], "a segment is cut short"],
      [
        "a segment longer than the file",
        [...SOI, 0xff, 0xe1, 0x40, 0x00, 0x45],
        "a segment is cut short",
      ],
      ["a length under 2", [...SOI, 0xff, 0xe1, 0x00, 0x01, ...EOI], "a segment is cut short"],
    ];
    for (const [what, bytes, reason] of refusals) {
      expect(() => stripJpegMetadata(new Uint8Array(bytes)), what).toThrow(NotAJpegError);
      expect(() => stripJpegMetadata(new Uint8Array(bytes)), what).toThrow(reason);
    }
  });
});

describe("jpegMarkers (what the metadata tests look for)", () => {
  it("lists the markers up to the first scan or the end of image, none from the image data or after it", () => {
    expect(jpegMarkers(jpeg(SOI, DQT, SOS, SCAN_DATA, EOI))).toEqual([0xdb, 0xda]);
    expect(jpegMarkers(jpeg(SOI, EOI))).toEqual([0xd9]);
    // After the end of image: bytes that would read as a length leading to another segment.
    expect(jpegMarkers(jpeg(SOI, EOI, [0x00, 0x02], DQT))).toEqual([0xd9]);
  });

  it("stops at a byte that is no marker, and at a lone 0xFF at the end", () => {
    expect(jpegMarkers(jpeg(SOI, DQT, [0x00, 0x00, 0x00, 0x00]))).toEqual([0xdb]);
    expect(jpegMarkers(jpeg(SOI, DQT, [0xff]))).toEqual([0xdb]);
  });
});
