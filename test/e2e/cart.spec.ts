/**
 * The cart, in Russian (the default locale): photos from the viewer and the
 * all-photos package, the badge, the replace-by-package hint and duplicate flags, every promo
 * code error in its words, a cart that survives a reload and a new tab, remove and clear all.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));
const grid = (page: Page) => page.locator(".photo-grid");
const cartButton = (page: Page) => page.locator(".app-bar").getByRole("link", { name: /^Корзина/ });
const items = (page: Page) => page.locator(".cart-item");

async function addPhotosFromViewer(page: Page, count: number) {
  await grid(page).getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: "Просмотр фото" });
  for (let i = 0; i < count; i++) {
    await viewer.getByRole("button", { name: /^В корзину/ }).click();
    await expect(viewer.getByText("В корзине")).toBeVisible();
    if (i < count - 1) await viewer.getByRole("button", { name: "Следующее фото" }).click();
  }
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
}

test("photos and a package: badge, hints, duplicates, reload, new tab, remove, clear all", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await open(page, "/search/1003/301");
  await expect(grid(page).locator("img").first()).toBeVisible();
  await addPhotosFromViewer(page, 4);
  await expect(page.getByRole("list", { name: "Уведомления" })).toContainText(
    "Добавлено в корзину",
  );
  await expect(cartButton(page)).toHaveAccessibleName("Корзина, 4 товара");
  await expect(page.locator(".cart-badge")).toHaveText("4");

  // Four single photos cost more than the package: the cart suggests it.
  await cartButton(page).click();
  await expect(items(page)).toHaveCount(4);
  await expect(page.locator(".cart-hint")).toContainText("Замените отдельные фото пакетом");
  await expect(page.locator(".cart__summary")).toContainText(/1\s160\sР/);

  // Buy the package from the results: the four photos are now flagged as duplicates.
  await page.goBack();
  const offers = page.getByRole("region", { name: "Пакеты" });
  await offers.getByRole("button", { name: /^Купить все фото/ }).click();
  await expect(offers).toContainText("В корзине");
  await expect(cartButton(page)).toHaveAccessibleName("Корзина, 5 товаров");
  await cartButton(page).click();
  await expect(items(page)).toHaveCount(5);
  await expect(page.locator(".cart-item__flag")).toHaveCount(4);
  await expect(page.locator(".cart-item__flag").first()).toHaveText("Уже входит в ваш пакет");
  await expect(page.locator(".cart-hint")).toContainText("4 фото уже входят в ваш пакет");

  // Nothing is lost by a reload or a second tab.
  await page.reload();
  await expect(items(page)).toHaveCount(5);
  const second = await context.newPage();
  await open(second, "/cart");
  await expect(items(second)).toHaveCount(5);
  await expect(
    cartButton(second).or(second.getByRole("button", { name: /^Корзина, 5/ })),
  ).toHaveCount(1);

  // Remove one: focus moves to the next item's remove button.
  // Four "Цифровое фото" lines, each named by its photo (never the backend's English title).
  const photoLines = page.locator(".cart-item__title", { hasText: "Цифровое фото, фото a1003-" });
  await expect(photoLines).toHaveCount(4);
  await expect(page.locator(".cart-item__title", { hasText: "Все мои фото" })).toHaveCount(1);
  await expect(page.locator("main")).not.toContainText("Digital photo");
  await page
    .getByRole("button", { name: /^Удалить: Цифровое фото, фото a1003-/ })
    .first()
    .click();
  await expect(items(page)).toHaveCount(4);
  await expect(page.locator("[data-cart-remove]").first()).toBeFocused();
  // The other tab follows.
  await expect(items(second)).toHaveCount(4);

  // Remove several by selection.
  const selectPhoto = page.getByLabel(/^Выбрать: Цифровое фото, фото a1003-/);
  await selectPhoto.nth(0).check();
  await selectPhoto.nth(1).check();
  await page.getByRole("button", { name: "Удалить выбранные (2)" }).click();
  await expect(items(page)).toHaveCount(2);

  // Clear all: an empty, fresh cart.
  await page.getByRole("button", { name: "Очистить корзину" }).click();
  await expect(page.getByText("Ваша корзина пуста.")).toBeVisible();
  await expect(page.locator(".cart-badge")).toHaveCount(0);
  await expect(second.getByText("Ваша корзина пуста.")).toBeVisible();
});

test("promo codes: every error in its words, then a valid code", async ({ page }) => {
  await open(page, "/search/1003/302");
  await page
    .getByRole("region", { name: "Пакеты" })
    .getByRole("button", { name: /^Купить все фото/ })
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await cartButton(page).click();
  await expect(items(page)).toHaveCount(1);

  const field = page.getByRole("textbox", { name: "Промокод" });
  const apply = async (code: string) => {
    await field.fill(code);
    await page.getByRole("button", { name: "Применить" }).click();
  };
  const error = page.locator("#promo-error");
  for (const [code, text] of [
    ["NO-SUCH-CODE", "Промокод не найден"],
    ["EXPIRED", "Срок действия промокода истёк"],
    ["INACTIVE", "Промокод неактивен"],
    ["USEDUP", "Лимит использования промокода исчерпан"],
    ["NOTVALID", "Промокод не действует для выбранных товаров"],
  ] as const) {
    await apply(code);
    await expect(error).toHaveText(text);
    await expect(field).toHaveValue(code); // what the visitor typed is kept
  }
  await apply(`FREE-${Date.now()}`);
  await expect(error).toHaveCount(0);
  await expect(field).toHaveValue("");
  await expect(page.locator(".cart__discount")).toContainText("990 Р");
  await expect(page.locator(".cart__total")).toContainText("0 Р");
  await apply("CONFLICT");
  await expect(error).toHaveText(
    "Этот промокод нельзя применить вместе с другим промокодом в корзине",
  );
});
