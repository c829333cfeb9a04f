/**
 * Notices that do not cover the work, on a phone: "Added to the cart" never
 * covers a heading, a step indicator or a button of the screen it shows on (results, the photo
 * grid after the viewer, the cart), leaves the cart button and its badge in sight, shows one
 * at a time (spec §2: at most 1 on mobile, 2 otherwise) and does not follow the runner to the
 * next screens.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({
  locale: "en-US",
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
});

const notices = (page: Page) =>
  page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
const cartLink = (page: Page) => page.locator(".app-bar").getByRole("link", { name: /^Cart/ });
const viewer = (page: Page) => page.getByRole("dialog", { name: "Photo viewer" });

/**
 * What the visible notice overlaps on the screen: headings, step indicators, buttons and links
 * of `main` that show in the viewport below the app bar, and the bar's cart button.
 */
async function coveredBy(page: Page): Promise<string[]> {
  await expect(notices(page)).toHaveCount(1);
  return page.evaluate(() => {
    const notice = document.querySelector(".notification")?.getBoundingClientRect();
    const bar = document.querySelector(".app-bar")?.getBoundingClientRect();
    if (!notice || !bar) return ["no notice or bar"];
    const targets = [
      ...document.querySelectorAll<HTMLElement>(
        "main h1, main h2, main h3, main .checkout-steps, main button, main a, main [role=tab]",
      ),
    ];
    const cart = document.querySelector<HTMLElement>(".app-bar__actions > :last-child");
    const found: string[] = [];
    const overlaps = (r: DOMRect, top = r.top) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < notice.right &&
      r.right > notice.left &&
      top < notice.bottom &&
      r.bottom > notice.top;
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      // Only the part that shows: in the viewport, below the sticky bar (which hides the rest).
      if (r.bottom <= bar.bottom || r.top >= window.innerHeight) continue;
      if (overlaps(r, Math.max(r.top, bar.bottom))) {
        found.push(`${el.tagName} "${el.textContent?.trim().slice(0, 30)}"`);
      }
    }
    if (cart && overlaps(cart.getBoundingClientRect())) found.push("the cart button");
    return found;
  });
}

test("results → package added: the notice covers nothing of the screen; gone on the cart and the checkout", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport", "/search/1003/303"));
  await page
    .getByRole("region", { name: "Packages" })
    .getByRole("button", { name: /^Buy all photos/ })
    .first()
    .click();
  await expect(notices(page)).toHaveText(["Added to the cart"]);
  expect(await coveredBy(page)).toEqual([]);
  // Scrolled, with the offers and the grid under it: still nothing covered.
  await page.evaluate(() => window.scrollTo(0, 250));
  expect(await coveredBy(page)).toEqual([]);

  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator(".cart-item")).toHaveCount(1);
  await expect(notices(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page.locator(".checkout-steps")).toBeVisible();
  await expect(notices(page)).toHaveCount(0);
});

test("viewer → added → back on the grid, then the cart's replace-by-package: nothing covered, one notice at a time", async ({
  page,
}) => {
  test.setTimeout(45_000);
  await page.goto(tenantUrl("mysport", "/search/1003/301"));
  await page.locator(".photo-grid").getByRole("button").first().click();
  for (let i = 0; i < 4; i++) {
    await viewer(page)
      .getByRole("button", { name: /^Add to cart/ })
      .click();
    await expect(viewer(page).getByText("In the cart")).toBeVisible();
    if (i < 3) await viewer(page).getByRole("button", { name: "Next photo" }).click();
  }
  // The last photo marked as mine: a second notice, still one shown on a phone.
  const mine = viewer(page)
    .getByRole("button", { name: /^It's me/ })
    .first();
  await mine.click();
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(notices(page)).toHaveCount(1);
  expect(await coveredBy(page)).toEqual([]);

  await cartLink(page).click();
  await expect(notices(page)).toHaveCount(0);
  const replace = page.locator(".cart-hint").getByRole("button");
  await replace.first().click();
  await expect(notices(page)).toHaveText(["Added to the cart"]);
  expect(await coveredBy(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await coveredBy(page)).toEqual([]);
});

test("desktop: two notices at most, under the bar at the right", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(tenantUrl("mysport", "/search/1003/303"));
  await page.locator(".photo-grid").getByRole("button").first().click();
  await viewer(page)
    .getByRole("button", { name: /^Add to cart/ })
    .click();
  await viewer(page).getByRole("button", { name: "Next photo" }).click();
  await viewer(page)
    .getByRole("button", { name: /^Add to cart/ })
    .click();
  await viewer(page).getByRole("button", { name: "Next photo" }).click();
  await viewer(page)
    .getByRole("button", { name: /^Add to cart/ })
    .click();
  await page.keyboard.press("Escape");
  await expect(notices(page)).toHaveCount(2);
  const box = await page.locator(".notifications").boundingBox();
  expect(box?.y).toBe(64 + 8);
});
