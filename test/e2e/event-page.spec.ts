/**
 * An event page worth landing on (spec §2 event page, §3 Event, §9 breakpoints): a runner from
 * the organiser's e-mail sees the event's cover (its place reserved: nothing moves when it
 * arrives), name, day and place, the photo count (or the processing notice), what photos cost
 * before any search, the face search as the main action (in a phone's first viewport), a strip
 * of the first photos leading into the gallery, and the gift. A desktop uses the width.
 */
import { expect, test } from "./fixtures.ts";
import { layoutShift } from "./layout-shift.ts";
import { tenantUrl } from "./tenants.ts";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test.describe("phone", () => {
  test.use(PHONE);

  test("cover, facts, prices, the face search in the first viewport, photos, gift", async ({
    page,
  }) => {
    // The cover comes late, as on a slow phone: its place is held meanwhile.
    let releaseCover = () => {};
    const coverHeld = new Promise<void>((resolve) => {
      releaseCover = resolve;
    });
    await page.route("**/demo/img/cover/**", async (route) => {
      await coverHeld;
      await route.continue();
    });
    await page.goto(tenantUrl("mysport", "/event/1003"));
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Kazan Night Run 2025");
    // A page to land on from a search: indexable (the order pages sharing its shell are not).
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const cover = main.locator("img.event-page__cover");
    await expect(cover).toHaveAttribute("src", "/demo/img/cover/1003.svg");
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    await expect(cover).toHaveAttribute("loading", "eager");
    const before = await cover.boundingBox();
    // 1200 × 630 at the column's width, before a byte of the image has arrived.
    expect(before?.height).toBeCloseTo(((before?.width ?? 0) * 630) / 1200, 0);
    const search = main.getByRole("link", { name: "Найти свои фото по лицу" });
    const searchBox = await search.boundingBox();
    releaseCover();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    expect(await search.boundingBox()).toEqual(searchBox);

    await expect(main.locator(".event__meta")).toHaveText("9 августа 2025 г. · Kazan");
    await expect(main.getByText("Фото: 60")).toBeVisible();
    // Prices before any search: a single photo from…, the all-my-photos package.
    const prices = main.getByRole("list", { name: "Цены" });
    await expect(prices.getByRole("listitem")).toHaveText([
      /^Одно фото\s+от 290\sР$/,
      /^Все мои фото\s+990\sР$/,
    ]);
    // The main action is in the first viewport of a phone.
    await expect(search).toBeInViewport({ ratio: 1 });
    await expect(search).toHaveAttribute("href", "/event/1003/photos?tab=mine");

    // The strip: the event's first photos, one link into the gallery, loaded lazily.
    const strip = main.getByRole("link", { name: "Смотреть фотографии события" });
    await expect(strip.locator("img")).toHaveCount(8);
    for (const img of await strip.locator("img").all()) {
      await expect(img).toHaveAttribute("loading", "lazy");
      expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
    }
    await expect(main.getByRole("region", { name: "Подарочный промокод" })).toContainText(/990\sР/);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await strip.click();
    await expect(page).toHaveURL(/\/event\/1003\/photos\?tab=all$/);
  });

  test("an event still processing: the notice instead of a strip, no prices it has not", async ({
    page,
  }) => {
    await page.goto(tenantUrl("mysport", "/event/1005"));
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Spring Trail 2026");
    await expect(main.getByText("Некоторые фотографии ещё обрабатываются...")).toBeVisible();
    await expect(main.getByRole("link", { name: "Найти свои фото по лицу" })).toBeInViewport();
    await expect(main.locator(".event-strip")).toHaveCount(0);
  });
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the facts and the main action beside the cover, the strip under it", async ({ page }) => {
    await page.goto(tenantUrl("mysport", "/event/1003"));
    const main = page.locator("main");
    const cover = await main.locator(".event-page__cover").boundingBox();
    const info = await main.locator(".event-page__info").boundingBox();
    await expect(main.locator(".event-strip img")).toHaveCount(8);
    const strip = await main.locator(".event-strip").boundingBox();
    if (!cover || !info || !strip) throw new Error("the event page's parts should be shown");
    expect(info.x).toBeGreaterThanOrEqual(cover.x + cover.width);
    expect(info.y).toBeLessThan(cover.y + cover.height);
    expect(strip.y).toBeGreaterThanOrEqual(cover.y + cover.height);
    await expect(main.getByRole("link", { name: "Найти свои фото по лицу" })).toBeInViewport();
    await expect(main.getByRole("region", { name: "Подарочный промокод" })).toBeInViewport();
  });
});
