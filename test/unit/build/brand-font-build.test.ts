/**
 * A tenant with its own font: the build ships the checked files under content-hashed names,
 * preloads them on every page, declares them with font-display: swap and a metric-matched
 * fallback, and asks the CSP for nothing new.
 */
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import { fallbackOverrides, fontMetrics } from "../../../cli/config/fonts.ts";

let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "storefront-font-"));
  const [result] = await buildTenants({ tenantsDir: "tenants", outDir, ids: ["ironstar"] });
  expect(result?.ok, result?.error).toBe(true);
}, 180_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").slice(0, 10);

describe("ironstar's brand font in its bundle", () => {
  it("ships each file once under its content hash, preloaded on every page", async () => {
    const bundle = join(outDir, "ironstar");
    const regular = await readFile("tenants/ironstar/manrope-400.woff2");
    const bold = await readFile("tenants/ironstar/manrope-700.woff2");
    const files = (await readdir(join(bundle, "assets"))).filter((f) => f.endsWith(".woff2"));
    expect(files.sort()).toEqual([
      `manrope-400-${sha(regular)}.woff2`,
      `manrope-700-${sha(bold)}.woff2`,
    ]);
    const pages = (await readdir(bundle, { recursive: true })).filter((f) => f.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(4);
    for (const page of pages) {
      const html = await readFile(join(bundle, page), "utf8");
      expect(html, page).toContain(
        `<link rel="preload" as="font" type="font/woff2" href="/assets/manrope-400-${sha(regular)}.woff2" crossorigin />`,
      );
    }
  });

  it("declares the font with swap and the fallback with the overrides of its own metrics", async () => {
    const html = await readFile(join(outDir, "ironstar", "index.html"), "utf8");
    expect(html).toMatch(
      /@font-face\{font-family:"Manrope";src:url\("\/assets\/manrope-400-[0-9a-f]{10}\.woff2"\) format\("woff2"\);font-weight:400;font-style:normal;font-display:swap\}/,
    );
    const m = await fontMetrics(await readFile("tenants/ironstar/manrope-400.woff2"));
    if (typeof m === "string") throw new Error(m);
    const o = fallbackOverrides(m);
    const strip = (p: string) => p.replace(/\.?0+%$/, "%");
    expect(html).toContain(
      `@font-face{font-family:"Manrope fallback";src:local("Arial"),local("Liberation Sans"),local("Arimo");font-weight:400;font-style:normal;size-adjust:${strip(o.sizeAdjust)};ascent-override:${strip(o.ascentOverride)};descent-override:${strip(o.descentOverride)};line-gap-override:${strip(o.lineGapOverride)}}`,
    );
    expect(html).toContain(
      `--font-family: "Manrope", "Manrope fallback", 'Helvetica Neue', Arial, sans-serif`,
    );
  });

  it("needs no new CSP source: the fonts are the bundle's own", async () => {
    const headers = await readFile(join(outDir, "ironstar", "_headers"), "utf8");
    expect(headers).toContain("default-src 'self'");
    expect(headers).not.toContain("font-src");
  });
});
