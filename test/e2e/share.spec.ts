/**
 * Share and save bought photos on a phone. Where the browser can share files the photo itself is
 * the one action (the share sheet gets the image: "Save image" or another app), and "Save all to
 * Photos" hands the whole order over ten at a time; elsewhere each photo has a download link and
 * "Share", which copies the link to the photo's download and says so. Nothing is shared before payment. The Web Share API
 * is stubbed both ways in Chromium (a headless browser has no share sheet of its own).
 */
import { expect, type Page, test } from "./fixtures.ts";
import { sharedFiles, stubShare } from "./share-stub.ts";
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

test("a phone that can share files: the photo is its one action, and the share sheet gets it as a JPEG named by the order", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await stubShare(page, true);
  const photo = await paidOrder(page, "305");
  // One action per photo: no separate download link or Share button beside it.
  await expect(photo.getByRole("button")).toHaveCount(1);
  await expect(photo.getByRole("link")).toHaveCount(0);
  const number = (await page.locator("main h1").textContent())?.match(/№\s*(\S+)/)?.[1] ?? "";
  expect(number).not.toBe("");
  await photo.getByRole("button", { name: /^Сохранить фото / }).click();
  await expect
    .poll(() => sharedFiles(page))
    .toEqual([{ name: `MySport-${number}-01.jpg`, type: "image/jpeg", size: expect.any(Number) }]);
});

test("Save all to Photos: 30 bought photos reach the share sheet ten at a time in three taps, and after a reload only the rest are fetched", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await stubShare(page, true);
  const downloads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/demo/img/download/")) downloads.push(new URL(r.url()).pathname);
  });
  await open(page, "/order/order-seed-04");
  const save = page.locator(".save-all__action");
  await expect(save).toHaveText("Сохранить все в «Фото» (30)", { timeout: 20_000 });
  // In the first viewport of a 390×844 phone.
  const box = await save.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(844);
  const shared = async () => (await sharedFiles(page)).length;

  await save.click();
  await expect.poll(shared).toBe(10);
  await expect(page.locator(".save-all__progress")).toHaveText("Сохранено 10 из 30");
  await expect(save).toHaveText("Сохранить следующие 10");
  expect(downloads).toHaveLength(10);

  // Interrupted: the page is reloaded. The next tap goes on with photos 11–20.
  await page.reload();
  await expect(page.locator(".save-all__progress")).toHaveText("Сохранено 10 из 30", {
    timeout: 20_000,
  });
  await save.click();
  await expect.poll(shared).toBe(10);
  await save.click();
  await expect.poll(shared).toBe(20);
  await expect(save).toHaveText("Все фото сохранены (30)");
  await expect(save).toBeDisabled();
  const names = (await sharedFiles(page)).map((f) => `${f.name} ${f.type}`);
  expect(names[0]).toBe("MySport-90004-11.jpg image/jpeg");
  expect(names.at(-1)).toBe("MySport-90004-30.jpg image/jpeg");
  // Every photo fetched once: ten before the reload, the other twenty after it.
  expect(downloads).toHaveLength(30);
  expect(new Set(downloads).size).toBe(30);
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
  expect(await sharedFiles(page)).toEqual([]);
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
