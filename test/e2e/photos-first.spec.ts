/**
 * Photos first on the gallery routes (a phone, where a runner looks): the photos of the first
 * viewport load at once, the first ones with high fetch priority, every later one lazily; each
 * photo's place is held by its tile, so nothing moves as they arrive; and the whole gallery's
 * photo list is asked for once, as early as the event.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { layoutShift } from "./layout-shift.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Each grid photo's loading, fetch priority and whether it starts within the first viewport. */
async function gridPhotos(page: Page) {
  await expect(page.locator(".photo-grid__cell img").first()).toBeVisible({ timeout: 20_000 });
  return page.locator(".photo-grid__cell img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      loading: img.getAttribute("loading"),
      priority: img.getAttribute("fetchpriority"),
      inFirstViewport: img.getBoundingClientRect().top + window.scrollY < window.innerHeight,
    })),
  );
}

function expectPhotosFirst(photos: Awaited<ReturnType<typeof gridPhotos>>) {
  const first = photos.filter((p) => p.inFirstViewport);
  const later = photos.filter((p) => !p.inFirstViewport);
  expect(first.length).toBeGreaterThan(0);
  expect(later.length).toBeGreaterThan(0);
  expect(first.every((p) => p.loading === "eager")).toBe(true);
  expect(later.every((p) => p.loading === "lazy" && p.priority === null)).toBe(true);
  // The first ones (the largest paint) with high priority, and only a few.
  expect(photos[0]?.priority).toBe("high");
  const high = photos.filter((p) => p.priority === "high").length;
  expect(high).toBeGreaterThan(0);
  expect(high).toBeLessThanOrEqual(4);
}

test("all photos: the first viewport eager, later photos lazy, the list asked for once", async ({
  page,
}) => {
  const lists: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/photo-service/api/v1/photos")) lists.push(url.search);
  });
  await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=all"));
  expectPhotosFirst(await gridPhotos(page));
  await page.waitForLoadState("networkidle");
  // 60 photos: one page, asked for once (the early call and the screen's load are one).
  expect(lists.filter((q) => /offset=0\b/.test(q))).toHaveLength(1);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});

test("a participant's photos from a link: the same", async ({ page }) => {
  await page.goto(tenantUrl("mysport", "/search/1003/301"));
  expectPhotosFirst(await gridPhotos(page));
  await page.waitForLoadState("networkidle");
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});

test("a participant's photos from a link: the name arrives before the photos, and nothing under it moves", async ({
  page,
}) => {
  // A slow photo service: the list is held until the participant's name is on the screen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/photo-service\/api\/v1\/photos\?/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto(tenantUrl("mysport", "/search/1003/301"));
  await expect(page.locator(".results__who")).toContainText("301");
  await expect(page.getByRole("status").filter({ hasText: "Ищем фото…" })).toBeVisible();
  release();
  expectPhotosFirst(await gridPhotos(page));
  await page.waitForLoadState("networkidle");
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});
