/**
 * Draws a brand image (an app icon, the share card): the tenant's logo fitted into a box on an
 * opaque ground, as PNG, with resvg (the Rust SVG renderer, as WebAssembly: one file, no native
 * binary per platform). Runs in the rasterizer's worker (raster.ts), which bounds its time.
 *
 * Two passes: the logo alone at the box's size (so its text finds the fonts: resvg gives fonts to
 * the document it renders, not to an SVG inside an <image>), then the canvas with the ground, the
 * painted extras and the logo's pixels placed whole (no second resampling).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawJob {
  /** The logo's path as the tenant names it, for errors. */
  file: string;
  bytes: Uint8Array;
  /** The canvas in pixels. */
  width: number;
  height: number;
  /** The opaque colour under everything ("#rrggbb"). */
  ground: string;
  /** SVG shapes drawn on the ground, under the logo (a band of the brand colour). */
  extras?: string;
  /** Where the logo goes: fitted inside, its aspect kept, centred. */
  box: Box;
}

/** A raster logo's pixels are decoded before anything is drawn: at most this many a side. */
export const MAX_RASTER_SIDE = 4096;

type ResvgModule = typeof import("@resvg/resvg-wasm");
let ready: Promise<{ resvg: ResvgModule; fonts: Uint8Array[] }> | undefined;

/**
 * The WebAssembly renderer and the fonts of the logos' text, loaded once per thread: DejaVu
 * Sans Condensed for sans-serif (a logo's "Arial, Helvetica, sans-serif": its advance is close
 * to Arial's, the plain DejaVu Sans is ~12 % wider and overflows a logo sized for Arial).
 */
function renderer() {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const resvg = await import("@resvg/resvg-wasm");
    await resvg.initWasm(await readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
    const fontDir = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
    const fonts = await Promise.all(
      ["DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"].map((f) =>
        readFile(join(fontDir, f)),
      ),
    );
    return { resvg, fonts };
  })();
  return ready;
}

const startsWith = (b: Uint8Array, prefix: number[]) => prefix.every((v, i) => b[i] === v);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's width and height from its IHDR chunk (the first, right after the signature). */
export function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 24 || !startsWith(b, PNG_SIGNATURE)) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (String.fromCharCode(...b.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The logo as an SVG document: an SVG as it is, a PNG wrapped at its own pixel size. */
function logoSvg(job: DrawJob): Uint8Array | string {
  const { bytes, file } = job;
  const size = pngSize(bytes);
  if (!size) {
    if (/\.svg$/i.test(file)) return bytes;
    throw new Error(`${file}: only an SVG or PNG logo can be drawn into the app icons`);
  }
  const { width, height } = size;
  if (width < 1 || height < 1 || width > MAX_RASTER_SIDE || height > MAX_RASTER_SIDE) {
    throw new Error(
      `${file}: the logo is ${width}×${height} pixels; the app icons are drawn from a logo of at most ${MAX_RASTER_SIDE}×${MAX_RASTER_SIDE}`,
    );
  }
  const data = Buffer.from(bytes).toString("base64");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${data}"/></svg>`;
}

/** The brand image as PNG bytes. */
export async function drawBrandImage(job: DrawJob): Promise<Uint8Array> {
  const { resvg, fonts } = await renderer();
  const family = "DejaVu Sans Condensed";
  const font = { fontBuffers: fonts, defaultFontFamily: family, sansSerifFamily: family };
  const source = logoSvg(job);
  const fail = (why: string) => new Error(`${job.file}: the logo cannot be drawn: ${why}`);

  let natural: { width: number; height: number };
  try {
    const probe = new resvg.Resvg(source, { font });
    natural = { width: probe.width, height: probe.height };
    probe.free();
  } catch (e) {
    throw fail(e instanceof Error ? e.message : String(e));
  }
  if (!(natural.width > 0 && natural.height > 0)) throw fail("it has no size");
  const { box } = job;
  const scale = Math.min(box.width / natural.width, box.height / natural.height);
  const fitTo =
    natural.width * scale >= natural.height * scale
      ? { mode: "width" as const, value: Math.max(1, Math.round(natural.width * scale)) }
      : { mode: "height" as const, value: Math.max(1, Math.round(natural.height * scale)) };
  const logo = new resvg.Resvg(source, { font, fitTo }).render();
  const { width, height } = logo;
  // A logo that paints no pixel at all (a picture resvg cannot decode, everything clipped away)
  // would give every brand a blank icon: refused, not shipped.
  const pixels = logo.pixels;
  let painted = false;
  for (let i = 3; i < pixels.length && !painted; i += 4) painted = (pixels[i] ?? 0) > 0;
  if (!painted) throw fail("it paints no visible pixel");
  const png = Buffer.from(logo.asPng()).toString("base64");
  logo.free();

  const x = Math.round(box.x + (box.width - width) / 2);
  const y = Math.round(box.y + (box.height - height) / 2);
  const canvas =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${job.width}" height="${job.height}">` +
    `<rect width="${job.width}" height="${job.height}" fill="${job.ground}"/>${job.extras ?? ""}` +
    `<image x="${x}" y="${y}" width="${width}" height="${height}" href="data:image/png;base64,${png}"/></svg>`;
  const image = new resvg.Resvg(canvas, { font: { loadSystemFonts: false } }).render();
  const out = image.asPng();
  image.free();
  return out;
}
