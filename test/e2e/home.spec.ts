import { expect, test } from "./fixtures.ts";
import { watchQuiet } from "./quiet.ts";
import { TENANT_PORTS, type TenantId, tenantUrl } from "./tenants.ts";

test("home: search events by name, open one, keep the search on the device", async ({ page }) => {
  await page.goto(tenantUrl("mysport"));
  const events = page.getByRole("region", { name: "Последние события" });
  await expect(events.getByRole("listitem").first()).toBeVisible();
  await page.getByLabel("Название события").fill("Kazan");
  const found = page.getByRole("region", { name: "Найденные события" });
  await expect(found.getByRole("listitem")).toHaveCount(1);
  await expect(found.getByRole("link", { name: /Kazan Night Run/ })).toBeVisible();
  await page.reload();
  const recent = page.getByRole("region", { name: "Недавние запросы" });
  await expect(recent.getByRole("button", { name: "Kazan" })).toBeVisible();
  await recent.getByRole("button", { name: "Kazan" }).click();
  await page.getByRole("link", { name: /Kazan Night Run/ }).click();
  await expect(page).toHaveURL(/\/event\/\d+$/);
});

test("home: a search with no result says so", async ({ page }) => {
  await page.goto(tenantUrl("mysport"));
  await page.getByLabel("Название события").fill("Zzyzx nothing");
  await page.getByRole("button", { name: "Найти" }).click();
  await expect(
    page.getByText("Ничего не найдено. Проверьте название события или сократите запрос."),
  ).toBeVisible();
});

test("home: a failing backend shows a message and a retry, not a blank page", async ({ page }) => {
  let fail = true;
  await page.route("**/public/photo-service/api/v1/events**", (route) =>
    fail ? route.abort("connectionreset") : route.continue(),
  );
  await page.goto(tenantUrl("mysport"));
  await expect(
    page.getByRole("alert").filter({ hasText: "Не удалось загрузить события" }),
  ).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(
    page.getByRole("region", { name: "Последние события" }).getByRole("listitem").first(),
  ).toBeVisible();
});

// The smoke for every tenant: the shell talks to the demo backend through `storefront preview`.
for (const id of Object.keys(TENANT_PORTS) as TenantId[]) {
  test(`${id}: home lists events from the demo backend; banner as its YAML says`, async ({
    page,
  }) => {
    // Every call for banners the page makes until it is at rest (not a 3 s window: the banner is
    // asked for once home has painted and the page is idle, later on a busy machine).
    const banners: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/themes-service/")) banners.push(r.url());
    });
    const quiet = watchQuiet(page);
    await page.goto(tenantUrl(id));
    await expect(page.locator(".event-list > li").first()).toBeVisible();
    await quiet();
    const hidden = id === "mysport-usa" || id === "timerman"; // hideBannerOnHome: true in their YAML
    if (hidden) {
      expect(banners).toEqual([]);
      await expect(page.locator(".home-banner")).toHaveCount(0);
    } else {
      expect(banners).toHaveLength(1);
      expect(banners[0]).toContain("offset=0&count=50");
      await expect(page.locator(".home-banner")).toBeVisible();
    }
  });
}
