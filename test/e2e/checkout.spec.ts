/**
 * Checkout, payment and the paid order, in Russian, through the demo pay page: the offer
 * agreement and the public offer it opens, card and fast payment (5 % less), decline then
 * retry or change method, one payment per double click, a forged return address, every
 * download (photo, zip, CSV, Excel, receipt) and the pre-order page.
 */
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));
const payButton = (page: Page) => page.getByRole("button", { name: "Оплатить заказ", exact: true });

/** A fresh cart with one all-photos package (990 Р) of a Kazan Night Run participant. */
async function fillCart(page: Page, bib = "303") {
  await open(page, `/search/1003/${bib}`);
  await page
    .getByRole("region", { name: "Пакеты" })
    .getByRole("button", { name: "Купить все фото" })
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
}

/** Cart → checkout: step Order (e-mail), then step Payment. */
async function toPayment(page: Page) {
  await page
    .locator(".app-bar")
    .getByRole("link", { name: /^Корзина/ })
    .click();
  await page.getByRole("link", { name: "Перейти к оформлению" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Оформление заказа");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText(
    "Введите адрес электронной почты",
  );
  const email = page.getByLabel("Электронная почта");
  await email.fill("runner@@example");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText(
    "Введите корректный e-mail",
  );
  await email.fill("runner@example.com");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.getByRole("radio", { name: /Банковская карта/ })).toBeChecked();
}

async function payOnBank(page: Page, action: "Pay" | "Decline") {
  await page.getByLabel(/договора оферты/).check();
  await payButton(page).click();
  await page.waitForURL(/\/demo\/pay\//);
  await page.getByRole("button", { name: action === "Pay" ? /^Pay/ : "Decline" }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
}

const paidStatus = (page: Page) => page.getByText("Статус: оплачен");

test("pay by card → the paid order; a forged ?status=success changes nothing", async ({ page }) => {
  await fillCart(page, "301");
  await toPayment(page);
  await expect(page.getByText(/3-D Secure/)).toContainText("ограничений нет");
  // One visitor's checkout and order: kept out of search indexes.
  const robots = page.locator('head meta[name="robots"]');
  await expect(robots.first()).toHaveAttribute("content", "noindex");
  // The offer agreement is required.
  await payButton(page).click();
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText(
    "Чтобы оплатить, примите условия договора оферты",
  );
  // Its link opens the public offer in the visitor's language, in a new tab.
  const offer = page.getByRole("link", { name: "договора оферты" });
  await expect(offer).toHaveAttribute("href", "/offer.ru.pdf");
  await expect(offer).toHaveAttribute("target", "_blank");
  await expect(offer).toHaveAttribute("rel", "noopener");
  const opened = page.context().waitForEvent("response", (r) => r.url().endsWith("/offer.ru.pdf"));
  await offer.click();
  const res = await opened;
  expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  // The new tab's PDF viewer keeps the bytes to itself: read the same file to see its language.
  const pdf = await page.request.get(res.url());
  const doc = await PDFDocument.load(await pdf.body(), { updateMetadata: false });
  expect(doc.getTitle()).toBe("Публичная оферта MySport");
  // Declined first: then a forged success return must still show the decline.
  await payOnBank(page, "Decline");
  const orderUrl = page.url();
  await expect(page.getByText("Что-то пошло не так...")).toBeVisible();
  await page.goto(`${orderUrl}?status=success&paid=1`);
  await expect(page.getByText("Что-то пошло не так...")).toBeVisible();
  await expect(paidStatus(page)).toHaveCount(0);

  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await page.waitForURL(/\/demo\/pay\//);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(paidStatus(page)).toBeVisible();
  await expect(page.locator(".paid-order__method")).toContainText("Банковская карта");
  await expect(page.locator(".paid-order__totals")).toContainText(/990\sР/);
  await expect(robots.first()).toHaveAttribute("content", "noindex");
  await expect(robots).toHaveCount(1);
});

test("fast payment shows 5 % less and the order is paid 5 % less", async ({ page }) => {
  await fillCart(page, "302");
  await toPayment(page);
  const fast = page.getByRole("radio", { name: /Система быстрых платежей/ });
  await expect(page.locator(".payment-method").nth(1)).toContainText("−5 %");
  await fast.check();
  await expect(page.locator(".checkout__total .price-old")).toHaveText(/990\sР/);
  await expect(page.locator(".checkout__total .price-new")).toHaveText(/940,50\sР/);
  await payOnBank(page, "Pay");
  await expect(paidStatus(page)).toBeVisible();
  await expect(page.locator(".paid-order__discount")).toContainText(/49,50\sР/);
  await expect(page.locator(".paid-order__method")).toContainText("Система быстрых платежей");
});

test("decline, then change the payment method", async ({ page }) => {
  await fillCart(page, "304");
  await toPayment(page);
  await payOnBank(page, "Decline");
  await expect(page.getByText("Попробуйте ещё раз или измените способ оплаты")).toBeVisible();
  await page.getByRole("button", { name: "Изменить способ оплаты" }).click();
  await expect(page.getByRole("radio", { name: /Банковская карта/ })).toBeVisible();
  await page.getByRole("radio", { name: /Система быстрых платежей/ }).check();
  await payOnBank(page, "Pay");
  await expect(paidStatus(page)).toBeVisible();
  await expect(page.locator(".paid-order__method")).toContainText("Система быстрых платежей");
});

test("a double click on Pay creates one payment", async ({ page }) => {
  await fillCart(page, "305");
  await toPayment(page);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/invoices\/[^/]+\/payments$/.test(r.url())) posts.push(r.url());
  });
  await page.getByLabel(/договора оферты/).check();
  await payButton(page).dblclick();
  await page.waitForURL(/\/demo\/pay\//);
  expect(posts).toHaveLength(1);
});

test("downloads: one photo, all as a zip, CSV, Excel, the receipt", async ({ page }) => {
  test.setTimeout(60_000);
  await fillCart(page, "306");
  await toPayment(page);
  await payOnBank(page, "Pay");
  await expect(paidStatus(page)).toBeVisible();
  const links = page.getByRole("link", { name: /^Скачать фото / });
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  const photoIds = await links.evaluateAll((as) =>
    as.map((a) => (a.textContent ?? "").replace("Скачать фото ", "").trim()),
  );

  const save = async (click: () => Promise<void>) => {
    const [download] = await Promise.all([page.waitForEvent("download"), click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(path)) };
  };

  const one = await save(() => links.first().click());
  // A readable name (the shop, the order's number, the photo's place), never the photo's id.
  const number = (await page.locator("main h1").textContent())?.match(/№\s*(\S+)/)?.[1];
  expect(one.name).toBe(`MySport-${number}-01.jpg`);
  expect([...one.bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // a JPEG

  const zip = await save(async () => {
    await page.getByRole("button", { name: `Скачать все (${count})` }).click();
    await expect(page.getByText("Архивируем…")).toBeVisible();
  });
  expect(zip.name).toMatch(/\.zip$/);
  const entries = Object.keys(unzipSync(zip.bytes)).sort();
  expect(entries).toEqual(photoIds.map((id) => `${id}.jpg`).sort());

  const csv = await save(() => page.getByRole("button", { name: "Список фото (CSV)" }).click());
  const lines = strFromU8(csv.bytes)
    .replace(/^\ufeff/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Фото,Товар,Ссылка");
  expect(lines).toHaveLength(count + 1);
  expect(lines[1]).toContain(`/demo/img/download/${photoIds[0]}.jpg`);

  const xlsx = await save(() => page.getByRole("button", { name: "Список фото (Excel)" }).click());
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const parts = unzipSync(xlsx.bytes);
  expect(Object.keys(parts)).toContain("[Content_Types].xml");
  const sheet = strFromU8(parts["xl/worksheets/sheet1.xml"] as Uint8Array);
  const cells = [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]);
  expect(cells.slice(0, 3)).toEqual(["Фото", "Товар", "Ссылка"]);
  expect(cells).toContain(photoIds[0]);
  expect(sheet.match(/<row /g)).toHaveLength(count + 1);

  const receipt = await save(() => page.getByRole("button", { name: "Скачать чек" }).click());
  expect(receipt.name).toMatch(/\.html$/);
  expect(strFromU8(receipt.bytes)).toMatch(/<html/i);
  await expect(page.locator(".order-downloads__support")).toContainText("08:00–18:00");
});

test("the pre-order page po-1001", async ({ page }) => {
  await open(page, "/preorder/po-1001");
  await expect(paidStatus(page)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Скачать фото / }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Скачать все \(\d+\)$/ })).toBeVisible();
});

