/**
 * The paid order offline, in Chromium with its real service worker and Cache API (a race's
 * finish area is where the network fails): a paid order opened once opens again with the network
 * off, showing its photos; the device keeps that order and nothing else (no other call's reply,
 * nothing of another order); sign-out on a shared phone takes the kept order and the worker away.
 * The rules of what is kept are unit tests (test/unit/order/offline-orders.test.ts); a publish
 * under a page the worker controls is in test/e2e/offline-publish.spec.ts.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({
  locale: "en-US",
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  // The worker is what this spec is about (the suite blocks it elsewhere: playwright.config.ts).
  serviceWorkers: "allow",
});

/** The demo's paid order of 30 photos (Kazan Night Run, № 90004). */
const ORDER = "order-seed-04";
const KEPT = "Kept on this device: this order opens without a network.";

/** What the device keeps: every cache of the origin with the addresses it holds (paths). */
function caches(page: Page) {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await globalThis.caches.keys()) {
      const keys = await (await globalThis.caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

/** The photos the page shows, each with whether its image arrived. */
function photos(page: Page) {
  return page
    .locator(".paid-item__photos img")
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((i) => i.complete && i.naturalWidth > 0),
    );
}

test("a paid order opened once opens again with the network off, showing its photos", async ({
  page,
  context,
}, testInfo) => {
  await page.goto(tenantUrl("mysport", `/order/${ORDER}`));
  await expect(page.getByRole("heading", { name: "Order № 90004" })).toBeVisible();
  await expect(page.getByText(KEPT)).toBeVisible({ timeout: 15_000 });

  // Kept: this order's page, its reply, its 30 thumbnails and the page's own files. No other
  // call's reply (the cart, the theme, the payments), nothing of another order.
  const kept = await caches(page);
  expect(Object.keys(kept)).toEqual([`storefront.order:${ORDER}@mysport`]);
  const paths = kept[`storefront.order:${ORDER}@mysport`] ?? [];
  expect(paths.filter((p) => p.startsWith("/public/"))).toEqual([
    `/public/order-service/api/v1/orders/${ORDER}`,
  ]);
  expect(paths).toContain(`/order/${ORDER}`);
  expect(paths.filter((p) => p.startsWith("/demo/img/thumb/"))).toHaveLength(30);
  expect(
    paths.every(
      (p) =>
        p === `/order/${ORDER}` ||
        p.startsWith("/public/order-service/") ||
        p.startsWith("/demo/img/thumb/") ||
        p.startsWith("/assets/"),
    ),
  ).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Order № 90004" })).toBeVisible();
  await expect(page.getByText("Status: paid")).toBeVisible();
  await expect.poll(async () => (await photos(page)).filter(Boolean).length).toBe(30);
  await testInfo.attach("paid order offline, 390×844", {
    body: await page.screenshot(),
    contentType: "image/png",
  });

  // Another order was never opened here: offline it is not there, the page says it cannot load.
  await page.goto(tenantUrl("mysport", "/order/order-seed-01")).catch(() => {});
  await expect(page.getByRole("heading", { name: /Order № 90001/ })).toHaveCount(0);
});

test("sign-out on a shared phone takes the kept orders and the worker away", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(tenantUrl("mysport", "/my-account"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("E-mail").fill("runner@demo.example");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("runner@demo.example")).toBeVisible({ timeout: 15_000 });

  await page.goto(tenantUrl("mysport", `/order/${ORDER}`));
  await expect(page.getByText(KEPT)).toBeVisible({ timeout: 15_000 });
  expect(Object.keys(await caches(page))).toEqual([`storefront.order:${ORDER}@mysport`]);

  await page.goto(tenantUrl("mysport", "/my-account"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(tenantUrl("mysport", "/"), { timeout: 15_000 });
  await expect(page.getByText("You have signed out.", { exact: false })).toBeVisible();
  expect(await caches(page)).toEqual({});
  const workers = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
  );
  expect(workers).toEqual([]);
});
