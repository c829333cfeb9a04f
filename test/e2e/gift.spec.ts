/**
 * Gift promo codes (spec §1 "package offers (all-photos package, promo codes,
 * gifts)", §9 badge rule), on a phone, in Russian, on the default tenant: the gift is offered on
 * the event page, in the search results and in the cart; it is added, removed and paid like any
 * product; the badge counts gifts once per event; the paid order shows the code with a copy
 * button; and the code, redeemed in another browser's cart, pays for the all-photos package.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ viewport: { width: 390, height: 844 } });

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));
const badge = (page: Page) => page.locator(".cart-badge");
const gift = (page: Page) => page.getByRole("region", { name: "Подарочный промокод" });
const toCart = (page: Page) =>
  page
    .locator(".app-bar")
    .getByRole("link", { name: /^Корзина/ })
    .click();

/** A fresh visitor puts a runner's all-photos package in the cart and opens the cart. */
async function buyAllMyPhotos(page: Page, path: string) {
  await open(page, path);
  await page
    .getByRole("region", { name: "Пакеты" })
    .getByRole("button", { name: /^Купить все фото/ })
    .first()
    .click();
  await expect(badge(page)).toHaveText("1");
  await toCart(page);
}

test("buy a gift, pay, copy the code, redeem it in another cart", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

  // Offered on the event page with its price and what it is.
  await open(page, "/event/1003");
  await expect(gift(page)).toContainText("Подарок другому участнику");
  await expect(gift(page)).toContainText(/990\sР/);
  await gift(page).getByRole("button", { name: "В корзину: Подарочный промокод" }).click();
  await expect(gift(page)).toContainText("В корзине");
  await expect(badge(page)).toHaveText("1");

  // A second event's gift counts once more (spec §9: promocode items grouped by event).
  await open(page, "/event/1001");
  await gift(page).getByRole("button", { name: "В корзину: Подарочный промокод" }).click();
  await expect(badge(page)).toHaveText("2");

  // In the cart: named in Russian, the code promised after payment; one is removed.
  await toCart(page);
  const lines = page.locator(".cart-item");
  await expect(lines).toHaveCount(2);
  await expect(page.locator(".cart-item__title")).toHaveText([
    "Подарочный промокод",
    "Подарочный промокод",
  ]);
  await expect(lines.first()).toContainText("Код появится на странице заказа после оплаты");
  await page.getByRole("button", { name: "Удалить: Подарочный промокод" }).last().click();
  await expect(lines).toHaveCount(1);
  await expect(badge(page)).toHaveText("1");
  // The cart no longer offers the gift it holds.
  await expect(page.locator(".cart-group .gift-offer")).toHaveCount(0);

  // Paid like any product, on the demo pay page.
  await page.getByRole("link", { name: "Перейти к оформлению" }).click();
  await page.getByLabel("Электронная почта").fill("friend@example.com");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.locator(".checkout__items")).toContainText("Подарочный промокод");
  await page.getByLabel(/договора оферты/).check();
  await page.getByRole("button", { name: "Оплатить заказ", exact: true }).click();
  await page.waitForURL(/\/demo\/pay\//);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.getByText("Статус: оплачен")).toBeVisible({ timeout: 20_000 });

  // The paid order shows the code, and copies it with an announcement.
  const item = page.locator(".paid-item", { hasText: "Подарочный промокод" });
  const code = (await item.locator(".gift-code__text").textContent())?.trim() ?? "";
  expect(code).toMatch(/^GIFT-(?:[A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}$/);
  await item.getByRole("button", { name: `Скопировать код ${code}` }).click();
  await expect(item.getByRole("status")).toHaveText("Скопировано");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // The codes and their copy buttons meet WCAG 2.1 A/AA like every screen (a11y.spec.ts).
  const axe = await new AxeBuilder({ page })
    .include(".paid-order")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => v.id)).toEqual([]);

  // Redeemed by someone else: a fresh browser, the runner's package of event 1003.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const runner = await other.newPage();
  const errors: string[] = [];
  runner.on("pageerror", (e) => errors.push(e.message));
  await buyAllMyPhotos(runner, "/search/1003/301");
  await expect(runner.locator(".cart-item__title")).toHaveText(["Все мои фото"]);
  await runner.getByRole("textbox", { name: "Промокод" }).fill(code);
  await runner.getByRole("button", { name: "Применить" }).click();
  const summary = runner.locator(".cart__summary");
  await expect(summary.locator(".cart__discount")).toContainText(/−990\sР/);
  await expect(summary.locator(".cart__total")).toContainText(/^Итого\s*0\sР$/);

  // Total 0: checkout says why no payment is needed, and there is no payment step.
  await runner.getByRole("link", { name: "Перейти к оформлению" }).click();
  await expect(runner.locator(".checkout-steps li")).toHaveText(["Заказ"]);
  await runner.getByLabel("Электронная почта").fill("friend@example.com");
  await expect(runner.locator(".checkout__free")).toHaveText(
    "Промокод покрывает весь заказ, поэтому оплата не нужна. Фото откроются сразу после подтверждения.",
  );
  await expect(runner.locator(".payment-method")).toHaveCount(0);
  await runner.getByLabel(/договора оферты/).check();
  await runner.getByRole("button", { name: "Получить мои фото" }).click();
  // Straight to the paid order with every download: no pay page, no error.
  await runner.waitForURL(/\/order\/[^/]+$/);
  expect(runner.url()).not.toMatch(/\/demo\/pay\//);
  await expect(runner.getByText("Статус: оплачен")).toBeVisible({ timeout: 20_000 });
  await expect(runner.getByRole("button", { name: /^Скачать все \(\d+\)$/ })).toBeVisible();
  await expect(runner.locator(".paid-item").first()).toBeVisible();
  // No error anywhere (the shell's empty alert region stays empty).
  await expect(runner.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  // The cart offers no order awaiting payment: this one is paid.
  await toCart(runner);
  await expect(runner.locator("main")).toBeVisible();
  await expect(runner.getByRole("complementary", { name: "Неоплаченный заказ" })).toHaveCount(0);
  expect(errors).toEqual([]);
  await other.close();

  // A third visitor: the code is used up, the cart says so.
  const third = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const late = await third.newPage();
  await buyAllMyPhotos(late, "/search/1003/302");
  await late.getByRole("textbox", { name: "Промокод" }).fill(code);
  await late.getByRole("button", { name: "Применить" }).click();
  await expect(late.locator(".promo__error")).toHaveText("Лимит использования промокода исчерпан");
  await expect(late.locator(".cart__summary .cart__discount")).toHaveCount(0);
  await third.close();
});

test("search results offer the gift beside the packages", async ({ page }) => {
  await open(page, "/search/1001/101");
  await expect(page.getByRole("region", { name: "Пакеты" })).toBeVisible();
  await expect(gift(page)).toContainText(/990\sР/);
  await expect(page.locator(".offers")).not.toContainText("All my photos");
  await gift(page).getByRole("button", { name: "В корзину: Подарочный промокод" }).click();
  await expect(badge(page)).toHaveText("1");
});
