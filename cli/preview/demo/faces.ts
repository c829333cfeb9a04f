/**
 * The face-search stand-in. No face detection: the two rejected samples shipped in
 * test/fixtures/selfies/ are known by what they show (the shop re-encodes every selfie, so
 * their bytes never arrive as shipped): 192 × 192 px, three faces' skin at the heads of
 * several-people.jpg, grass under the hills of no-face.jpg. Every other JPEG counts as one
 * face, matched to the event's demo participant (its first, bib x01).
 */
import jpeg from "jpeg-js";
import type { Faces } from "./state.ts";

/** The samples' side; any other size is nobody's sample. */
const SAMPLE_SIDE = 192;

type Rgb = readonly [number, number, number];
const near = (a: Rgb, b: Rgb, by: number) =>
  a.every((v, i) => Math.abs(v - (b[i] as number)) <= by);
const SKIN: Rgb = [224, 172, 105];
const isGreen = ([r, g, b]: Rgb) => g > r + 25 && g > b + 25;

export function facesOf(data: Uint8Array): Faces {
  let image: { width: number; height: number; data: Uint8Array };
  try {
    // Bounded: a selfie is at most 8 MB and 2048 px a side; a larger claim is refused.
    image = jpeg.decode(data, { useTArray: true, maxResolutionInMP: 20, maxMemoryUsageInMB: 128 });
  } catch {
    return "one";
  }
  if (image.width !== SAMPLE_SIDE || image.height !== SAMPLE_SIDE) return "one";
  const at = (x: number, y: number): Rgb => {
    const i = (y * image.width + x) * 4;
    return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
  };
  if ([at(40, 95), at(96, 85), at(152, 98)].every((p) => near(p, SKIN, 30))) return "several";
  if ([at(96, 170), at(20, 180), at(170, 175)].every(isGreen)) return "none";
  return "one";
}

export function isJpeg(data: Uint8Array): boolean {
  return data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}
