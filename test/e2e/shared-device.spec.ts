/**
 * A shared phone (spec §6 sign-out, §3 the device's cart and pending orders): two people on
 * one browser profile, against the preview's own identity provider. After the first signs out,
 * the second sees nothing of them (no cart, no "awaiting payment" banner), their order never
 * reaches the first's history, and sign-out itself never starts a sign-in.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ locale: "en-US", viewport: { width: 390, height: 844 } });

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));

/** One all-photos package of a Kazan Night Run participant into the cart. */
async function buyPackage(page: Page, bib: string, badge: string) {
  await open(page, `/search/1003/${bib}`);
  await page
    .getByRole("region", { name: "Packages" })
    .getByRole("button", { name: /^Buy all photos/ })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText(badge);
}

async function signInAtProvider(page: Page) {
  await page.getByLabel("E-mail").fill("runner@demo.example");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Cart → checkout with `email` (kept when null) → the demo bank's page; back without paying. */
async function checkOut(page: Page, email: string | null): Promise<void> {
  await open(page, "/cart");
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  if (email !== null) await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel(/offer agreement/).check();
  await page.getByRole("button", { name: "Pay for the order", exact: true }).click();
  await page.waitForURL(/\/demo\/pay\//);
}

/** What this tenant keeps on the device: its storage keys and cookies. */
async function deviceData(page: Page) {
  const keys = await page.evaluate(() => [
    ...Object.keys(window.localStorage),
    ...Object.keys(window.sessionStorage),
  ]);
  const cookies = (await page.context().cookies()).map((c) => c.name);
  return { keys, cookies };
}

test("after sign-out the next person on the phone sees nothing of the first", async ({ page }) => {
  test.setTimeout(120_000);
  // The first person: signed in, an unpaid order and a cart.
  await buyPackage(page, "302", "1");
  await open(page, "/cart");
  await page.getByRole("button", { name: "Sign in" }).click();
  await signInAtProvider(page);
  await expect(page).toHaveURL(tenantUrl("mysport", "/cart"));
  await checkOut(page, null);
  await buyPackage(page, "303", "1");
  await open(page, "/cart");
  await expect(page.getByText("You have an order awaiting payment.")).toBeVisible();

  const cartCookie = async () =>
    (await page.context().cookies()).find((c) => c.name === "cartId-mysport")?.value ?? null;
  const firstCart = await cartCookie();
  expect(firstCart).not.toBeNull();

  // Sign-out: the provider's /session/end, and never its sign-in page.
  const provider: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.includes("/auth/realms/")) provider.push(url.pathname);
  });
  await page.getByRole("link", { name: "My account" }).first().click();
  await expect(page.getByText("runner@demo.example")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(tenantUrl("mysport", "/"), { timeout: 15_000 });
  await expect(
    page.getByText("You have signed out. Your cart and orders are no longer kept on this device."),
  ).toBeVisible();
  expect(provider.some((p) => /\/session\/end/.test(p))).toBe(true);
  expect(provider.filter((p) => /\/auth$/.test(p))).toEqual([]);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible({ timeout: 10_000 });
  const after = await deviceData(page);
  expect(after.keys.filter((k) => k.startsWith("oidc."))).toEqual([]);
  expect(after.keys.filter((k) => /pendingOrders|recentSearches/.test(k))).toEqual([]);
  // Home may already have opened a new cart (after an idle moment): never the first one.
  const kept = await page.evaluate(() => window.localStorage.getItem("storefront.cart@mysport"));
  expect(kept ?? "").not.toContain(firstCart ?? "-");
  expect(await cartCookie()).not.toBe(firstCart);

  // The second person, on the same phone: an empty cart of their own, no banner.
  await open(page, "/cart");
  await expect(page.locator(".cart-badge")).toHaveCount(0);
  await expect(page.getByText("You have an order awaiting payment.")).toHaveCount(0);
  await buyPackage(page, "304", "1");
  // A fresh anonymous cart of their own, not the first person's.
  expect(await cartCookie()).not.toBe(firstCart);
  await checkOut(page, "stranger@example.com");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  const strangersOrder = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  expect(strangersOrder).not.toBe("");

  // The first person signs in again: the stranger's order is not in their history.
  await open(page, "/my-account");
  await signInAtProvider(page);
  await expect(page.locator(".order-row").first()).toBeVisible();
  const links = await page
    .locator(".order-row a")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((href) => href.includes(strangersOrder))).toEqual([]);
});
