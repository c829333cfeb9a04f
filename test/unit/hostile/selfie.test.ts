/**
 * Hostile selfie uploads: a file that is not a photo, or is over 8 MB, is
 * refused on the device before anything is sent (spec §5, §8), whatever its type and name say.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createApi } from "../../../storefront/src/api/index.ts";
import { SELFIE_MAX_BYTES } from "../../../storefront/src/domain/constants.ts";
import { selfieFormat, selfieRefusal } from "../../../storefront/src/domain/selfie.ts";
import { CatalogStore } from "../../../storefront/src/stores/CatalogStore.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { FaceSearchStore } from "../../../storefront/src/stores/FaceSearchStore.ts";
import { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { errorReply, recordingFetch } from "../fixtures/recording-fetch.ts";

const JPEG = readFileSync(join(import.meta.dirname, "../../fixtures/selfies/one-person.jpg"));
type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (...b: number[]): Bytes => new Uint8Array(b);
const ascii = (s: string): Bytes => Uint8Array.from(new TextEncoder().encode(s));

/** Heads of the formats a phone or a camera gives. */
const PHOTOS: [string, Bytes][] = [
  ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46)],
  ["png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)],
  ["gif", ascii("GIF89a\x01\x00\x01\x00")],
  ["webp", ascii("RIFF\x24\x00\x00\x00WEBPVP8 ")],
  ["bmp", ascii("BM\x36\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00")],
  ["heic", ascii("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00")],
  ["heic", ascii("\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00")],
  ["avif", ascii("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00")],
];

/** Not photos, some of them dressed as one. */
const NOT_PHOTOS: [string, Bytes, string][] = [
  ["text", ascii("hello, this is not a photo"), "text/plain"],
  ["html", ascii("<img src=x onerror=alert(1)><script>alert(1)</script>"), "image/jpeg"],
  ["svg", ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "image/svg+xml"],
  ["pdf", ascii("%PDF-1.4\n%âãÏÓ\n"), "application/pdf"],
  ["zip", bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0), "image/png"],
  ["mp4", ascii("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00"), "video/mp4"],
  ["exe", ascii("MZ\x90\x00\x03\x00\x00\x00"), ""],
  ["empty", new Uint8Array(0), "image/jpeg"],
  ["truncated jpeg", bytes(0xff, 0xd8), "image/jpeg"],
];

describe("which files are photos", () => {
  it("knows the photo formats by their first bytes", () => {
    for (const [format, head] of PHOTOS) expect(selfieFormat(head), format).toBe(format);
  });

  it("refuses everything else, whatever it claims to be", () => {
    for (const [name, head] of NOT_PHOTOS) {
      expect(selfieFormat(head), name).toBeNull();
      expect(selfieRefusal(head.length, head), name).toBe("not-image");
    }
  });

  it("refuses a file over 8 MB first, even a real photo", () => {
    const jpeg = PHOTOS[0]![1];
    expect(selfieRefusal(SELFIE_MAX_BYTES, jpeg)).toBeNull();
    expect(selfieRefusal(SELFIE_MAX_BYTES + 1, jpeg)).toBe("too-large");
    expect(selfieRefusal(SELFIE_MAX_BYTES + 1, ascii("text"))).toBe("too-large");
  });

  it("never takes random bytes that do not start like a photo", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (head) => {
        const format = selfieFormat(head);
        if (format === null) return;
        // Whatever was taken starts with one of the signatures.
        const ok =
          (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
          head[0] === 0x89 ||
          head[0] === 0x47 ||
          head[0] === 0x52 ||
          head[0] === 0x42 ||
          String.fromCharCode(...head.subarray(4, 8)) === "ftyp";
        expect(ok, `${format}: ${[...head].join(",")}`).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("FaceSearchStore", () => {
  /** The store on an API whose fetch records calls and answers a failed upload. */
  function face() {
    const { fetch, calls } = recordingFetch(() => errorReply(503, "Unavailable"));
    const api = createApi({ origin: "https://shop.example", getLanguage: () => "en", fetch });
    const events = new EventStore(api);
    const tokens = new SearchTokenStore(api);
    const myPhotos = new MyPhotosStore({ api, events, tokens, catalog: new CatalogStore(api) });
    const store = new FaceSearchStore({ api, myPhotos, sleep: async () => {} });
    const uploads = () => calls.filter((c) => c.method === "POST" && /\/selfies/.test(c.url));
    return { store, calls, uploads };
  }

  it("refuses a file that is not a photo before any upload", async () => {
    for (const [name, content, type] of NOT_PHOTOS) {
      const s = face();
      expect(await s.store.search("1001", "a1001", new Blob([content], { type }))).toBe(false);
      expect([name, s.store.error, s.store.phase]).toEqual([name, "not-image", "error"]);
      expect(s.calls, name).toEqual([]);
    }
  });

  it("refuses a file over 8 MB before any upload, photo or not", async () => {
    for (const head of [PHOTOS[0]![1], ascii("<script>alert(1)</script>")]) {
      const s = face();
      const huge = new Blob([head, new Uint8Array(SELFIE_MAX_BYTES)], { type: "image/jpeg" });
      expect(await s.store.search("1001", "a1001", huge)).toBe(false);
      expect(s.store.error).toBe("too-large");
      expect(s.calls).toEqual([]);
    }
  });

  it("sends a photo, also one with no type; a HEIC it cannot re-encode here is refused, saying why", async () => {
    for (const [blob, name] of [
      [new Blob([JPEG], { type: "image/jpeg" }), "jpeg"],
      [new Blob([JPEG], { type: "" }), "jpeg without a type"],
    ] as const) {
      const s = face();
      await s.store.search("1001", "a1001", blob);
      expect(s.uploads().length, name).toBe(1);
      expect(s.store.error, name).toBe("failed");
    }
    // No image decoder here (node): its metadata could not be removed, so it never leaves.
    const s = face();
    await s.store.search(
      "1001",
      "a1001",
      new Blob([PHOTOS[5]![1]], { type: "application/octet-stream" }),
    );
    expect(s.uploads()).toEqual([]);
    expect(s.store.error).toBe("format-unreadable");
  });
});
