// @vitest-environment jsdom
/**
 * The selfie sent to face search (spec §3 capture state: a file of type JPEG), and nothing
 * more: every photo, whatever its size, name or claimed type, is decoded, drawn at most 2048 px
 * long and re-encoded as JPEG at quality 0.9, and what goes out carries no APP1–APP15 or
 * comment segment (no EXIF GPS of a phone). The browser's image decoding and canvases are
 * fakes at the boundary; their "encoded" output is a real JPEG that even carries an Exif block,
 * so the stripping of the bytes is seen too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jpegMarkers } from "../../../storefront/src/domain/jpeg-metadata.ts";
import { prepareSelfie, SelfieUnusableError } from "../../../storefront/src/stores/selfie-image.ts";
import {
  COMMENT_TEXT,
  containsText,
  PHONE_MAKE,
  phoneSelfie,
  SELFIES_DIR,
  XMP_TEXT,
} from "../../fixtures/selfies/phone-jpeg.ts";

/** Everything the fakes were asked, in order. */
let log: string[];

/** What the fake canvases encode: a real JPEG with a phone's metadata (a browser that kept it). */
const ENCODED = new Uint8Array(phoneSelfie());
const ONE_PERSON = new Uint8Array(readFileSync(join(SELFIES_DIR, "one-person.jpg")));
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

function photo(type: string, bytes: readonly number[] | Uint8Array = [1, 2, 3]) {
  return new Blob([new Uint8Array(bytes)], { type });
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** Nothing of the phone's metadata is left: no APP1–APP15, no comment, none of their text. */
function expectNoMetadata(bytes: Uint8Array) {
  expect(jpegMarkers(bytes).filter((m) => (m >= 0xe1 && m <= 0xef) || m === 0xfe)).toEqual([]);
  for (const text of ["Exif", PHONE_MAKE, XMP_TEXT, COMMENT_TEXT, "8BIM"])
    expect(containsText(bytes, text), text).toBe(false);
}

/** createImageBitmap of a photo `width` × `height`; its bitmap records being closed. */
function decodesAs(width: number, height: number) {
  vi.stubGlobal("createImageBitmap", async (file: Blob) => {
    log.push(`decode ${file.type}`);
    return { width, height, close: () => void log.push("close") };
  });
}

const drawing = (tag: string) => ({
  drawImage: (_b: unknown, x: number, y: number, w: number, h: number) =>
    void log.push(`${tag} draw ${x},${y} ${w}x${h}`),
});

class FakeOffscreenCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    log.push(`offscreen ${width}x${height}`);
  }
  getContext(kind: string) {
    return kind === "2d" ? drawing("offscreen") : null;
  }
  async convertToBlob(options: { type: string; quality: number }) {
    log.push(`encode ${options.type} ${options.quality}`);
    return new Blob([ENCODED], { type: options.type });
  }
}

/** document.createElement("canvas") as a fake canvas whose toBlob gives `result`. */
function elementCanvas(result: Blob | null, hasContext = true) {
  const create = document.createElement.bind(document);
  vi.spyOn(document, "createElement").mockImplementation((tag: string) => {
    if (tag !== "canvas") return create(tag);
    const canvas = {
      width: 0,
      height: 0,
      getContext: (kind: string) =>
        hasContext && kind === "2d" ? drawing(`canvas ${canvas.width}x${canvas.height}`) : null,
      toBlob: (done: (b: Blob | null) => void, type: string, quality: number) => {
        log.push(`toBlob ${type} ${quality}`);
        done(result);
      },
    };
    return canvas as unknown as HTMLElement;
  });
}