test("an unpaid order is remembered: the cart offers the way back", async ({ page }) => {
  await fillCart(page, "307");
  await toPayment(page);
  await payOnBank(page, "Decline");
  await open(page, "/cart");
  const banner = page.getByRole("complementary", { name: "Неоплаченный заказ" });
  await expect(banner).toContainText("У вас есть заказ, ожидающий оплаты.");
  await banner.getByRole("link", { name: "Открыть заказ" }).click();
  await expect(page.getByText("Что-то пошло не так...")).toBeVisible();
});

test("a promo code refused at checkout names the reason and leads back to the cart", async ({
  page,
}) => {
  await fillCart(page, "305");
  await toPayment(page);
  // A single-use code taken by another order between applying it and paying (the demo backend
  // does this for real in test/unit/order/order-stores.test.ts): the checkout answers 409.
  let checkouts = 0;
  await page.route(/\/public\/shoppingcart-service\/api\/v1\/shoppingCarts\/[^/?]+$/, (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    checkouts++;
    return route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({
        code: "PromoCodeUsageLimit",
        message: "Promo code FREE-X has already been used",
      }),
    });
  });
  await page.getByLabel(/договора оферты/).check();
  await payButton(page).click();
  const alert = page.locator(".checkout").getByRole("alert");
  await expect(alert).toContainText("Не удалось оплатить заказ");
  await expect(alert).toContainText("Лимит использования промокода исчерпан");
  expect(checkouts).toBe(1);
  await alert.getByRole("link", { name: "Удалите промокод в корзине и оплатите снова" }).click();
  await expect(page).toHaveURL(tenantUrl("mysport", "/cart"));
  await expect(page.locator(".cart-item")).toHaveCount(1);
});
