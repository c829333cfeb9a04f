/**
 * What differs per tenant in the cart: the currency (dollars on the US variant, English only)
 * and the same cart core on a themed tenant.
 */
import { expect, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test("MySportUSA: a photo added from the viewer is priced in dollars, in English", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport-usa", "/search/1004/401"));
  await page.locator(".photo-grid").getByRole("button").first().click();
  const viewer = page.getByRole("dialog");
  await viewer.getByRole("button", { name: /^Add to cart/ }).click();
  await expect(viewer.getByText("In the cart")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.locator(".app-bar").getByRole("link", { name: /^Cart/ }).click();
  await expect(page.locator(".cart-item")).toHaveCount(1);
  await expect(page.locator("main")).toContainText(/\$\d/);
  await expect(page.locator("main")).not.toContainText("Р");
});

test("IronStar: the cart badge counts in the themed bar", async ({ page }) => {
  await page.goto(tenantUrl("ironstar", "/search/1002/201"));
  await page.locator(".photo-grid").getByRole("button").first().click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^В корзину/ })
    .click();
  await page.keyboard.press("Escape");
  await expect(page.locator(".app-bar--themed .cart-badge")).toHaveText("1");
  await page
    .locator(".app-bar")
    .getByRole("link", { name: /^Корзина/ })
    .click();
  await expect(page.locator("main")).toContainText(/\d\sР/);
});
