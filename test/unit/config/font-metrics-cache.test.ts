/**
 * Brand font metrics are read once per font: a build of many tenants measures the same few
 * fonts for each of them. The answers kept are bounded (64 fonts): past that the oldest goes.
 * A file of its own, so the cache starts empty.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { fontMetrics } from "../../../cli/config/fonts.ts";

/** Distinct files that are not fonts: cheap to read, each a cache entry of its own. */
const notFont = (n: number) => new TextEncoder().encode(`not a font ${n}`);

it("a font read twice, from equal bytes, is read once", async () => {
  const bytes = readFileSync(resolve("tenants/ironstar/manrope-400.woff2"));
  const first = fontMetrics(bytes);
  expect(fontMetrics(Uint8Array.from(bytes))).toBe(first);
  const m = await first;
  if (typeof m === "string") throw new Error(m);
  expect(m.unitsPerEm).toBe(2000);
});

it("keeps the answers for the last 64 fonts, and drops the oldest first", async () => {
  const oldest = fontMetrics(notFont(0));
  expect(await oldest).toMatch(/^not a readable font \(.+\)$/);
  // 63 fonts (64 with the Manrope above, when it ran first): none is dropped yet.
  for (let n = 1; n <= 62; n++) fontMetrics(notFont(n));
  expect(fontMetrics(notFont(0))).toBe(oldest);
  const second = fontMetrics(notFont(1));
  // At most one more: only Manrope, older than all of these, may go.
  fontMetrics(notFont(63));
  expect(fontMetrics(notFont(0))).toBe(oldest);
  expect(fontMetrics(notFont(1))).toBe(second);
  // And one more: the oldest left, notFont(0), goes.
  fontMetrics(notFont(64));
  const again = fontMetrics(notFont(0));
  expect(again).not.toBe(oldest);
  expect(await again).toBe(await oldest);
});
