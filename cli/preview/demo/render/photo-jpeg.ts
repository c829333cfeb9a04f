/**
 * A bought photo's download as the demo serves it: a JPEG, as a real photo service sends the
 * full photo (the gallery's pictures stay SVG). Each photo's pixels differ (its hue, number
 * and frame colour), so each download is a distinct file; half the picture's size keeps the
 * encoding to milliseconds.
 */
import jpeg from "jpeg-js";
import type { PhotoPicture } from "./photo-svg.ts";

/** An RGB colour of `hue` (degrees) at the given lightness (0–1), full saturation × 0.6. */
function rgb(hue: number, lightness: number): [number, number, number] {
  const s = 0.6;
  const c = (1 - Math.abs(2 * lightness - 1)) * s;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  // The six sectors of the colour wheel, 60° each.
  const sectors = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ] as const;
  const [r, g, b] = sectors[Math.min(5, Math.floor(h))] ?? sectors[0];
  const m = lightness - c / 2;
  return [r + m, g + m, b + m].map((v) => Math.round(v * 255)) as [number, number, number];
}

/** `#rrggbb` as RGB, or null. */
function hex(color: string | undefined): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(color ?? "");
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const made = new Map<string, Buffer>();

/** The photo as a JPEG, with a border of the frame's colour when it was bought in a frame. */
export function photoJpeg(p: PhotoPicture, frameColor?: string): Buffer {
  const key = `${p.eventName}/${p.n}/${frameColor ?? ""}`;
  const cached = made.get(key);
  if (cached) return cached;
  const width = Math.round(p.width / 2);
  const height = Math.round(p.height / 2);
  const border = hex(frameColor);
  const edge = border ? Math.round(Math.min(width, height) * 0.06) : 0;
  const data = Buffer.alloc(width * height * 4);
  // Diagonal bands whose count is the photo's number: no two photos of an event alike.
  const bands = 2 + (p.n % 9);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const framed = border && (x < edge || y < edge || x >= width - edge || y >= height - edge);
      const band = Math.floor(((x + y) / (width + height)) * bands) % 2;
      const [r, g, b] = framed ? border : rgb(p.hue + band * 25, 0.35 + (y / height) * 0.3);
      const at = (y * width + x) * 4;
      data[at] = r;
      data[at + 1] = g;
      data[at + 2] = b;
      data[at + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data, width, height }, 80).data;
  if (made.size >= 64) made.delete(made.keys().next().value as string);
  made.set(key, encoded);
  return encoded;
}
