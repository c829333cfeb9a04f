/**
 * Every screen opens at its top, on a phone: moving to another screen inside
 * the app starts at the top like a page load, back/forward return to the position left, and a
 * focused heading is never under the sticky app bar (56 px on a phone, 64 px on a desktop,
 * spec §9).
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({
  locale: "en-US",
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const barBottom = async (page: Page) => (await page.locator(".app-bar").boundingBox())?.height ?? 0;

/**
 * Scrolls the page to `y` (its bottom when none is given) the way a visitor does, and returns
 * where it stopped once the page has seen the scroll event there: the shop records the screen's
 * position on that event (and saves it to session storage as the screen is left), so leaving
 * before it would leave the position of before. Our listener comes after the shop's (added as
 * the app started), so when it runs the shop has recorded this very position.
 */
async function scrollTo(page: Page, y?: number): Promise<number> {
  return page.evaluate(
    (y) =>
      new Promise<number>((done, fail) => {
        const root = document.documentElement;
        const arrived = () =>
          y === undefined
            ? window.scrollY >= root.scrollHeight - window.innerHeight - 1
            : Math.round(window.scrollY) === y;
        const seen = () => {
          if (!arrived()) return;
          window.removeEventListener("scroll", seen);
          clearTimeout(hang);
          done(Math.round(window.scrollY));
        };
        // Only turns a scroll that never comes into a clear message.
        const hang = setTimeout(() => {
          window.removeEventListener("scroll", seen);
          fail(
            new Error(`no scroll event at ${y ?? "the bottom"}: the page is at ${window.scrollY}`),
          );
        }, 10_000);
        window.addEventListener("scroll", seen, { passive: true });
        window.scrollTo(0, y ?? root.scrollHeight);
      }),
    y,
  );
}

/** The position the shop saved in session storage for `path` (the last entry of it). */
const savedY = (page: Page, path: string) =>
  page.evaluate((path) => {
    const rows: [string, { path: string; y: number }][] = JSON.parse(
      window.sessionStorage.getItem("storefront.scroll@mysport") ?? "[]",
    );
    return rows.filter(([, saved]) => saved.path === path).at(-1)?.[1].y ?? null;
  }, path);

async function cartWithItems(page: Page) {
  await page.goto(tenantUrl("mysport", "/search/1003/303"));
  await page
    .getByRole("region", { name: "Packages" })
    .getByRole("button", { name: /^Buy all photos/ })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await page.locator(".photo-grid").getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await viewer.getByRole("button", { name: /^Add to cart/ }).click();
  await expect(page.locator(".cart-badge")).toHaveText("2");
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await page.locator(".app-bar").getByRole("link", { name: /^Cart/ }).click();
  await expect(page.locator(".cart-item")).toHaveCount(2);
}

test("cart scrolled down → checkout opens at its top, heading below the bar; back and forward restore", async ({
  page,
}) => {
  test.setTimeout(45_000);
  await cartWithItems(page);
  const cartY = await scrollTo(page);
  expect(cartY).toBeGreaterThan(100);

  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/order$/);
  // The cart's position, saved as it was left.
  await expect.poll(() => savedY(page, "/cart")).toBe(cartY);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  expect(await scrollY(page)).toBe(0);
  const box = await heading.boundingBox();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(await barBottom(page));

  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator(".cart-item")).toHaveCount(2);
  await expect.poll(() => scrollY(page)).toBe(cartY);

  await page.goForward();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test("a photo grid scrolled far → contacts from the menu opens at its top; back returns to the photos", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport", "/event/1001/photos?tab=all"));
  await expect(page.getByText("Photos: 10000")).toBeVisible({ timeout: 20_000 });
  expect(await scrollTo(page, 6000)).toBe(6000);

  // A tap where the button shows: Playwright's click would first scroll the sticky bar's button
  // "into view" and move the page.
  const menu = await page.getByRole("button", { name: "Open menu" }).boundingBox();
  if (!menu) throw new Error("no menu button");
  await page.touchscreen.tap(menu.x + menu.width / 2, menu.y + menu.height / 2);
  await page.getByRole("dialog").getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect.poll(() => savedY(page, "/event/1001/photos?tab=all")).toBe(6000);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/event\/1001\/photos\?tab=all$/);
  await expect.poll(() => scrollY(page)).toBe(6000);
  await expect(page.locator(".photo-grid img").first()).toBeVisible();
});

test("a reload keeps the position; a new screen after it still opens at the top", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=all"));
  await expect(page.locator(".photo-grid img").first()).toBeVisible();
  expect(await scrollTo(page, 900)).toBe(900);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(900);
  expect(await savedY(page, "/event/1003/photos?tab=all")).toBe(900);
  await page.getByRole("link", { name: "About the event" }).click();
  await expect(page).toHaveURL(/\/event\/1003$/);
  expect(await scrollY(page)).toBe(0);
});

for (const [name, viewport, bar] of [
  ["phone", { width: 390, height: 844 }, 56],
  ["desktop", { width: 1280, height: 800 }, 64],
] as const) {
  test(`${name}: a heading scrolled into view stays clear of the ${bar} px bar`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=all"));
    await expect(page.locator(".photo-grid img").first()).toBeVisible();
    expect(await barBottom(page)).toBe(bar);
    const heading = page.getByRole("heading", { level: 1 });
    for (const how of ["scrollIntoView", "focus"] as const) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
      await heading.evaluate((h, how) => {
        if (how === "focus") (document.activeElement as HTMLElement | null)?.blur();
        if (how === "focus") h.focus();
        else h.scrollIntoView();
      }, how);
      const box = await heading.boundingBox();
      expect(box?.y ?? -1, how).toBeGreaterThanOrEqual(bar);
      expect(box?.y ?? 999, how).toBeLessThan(viewport.height - (box?.height ?? 0));
    }
  });
}
