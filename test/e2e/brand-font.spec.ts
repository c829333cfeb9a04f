/**
 * A tenant's own font (theme.fonts): preloaded on the first screen, used for its text, allowed
 * by the CSP as it is (the fixtures fail any violation), and swapped in without moving anything.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

/** Sums layout shifts from the very first paint (CLS as the browser reports it). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The font families Chromium really drew a node's text with, and whether each was a web font. */
async function fontsDrawn(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

const shiftOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) =>
        // Two frames after the fonts are in: any shift they caused has been reported.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => done((window as unknown as { __shift: number }).__shift)),
        ),
      ),
  );

test.describe("a tenant's own font", () => {
  test("is preloaded and draws the first screen's text", async ({ page }) => {
    await watchLayoutShifts(page);
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".woff2")) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(tenantUrl("ironstar"));
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) =>
        links.map((l) => [
          l.getAttribute("href"),
          l.getAttribute("type"),
          l.hasAttribute("crossorigin"),
        ]),
      );
    expect(preloads).toEqual([
      [expect.stringMatching(/^\/assets\/manrope-400-[0-9a-f]{10}\.woff2$/), "font/woff2", true],
      [expect.stringMatching(/^\/assets\/manrope-700-[0-9a-f]{10}\.woff2$/), "font/woff2", true],
    ]);
    await page.evaluate(() => document.fonts.ready);
    const faces = await page.evaluate(() =>
      [...document.fonts]
        .filter((f) => f.family.replace(/"/g, "") === "Manrope")
        .map((f) => `${f.weight} ${f.display} ${f.status}`),
    );
    expect(faces).toEqual(["400 swap loaded", "700 swap loaded"]);
    // Each file is fetched once: the preload is the request the stylesheet uses.
    expect(fetched.sort()).toEqual(preloads.map(([href]) => href).sort());
    // Russian text (the tenant's default language) is drawn with the brand font itself.
    const heading = await fontsDrawn(page, "h1");
    expect(heading[0]).toMatchObject({ isCustomFont: true });
    expect(heading[0]?.familyName).toMatch(/^Manrope/);
    const body = await fontsDrawn(page, "main");
    expect(body.every((f) => f.isCustomFont)).toBe(true);
    // 0 when the preloaded font is in before the first paint (the usual case); on a busy machine
    // it may come after it, and the matched fallback keeps that swap far under "good" (0.1).
    expect(await shiftOf(page)).toBeLessThan(0.01);
  });

  test("arriving late, it swaps in for the matched fallback with no shift worth the name", async ({
    page,
  }) => {
    await watchLayoutShifts(page);
    // The fallback paints first; the font comes after the page has settled.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/*.woff2", async (route) => {
      await held;
      await route.continue();
    });
    // Not "load": that waits for the preloaded font, which is held back.
    await page.goto(tenantUrl("ironstar"), { waitUntil: "domcontentloaded" });
    await expect(page.locator("h1")).toBeVisible();
    expect(await page.evaluate(() => document.fonts.check('16px "Manrope"'))).toBe(false);
    release();
    await page.waitForFunction(
      () => document.fonts.check('700 16px "Manrope"') && document.fonts.check('16px "Manrope"'),
    );
    await page.evaluate(() => document.fonts.ready);
    // The fallback is matched by average width and by line metrics, so lines keep their height
    // and blocks their place; single words differ by a pixel or two (a shrink-wrapped button's
    // edge), which the browser scores in the ten-thousandths, far under "good" (0.1).
    expect(await shiftOf(page)).toBeLessThan(0.01);
  });

  test("a tenant without one loads no font file", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".woff2")) fetched.push(r.url());
    });
    await page.goto(tenantUrl("mysport"));
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    expect(fetched).toEqual([]);
  });
});
