/**
 * Share a bought photo: on the paid order each photo has "Share". Where the browser can share
 * files (phones) the share sheet gets the image itself; elsewhere the link to the photo's
 * download is copied and the page says so. Nothing is shared before payment. The Web Share API
 * is stubbed both ways in Chromium (a headless browser has no share sheet of its own).
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));

/** A runner's all-photos package in the cart, checked out to the e-mail step. */
async function toCheckout(page: Page, bib: string) {
  await open(page, `/search/1003/${bib}`);
  await page.locator(".offers__item .button").first().click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await page.locator(".app-bar__actions > a:last-child").click();
}

/** The package paid by a promo code covering it all: the paid order with its photos. */
async function paidOrder(page: Page, bib: string) {
  await toCheckout(page, bib);
  await page.getByRole("textbox", { name: "Промокод" }).fill(`FREE-SHARE-${bib}-${Date.now()}`);
  await page.getByRole("button", { name: "Применить" }).click();
  await expect(page.locator(".cart__total")).toContainText(/\b0\sР/);
  await page.getByRole("link", { name: "Перейти к оформлению" }).click();
  await page.getByLabel("Электронная почта").fill("runner@example.com");
  await page.getByLabel(/договора оферты/).check();
  await page.getByRole("button", { name: "Получить мои фото" }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.getByText("Статус: оплачен")).toBeVisible({ timeout: 20_000 });
  return page.locator(".paid-photo").first();
}

/** navigator.share / canShare as a phone has them (files shareable) or as a desktop lacks them. */
function stubShare(page: Page, canShareFiles: boolean) {
  return page.addInitScript((can) => {
    const w = window as unknown as { shared: { name: string; type: string; size: number }[] };
    w.shared = [];
    Object.defineProperty(Navigator.prototype, "canShare", {
      configurable: true,
      value: (data?: { files?: File[] }) => can && (data?.files?.length ?? 0) > 0,
    });
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: { files?: File[] }) => {
        for (const f of data.files ?? [])
          w.shared.push({ name: f.name, type: f.type, size: f.size });
      },
    });
  }, canShareFiles);
}

test("a phone that can share files: the share sheet gets the photo itself", async ({ page }) => {
  test.setTimeout(60_000);
  await stubShare(page, true);
  const photo = await paidOrder(page, "305");
  const download = await photo.locator("a[download]").getAttribute("href");
  const photoId = download?.match(/([^/]+)\.svg$/)?.[1] ?? "";
  expect(photoId).not.toBe("");
  await photo.getByRole("button", { name: `Поделиться фото ${photoId}` }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
    .toEqual([{ name: `${photoId}.svg`, type: "image/svg+xml", size: expect.any(Number) }]);
  // Nothing was copied: the confirmation stays empty.
  await expect(photo.locator(".paid-photo__status")).toHaveText("");
});

test("no file sharing: the photo's download link is copied, and the page says so", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await stubShare(page, false);
  const photo = await paidOrder(page, "306");
  const download = (await photo.locator("a[download]").getAttribute("href")) ?? "";
  await photo.getByRole("button", { name: /^Поделиться фото / }).click();
  await expect(photo.getByRole("status")).toHaveText("Ссылка скопирована");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(download, page.url()).href,
  );
  expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual(
    [],
  );
});

test("nothing is shared before payment: a declined order offers no Share", async ({ page }) => {
  test.setTimeout(60_000);
  await stubShare(page, true);
  await toCheckout(page, "307");
  await page.getByRole("link", { name: "Перейти к оформлению" }).click();
  await page.getByLabel("Электронная почта").fill("runner@example.com");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await page.getByLabel(/договора оферты/).check();
  await page.getByRole("button", { name: "Оплатить заказ", exact: true }).click();
  await page.waitForURL(/\/demo\/pay\//);
  await page.locator('form[action$="/decline"] button').click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.locator("main h1")).toBeVisible();
  await expect(page.getByText("Что-то пошло не так...")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: /^Поделиться/ })).toHaveCount(0);
  await expect(page.locator("a[download]")).toHaveCount(0);
});
