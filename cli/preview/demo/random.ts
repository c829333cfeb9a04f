/** Deterministic randomness: the same seed gives the same data, ids and failures. */

/** mulberry32: a tiny, fast PRNG returning floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit hash of a string, to derive per-event seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** An integer in [min, max]. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** `count` distinct integers from 1..n, sorted. */
export function sample(random: () => number, n: number, count: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, n)) picked.add(randomInt(random, 1, n));
  return [...picked].sort((a, b) => a - b);
}

/** A hex string of `length` characters. */
export function randomHex(random: () => number, length: number): string {
  let out = "";
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}
