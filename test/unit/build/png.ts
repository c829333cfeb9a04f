/**
 * A PNG read as an image viewer reads it, for tests of the brand images: the signature, every
 * chunk's CRC, IHDR's width and height, the IDAT stream inflated and its rows unfiltered (PNG
 * §9: None, Sub, Up, Average, Paeth). 8-bit RGB and RGBA without interlace: what resvg writes;
 * anything else is an error, not a guess.
 */
import { crc32, inflateSync } from "node:zlib";

export interface Png {
  width: number;
  height: number;
  /** [r, g, b, a] of the pixel at (x, y). */
  pixel(x: number, y: number): [number, number, number, number];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The width and height IHDR declares, after the signature and the chunk's CRC are checked. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const { width, height } = readChunks(bytes).header;
  return { width, height };
}

function readChunks(bytes: Uint8Array) {
  if (!SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error("not a PNG: wrong signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crc = view.getUint32(at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== crc)
      throw new Error(`bad CRC in ${type}`);
    chunks.push({ type, data });
    at += 12 + length;
    if (type === "IEND") break;
  }
  const ihdr = chunks[0];
  if (ihdr?.type !== "IHDR") throw new Error("the first chunk is not IHDR");
  const h = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, ihdr.data.byteLength);
  const header = {
    width: h.getUint32(0),
    height: h.getUint32(4),
    depth: h.getUint8(8),
    colour: h.getUint8(9),
    interlace: h.getUint8(12),
  };
  return { chunks, header };
}

export function readPng(bytes: Uint8Array): Png {
  const { chunks, header } = readChunks(bytes);
  const { width, height, depth, colour, interlace } = header;
  const channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
  if (depth !== 8 || channels === 0 || interlace !== 0) {
    throw new Error(
      `unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`,
    );
  }
  const raw = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)),
  );
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? (out[y * stride + i - channels] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + i] ?? 0) : 0;
      const c = y > 0 && i >= channels ? (out[(y - 1) * stride + i - channels] ?? 0) : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter ?? -1];
      if (predictor === undefined) throw new Error(`row ${y}: unknown filter ${filter}`);
      out[y * stride + i] = ((line[i] ?? 0) + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel(x, y) {
      const at = y * stride + x * channels;
      const [r, g, b] = [out[at] ?? 0, out[at + 1] ?? 0, out[at + 2] ?? 0];
      return [r, g, b, channels === 4 ? (out[at + 3] ?? 0) : 255];
    },
  };
}
