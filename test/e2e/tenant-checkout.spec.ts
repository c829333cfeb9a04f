/**
 * What differs per tenant at checkout: the US variant pays in dollars, in English, through the
 * same demo pay page, and gets its paid order.
 */
import { expect, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test("MySportUSA: cart → checkout in dollars → demo pay page → paid order", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(tenantUrl("mysport-usa", "/search/1004/402"));
  await page
    .getByRole("region", { name: "Packages" })
    .getByRole("button", { name: /^Buy all photos/ })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await page.locator(".app-bar").getByRole("link", { name: /^Cart/ }).click();
  await expect(page.locator("main")).toContainText(/\$\d/);
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.getByLabel("E-mail").fill("runner@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator(".checkout")).toContainText(/\$\d/);
  await page.getByLabel(/offer agreement/).check();
  await page.getByRole("button", { name: "Pay for the order", exact: true }).click();
  await page.waitForURL(/\/demo\/pay\//);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.getByText("Status: paid")).toBeVisible({ timeout: 20_000 });
});
