/**
 * Product names in the visitor's language (spec §3 product types): the shop
 * names each product type itself in the cart, the checkout, the paid order and the account,
 * never with the backend's English title on a ru or es page; two items of one kind are told
 * apart by their photo number (and thumbnail) in the checkout summary and the paid order.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

const ENGLISH_TITLES = /Digital photo|Photo in a frame|All my photos|Gift promo code/;

async function addTwoPhotos(page: Page) {
  await page.locator(".photo-grid").getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: "Просмотр фото" });
  await viewer.getByRole("button", { name: /^В корзину/ }).click();
  await expect(viewer.getByText("В корзине")).toBeVisible();
  await viewer.getByRole("button", { name: "Следующее фото" }).click();
  await viewer.getByRole("button", { name: /^В корзину/ }).click();
  await expect(viewer.getByText("В корзине")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator(".cart-badge")).toHaveText("2");
}

test.describe("on a phone, in Russian", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("two photos are told apart in the checkout summary and the paid order", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(tenantUrl("mysport", "/search/1003/301"));
    await addTwoPhotos(page);
    await page.goto(tenantUrl("mysport", "/order"));
    await page.getByLabel("Электронная почта").fill("runner@example.com");
    await page.getByRole("button", { name: "Продолжить" }).click();

    const summary = page.locator(".checkout__items");
    const names = await summary.locator(".checkout__item-name").allTextContents();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^Цифровое фото, фото a1003-\d+$/);
    expect(new Set(names).size).toBe(2);
    await expect(summary.locator("img.checkout__thumb")).toHaveCount(2);
    await expect(page.locator("main")).not.toContainText(ENGLISH_TITLES);

    await page.getByLabel(/договора оферты/).check();
    await page.getByRole("button", { name: "Оплатить заказ", exact: true }).click();
    await page.waitForURL(/\/demo\/pay\//);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    await expect(page.getByText("Статус: оплачен")).toBeVisible({ timeout: 20_000 });
    const paid = await page.locator(".paid-item__title").allTextContents();
    expect(paid.sort()).toEqual([...names].sort());
    await expect(page.locator("main")).not.toContainText(ENGLISH_TITLES);
  });

  test("the account's order details name products in Russian", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(tenantUrl("mysport", "/my-account"));
    await page.getByLabel("E-mail").fill("runner@demo.example");
    await page.getByLabel("Password").fill("demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(tenantUrl("mysport", "/my-account"));
    await page.locator(".order-row").first().getByRole("link").click();
    const titles = page.locator(".order-item__title");
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.allTextContents()) {
      expect(title).toMatch(/^(Цифровое фото|Фото в рамке|Все мои фото|Все мои фото в рамках)/);
    }
    await expect(page.locator("main")).not.toContainText(ENGLISH_TITLES);
  });
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("the cart names the package in Spanish", async ({ page }) => {
    await page.goto(tenantUrl("timerman", "/search/1003/304"));
    await page
      .getByRole("region", { name: "Paquetes" })
      .getByRole("button", { name: /^Comprar todas las fotos/ })
      .first()
      .click();
    await expect(page.locator(".cart-badge")).toHaveText("1");
    await page.goto(tenantUrl("timerman", "/cart"));
    await expect(page.locator(".cart-item__title")).toHaveText(["Todas mis fotos"]);
    await expect(page.locator("main")).not.toContainText(ENGLISH_TITLES);
    await expect(page.locator(".gift-offer")).toContainText("Código promocional de regalo");
  });
});
