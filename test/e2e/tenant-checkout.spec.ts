/**
 * What differs per tenant at checkout: the US variant pays in dollars, in English, through the
 * same demo pay page, and gets its paid order; its card note and support hours are its own.
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
  // Tenant texts: no card note for US shoppers (no Russian banks, no 3-D Secure rule).
  await expect(page.locator(".checkout")).not.toContainText(/Russian|3-D Secure/);
  await expect(page.locator(".checkout__note")).toHaveCount(0);
  await page.getByLabel(/offer agreement/).check();
  await page.getByRole("button", { name: "Pay for the order", exact: true }).click();
  await page.waitForURL(/\/demo\/pay\//);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.getByText("Status: paid")).toBeVisible({ timeout: 20_000 });
  // The support note gives the tenant's own hours and time zone, never Moscow time.
  const support = page.locator(".order-downloads__support");
  await expect(support).toContainText("(Mon–Fri 08:00–18:00 Eastern Time (ET))");
  await expect(page.locator("main")).not.toContainText("Moscow");
});

test("MySportUSA contacts: support hours in the tenant's time zone", async ({ page }) => {
  await page.goto(tenantUrl("mysport-usa", "/contacts"));
  await expect(page.getByText("Mon–Fri 08:00–18:00 Eastern Time (ET)")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Moscow");
});
