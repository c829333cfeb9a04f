// @vitest-environment jsdom
/**
 * The selfie sent to face search (spec §3 capture state: a file of type JPEG): a JPEG of
 * sensible size goes untouched; anything else, or a photo whose longest side is over 2048 px,
 * is drawn at most 2048 px long and re-encoded as JPEG at quality 0.9. The browser's image
 * decoding and canvases are fakes at the boundary.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prepareSelfie } from "../../../storefront/src/stores/selfie-image.ts";

/** Everything the fakes were asked, in order. */
let log: string[];

function photo(type: string) {
  return new Blob([new Uint8Array([1, 2, 3])], { type });
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
    return new Blob(["jpeg"], { type: options.type });
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
  it("a browser that cannot decode images sends the file as it is", async () => {
    vi.stubGlobal("createImageBitmap", undefined);
    const file = photo("image/heic");
    expect(await prepareSelfie(file)).toBe(file);
  });

  it("a JPEG up to 2048 px on its longest side goes untouched", async () => {
    decodesAs(2048, 1536);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    const file = photo("image/jpeg");
    expect(await prepareSelfie(file)).toBe(file);
    expect(log).toEqual(["decode image/jpeg", "close"]);
  });

  it.each([
    ["a huge camera JPEG is drawn 2048 px long", "image/jpeg", 4000, 3000, "2048x1536"],
    ["a small PNG keeps its size", "image/png", 640, 480, "640x480"],
  ])("%s and re-encoded as JPEG at quality 0.9", async (_, type, width, height, size) => {
    decodesAs(width, height);
    vi.stubGlobal("OffscreenCanvas", FakeOffscreenCanvas);
    const out = await prepareSelfie(photo(type));
    expect([out.type, await out.text()]).toEqual(["image/jpeg", "jpeg"]);
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
    elementCanvas(new Blob(["jpeg"], { type: "image/jpeg" }));
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
    elementCanvas(new Blob(["jpeg"], { type: "image/jpeg" }), false);
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