beforeEach(() => {
  log = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("prepareSelfie", () => {
  it("a phone JPEG of sensible size is re-encoded too, and leaves without its EXIF GPS", async () => {
    decodesAs(1536, 2048);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    const file = photo("image/jpeg", phoneSelfie());
    const out = await prepareSelfie(file);
    expect(out).not.toBe(file);
    expect(out.type).toBe("image/jpeg");
    expect(log).toEqual([
      "decode image/jpeg",
      "offscreen 1536x2048",
      "offscreen draw 0,0 1536x2048",
      "encode image/jpeg 0.9",
      "close",
    ]);
    expectNoMetadata(await bytesOf(out));
  });

  it("a PNG named .jpg (claimed image/jpeg) is decoded and sent as a real JPEG", async () => {
    decodesAs(640, 480);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    const out = await bytesOf(await prepareSelfie(photo("image/jpeg", PNG_HEAD)));
    expect([out[0], out[1], out[2]]).toEqual([0xff, 0xd8, 0xff]);
  });

  it("a HEIC photo this browser cannot decode is refused saying its format cannot be read", async () => {
    vi.stubGlobal("createImageBitmap", async () => {
      throw new DOMException("The source image could not be decoded.", "InvalidStateError");
    });
    const heic = [0, 0, 0, 24, ...[..."ftypheic"].map((c) => c.charCodeAt(0)), 0, 0, 0, 0];
    const error = await prepareSelfie(photo("", heic)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SelfieUnusableError);
    const { reason, format } = error as SelfieUnusableError;
    expect([reason, format]).toEqual(["format-unreadable", "heic"]);
    // A "JPEG" the browser cannot decode is damaged, whatever its name says.
    const broken = await prepareSelfie(photo("image/jpeg", [0xff, 0xd8, 0xff, 0xe0, 0, 4])).catch(
      (e: unknown) => e,
    );
    expect((broken as SelfieUnusableError).reason).toBe("damaged");
  });

  it("without any decoder a JPEG goes with its metadata cut out; anything else is refused", async () => {
    vi.stubGlobal("createImageBitmap", undefined);
    vi.stubGlobal("Image", undefined);
    const out = await bytesOf(await prepareSelfie(photo("image/jpeg", phoneSelfie())));
    expectNoMetadata(out);
    expect(out).toEqual(ONE_PERSON);
    await expect(prepareSelfie(photo("image/jpeg", PNG_HEAD))).rejects.toBeInstanceOf(
      SelfieUnusableError,
    );
  });

  it.each([
    ["a huge camera JPEG is drawn 2048 px long", "image/jpeg", 4000, 3000, "2048x1536"],
    ["a small PNG keeps its size", "image/png", 640, 480, "640x480"],
  ])("%s and re-encoded as JPEG at quality 0.9", async (_, type, width, height, size) => {
    decodesAs(width, height);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    const out = await prepareSelfie(photo(type));
    expect(out.type).toBe("image/jpeg");
    expectNoMetadata(await bytesOf(out));
    expect(log).toEqual([
      `decode ${type}`,
      `offscreen ${size}`,
      `offscreen draw 0,0 ${size}`,
      "encode image/jpeg 0.9",
      "close",
    ]);
  });

  it("without OffscreenCanvas, a page canvas does the same", async () => {
    decodesAs(1536, 4096);
    vi.stubGlobal("OffscreenCanvas", undefined);
    elementCanvas(new Blob([ENCODED], { type: "image/jpeg" }));
    const out = await prepareSelfie(photo("image/webp"));
    expect(out.type).toBe("image/jpeg");
    expect(log).toEqual([
      "decode image/webp",
      "canvas 768x2048 draw 0,0 768x2048",
      "toBlob image/jpeg 0.9",
      "close",
    ]);
  });

  it("a canvas without a 2D context still answers (no drawing) rather than throwing", async () => {
    decodesAs(640, 480);
    vi.stubGlobal(
      "OffscreenCanvas",
      class extends FakeOffscreenCanvas {
        override getContext() {
          return null;
        }
      },
    );
    expect((await prepareSelfie(photo("image/png"))).type).toBe("image/jpeg");
    vi.stubGlobal("OffscreenCanvas", undefined);
    elementCanvas(new Blob([ENCODED], { type: "image/jpeg" }), false);
    expect((await prepareSelfie(photo("image/png"))).type).toBe("image/jpeg");
    expect(log.filter((l) => l.includes("draw"))).toEqual([]);
  });

  it("an encoding the browser refuses fails, and the bitmap is still released", async () => {
    decodesAs(640, 480);
    vi.stubGlobal("OffscreenCanvas", undefined);
    elementCanvas(null);
    await expect(prepareSelfie(photo("image/png"))).rejects.toThrow("JPEG encoding failed");
    expect(log.at(-1)).toBe("close");
  });
});

describe("prepareSelfie where the browser has no createImageBitmap (an <img> decodes)", () => {
  /** URL.createObjectURL/revokeObjectURL and Image as an older browser has them. */
  function imgDecoder(o: { width: number; height: number; fails?: boolean }) {
    vi.stubGlobal("createImageBitmap", undefined);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    Object.defineProperty(URL, "createObjectURL", {
      configurable: true,
      value: (blob: Blob) => {
        log.push(`url of ${blob.type}`);
        return "blob:selfie-1";
      },
    });
    Object.defineProperty(URL, "revokeObjectURL", {
      configurable: true,
      value: (url: string) => void log.push(`revoke ${url}`),
    });
    vi.stubGlobal(
      "Image",
      class {
        src = "";
        naturalWidth = o.width;
        naturalHeight = o.height;
        async decode() {
          log.push(`img decode ${this.src}`);
          if (o.fails) throw new DOMException("cannot decode", "EncodingError");
        }
      },
    );
  }

  it("decodes the photo's address, draws it at its natural size, then frees the address", async () => {
    imgDecoder({ width: 4000, height: 3000 });
    const out = await prepareSelfie(photo("image/png", PNG_HEAD));
    expect(out.type).toBe("image/jpeg");
    expectNoMetadata(await bytesOf(out));
    expect(log).toEqual([
      "url of image/png",
      "img decode blob:selfie-1",
      "offscreen 2048x1536",
      "offscreen draw 0,0 2048x1536",
      "encode image/jpeg 0.9",
      "revoke blob:selfie-1",
    ]);
  });

  it("a photo it cannot decode frees the address and is refused as damaged (a PNG) or unreadable (HEIC)", async () => {
    imgDecoder({ width: 0, height: 0, fails: true });
    const png = await prepareSelfie(photo("image/png", PNG_HEAD)).catch((e: unknown) => e);
    expect(png).toBeInstanceOf(SelfieUnusableError);
    expect([(png as SelfieUnusableError).reason, (png as SelfieUnusableError).format]).toEqual([
      "damaged",
      "png",
    ]);
    expect(log).toEqual(["url of image/png", "img decode blob:selfie-1", "revoke blob:selfie-1"]);
    const heic = [0, 0, 0, 24, ...[..."ftypheic"].map((c) => c.charCodeAt(0)), 0, 0, 0, 0];
    const error = await prepareSelfie(photo("image/heic", heic)).catch((e: unknown) => e);
    expect((error as SelfieUnusableError).reason).toBe("format-unreadable");
  });
});

describe("prepareSelfie of pictures without pixels, and of what a canvas gives back", () => {
  it.each([
    [0, 480],
    [640, 0],
  ])("a picture %i × %i is not sent, and its bitmap is released", async (width, height) => {
    decodesAs(width, height);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    await expect(prepareSelfie(photo("image/png"))).rejects.toThrow("an image without pixels");
    expect(log).toEqual(["decode image/png", "close"]);
  });

  it("a picture of a single pixel is still one", async () => {
    decodesAs(1, 1);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    expect((await prepareSelfie(photo("image/png"))).type).toBe("image/jpeg");
    expect(log).toContain("offscreen 1x1");
  });

  it("a canvas that gives back no JPEG makes the photo damaged, named by its own format", async () => {
    decodesAs(640, 480);
    vi.stubGlobal(
      "OffscreenCanvas",
      class extends FakeOffscreenCanvas {
        override async convertToBlob() {
          return new Blob([new Uint8Array(PNG_HEAD)], { type: "image/png" });
        }
      },
    );
    const error = await prepareSelfie(photo("image/png", PNG_HEAD)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SelfieUnusableError);
    expect((error as SelfieUnusableError).message).toBe("selfie unusable: damaged (png)");
    expect([(error as SelfieUnusableError).reason, (error as SelfieUnusableError).format]).toEqual([
      "damaged",
      "png",
    ]);
  });

  it("a failure that is no bad JPEG is passed on as it is", async () => {
    decodesAs(640, 480);
    const broken = new Error("the canvas lost its memory");
    vi.stubGlobal(
      "OffscreenCanvas",
      class extends FakeOffscreenCanvas {
        override async convertToBlob() {
          return {
            arrayBuffer: async () => {
              throw broken;
            },
          } as unknown as Blob;
        }
      },
    );
    await expect(prepareSelfie(photo("image/png"))).rejects.toBe(broken);
  });

  it("createImageBitmap alone is a decoder (no Image needed)", async () => {
    decodesAs(640, 480);
    vi.stubGlobal("Image", undefined);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    expect((await prepareSelfie(photo("image/png", PNG_HEAD))).type).toBe("image/jpeg");
    expect(log[0]).toBe("decode image/png");
  });

  it("an AVIF photo this browser cannot decode is refused saying its format cannot be read", async () => {
    vi.stubGlobal("createImageBitmap", async () => {
      throw new DOMException("The source image could not be decoded.", "InvalidStateError");
    });
    const avif = [0, 0, 0, 24, ...[..."ftypavif"].map((c) => c.charCodeAt(0)), 0, 0, 0, 0];
    const error = await prepareSelfie(photo("image/avif", avif)).catch((e: unknown) => e);
    expect([(error as SelfieUnusableError).reason, (error as SelfieUnusableError).format]).toEqual([
      "format-unreadable",
      "avif",
    ]);
  });

  it("an unknown format nothing can decode says so in its message", async () => {
    vi.stubGlobal("createImageBitmap", undefined);
    vi.stubGlobal("Image", undefined);
    const error = await prepareSelfie(photo("", [1, 2, 3, 4])).catch((e: unknown) => e);
    expect((error as SelfieUnusableError).message).toBe(
      "selfie unusable: format-unreadable (unknown format)",
    );
    expect((error as SelfieUnusableError).format).toBeNull();
  });
});
