/**
 * Every order completes: in every tenant, an order whose promo code covers it all (spec §5: a
 * promo code gives 100 % off the all-photos package) goes from checkout straight to its paid
 * order page with every download: no payment method, no pay page, no error. The walk uses the
 * screens' structure, not their words, so it reads the same in each tenant's language.
 */
import { expect, test } from "./fixtures.ts";
import { TENANT_PORTS, type TenantId, tenantUrl } from "./tenants.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const runnerOf = (tenant: TenantId) =>
  tenant === "mysport-usa" ? { event: "1004", bib: "403" } : { event: "1003", bib: "304" };

for (const tenant of Object.keys(TENANT_PORTS) as TenantId[]) {
  test(`${tenant}: a free order opens its paid page with every download`, async ({ page }) => {
    test.setTimeout(60_000);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const { event, bib } = runnerOf(tenant);
    await page.goto(tenantUrl(tenant, `/search/${event}/${bib}`));
    await page.locator(".offers__item .button").first().click();
    await expect(page.locator(".cart-badge")).toHaveText("1");
    await page.locator(".app-bar__actions > a:last-child").click();
    await page.locator(".promo__input").fill(`FREE-${tenant.toUpperCase()}-${Date.now()}`);
    await page.locator(".promo__form button[type=submit]").click();
    await expect(page.locator(".cart__total")).toContainText(/(^|\D)0(\D|$)/);

    await page.locator(".cart__checkout").click();
    await page.locator(".checkout__form input[type=email]").fill("runner@example.com");
    // Why no payment is needed, one step only, no payment method.
    await expect(page.locator(".checkout__free")).toBeVisible();
    await expect(page.locator(".checkout-steps li")).toHaveCount(1);
    await expect(page.locator(".payment-method")).toHaveCount(0);
    await page.locator(".checkout__agreement input").check();
    await page.locator(".checkout__pay").click();

    await page.waitForURL(/\/order\/[^/]+$/);
    await expect(page.locator(".paid-order")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(".order-actions")).toBeVisible();
    await expect(page.locator(".paid-item").first()).toBeVisible();
    await expect(page.locator(".field-error")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
