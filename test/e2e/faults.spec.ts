/**
 * Fault injection across the purchase flow. Real demo backend calls are
 * aborted, time out, answer 500/503, answer garbage, lose their reply after the backend acted,
 * or arrive slowly. Whatever happens, the participant sees a clear message in their language
 * with a way forward, the shell stays on screen, no cart item is lost (also after a reload),
 * a retried payment is still one payment, and polling is bounded with growing intervals.
 * (The fixture already fails a test on any uncaught error or unhandled rejection.)
 */
import type { BrowserContext, Locator, Route } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { STEP, simulatedTime, waitsBetween } from "./simulated-time.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

// ---------------------------------------------------------------------------------------------
// Faults

type Fault =
  | "abort" // the connection drops (net::ERR_FAILED)
  | "timedout" // the connection times out (net::ERR_TIMED_OUT)
  | 500
  | 503
  | "html502" // a proxy's HTML error page instead of JSON
  | "garbage" // 200 with a body that is not JSON
  | "wrong-shape" // 200 with JSON that is not what the contract says
  | "lost" // the backend does the work, the reply never arrives
  | { delayMs: number }; // a slow reply

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The bodies of replies the backend sent but the page never got ("lost"), per worker. */
const lostReplies: string[] = [];

async function applyFault(route: Route, fault: Fault): Promise<void> {
  if (fault === "abort") return route.abort("failed");
  if (fault === "timedout") return route.abort("timedout");
  if (fault === 500 || fault === 503) {
    return route.fulfill({
      status: fault,
      contentType: "application/json",
      body: JSON.stringify({ code: "ServiceUnavailable", message: "upstream connect error" }),
    });
  }
  if (fault === "html502") {
    return route.fulfill({
      status: 502,
      contentType: "text/html",
      body: "<html><body><h1>502 Bad Gateway</h1>nginx</body></html>",
    });
  }
  if (fault === "garbage") {
    return route.fulfill({ status: 200, contentType: "application/json", body: "{<html>oops" });
  }
  if (fault === "wrong-shape") {
    return route.fulfill({ status: 200, contentType: "application/json", body: '{"items":7}' });
  }
  if (fault === "lost") {
    lostReplies.push(await (await route.fetch()).text());
    return route.abort("failed");
  }
  await sleep(fault.delayMs);
  return route.fallback();
}

interface Injected {
  /** Requests the fault was applied to. */
  readonly hits: number;
  off(): Promise<void>;
}

/** Applies `fault` to matching requests (the first `times`, or all) until `off()`. */
async function inject(
  target: Page | BrowserContext,
  url: RegExp,
  fault: Fault,
  opts: { method?: string; times?: number } = {},
): Promise<Injected> {
  let hits = 0;
  const inFlight = new Set<Promise<void>>();
  const handler = async (route: Route) => {
    const method = route.request().method();
    if (opts.method && method !== opts.method) return route.fallback();
    if (opts.times !== undefined && hits >= opts.times) return route.fallback();
    hits++;
    const done = applyFault(route, fault);
    inFlight.add(done);
    try {
      await done;
    } finally {
      inFlight.delete(done);
    }
  };
  await target.route(url, handler);
  return {
    get hits() {
      return hits;
    },
    // A fault still being applied (a slow or lost reply) finishes first: removing its handler
    // mid-way would let Playwright settle the request on its own.
    off: async () => {
      await Promise.allSettled([...inFlight]);
      await target.unroute(url, handler);
    },
  };
}

/** A backend call of the spec: /public/{service}/api/v1{path}, with or without a query. */
const api = (service: string, path: string) =>
  new RegExp(`/public/${service}/api/v1${path}(\\?.*)?$`);

const CALLS = {
  events: api("photo-service", "/events"),
  event: (id: string) => api("photo-service", `/events/${id}`),
  photos: api("photo-service", "/photos"),
  competitors: api("competitor-service", "/competitors"),
  token: api("competitor-service", "/competitors/[^/]+/token"),
  cart: api("shoppingcart-service", "/shoppingCarts/[^/?]+"),
  items: api("shoppingcart-service", "/shoppingCarts/[^/]+/items(/v2)?"),
  item: api("shoppingcart-service", "/shoppingCarts/[^/]+/items/[^/?]+"),
  promo: api("shoppingcart-service", "/shoppingCarts/[^/]+/promotionalCodes"),
  customer: api("shoppingcart-service", "/shoppingCarts/[^/]+/customer"),
  paymentTypes: api("invoice-service", "/paymentTypes"),
  payments: api("invoice-service", "/invoices/[^/]+/payments"),
  order: api("order-service", "/orders/[^/?]+"),
  archiveCreate: api("archive-service", "/archives/"),
  archive: api("archive-service", "/archives/[^/?]+"),
  archiveFile: /\/demo\/files\/archives\//,
  receipts: api("receipt-service", "/receipts"),
  receiptFile: api("receipt-service", "/receipts/download"),
};

/** Every request matching `url` (and method). */
function record(page: Page, url: RegExp, method = "GET") {
  const seen: { url: string }[] = [];
  page.on("request", (r) => {
    if (r.method() === method && url.test(r.url())) seen.push({ url: r.url() });
  });
  return seen;
}

// ---------------------------------------------------------------------------------------------
// What must hold after every fault

/** Technical text that must never reach the participant. */
const RAW =
  /Failed to fetch|NetworkError|Network failure|network: |Unexpected reply|The server answered|ServiceUnavailable|upstream connect|Bad Gateway|TypeError|SyntaxError|dynamically imported|undefined|NaN|\[object/;

/** The page is not blank: the app bar, a heading in main, and no technical text anywhere. */
async function expectAlive(page: Page) {
  await expect(page.locator(".app-bar")).toBeVisible();
  await expect(page.locator("main h1")).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(RAW);
}

/** A message of the screen itself (the snackbar region is also an alert, usually empty). */
const alert = (page: Page) => page.locator("main [role=alert]");
const snackbar = (page: Page) => page.locator(".snackbar");

/**
 * The snackbar shows `text` (inside `scope`, the open modal dialog, if any: the page under a
 * modal is covered and inert); close it so the next fault's message is read fresh.
 */
async function expectSnack(page: Page, text: string | RegExp, scope: Page | Locator = page) {
  const bar = scope.locator(".snackbar");
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(text);
  expect(await bar.innerText()).not.toMatch(RAW);
  await bar.getByRole("button", { name: /Закрыть|Close|Cerrar/ }).click();
  await expect(snackbar(page)).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------
// The purchase flow

const open = (page: Page, path: string, tenant: TenantId = "mysport") =>
  page.goto(tenantUrl(tenant, path));
const badge = (page: Page) => page.locator(".cart-badge");
const cartItems = (page: Page) => page.locator(".cart-item");
const viewer = (page: Page) => page.getByRole("dialog", { name: "Просмотр фото" });
const toCart = (page: Page) =>
  page
    .locator(".app-bar")
    .getByRole("link", { name: /^(Корзина|Cart|Carrito)/ })
    .click();

/** A participant's results, package bought: one item in the cart. */
async function buyPackage(page: Page, bib: string, tenant: TenantId = "mysport") {
  await open(page, `/search/1003/${bib}`, tenant);
  await page
    .getByRole("region")
    .getByRole("button", { name: /^(Купить|Buy|Comprar)/ })
    .click();
  await expect(badge(page)).toHaveText("1");
}

/** The cart's id as this device remembers it (under mysport's own name: keys carry the tenant). */
const cartIdOf = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem("storefront.cart@mysport") ?? "{}").cartId as string,
  );

async function switchLanguage(page: Page, from: RegExp, to: string) {
  await page.getByRole("button", { name: from }).click();
  await page.getByRole("menuitemradio", { name: to }).click();
}

// ---------------------------------------------------------------------------------------------

test("home: the event search survives a dropped connection, a time-out, 500, garbage and a slow reply", async ({
  page,
}) => {
  const failure = alert(page).filter({ hasText: "Не удалось загрузить события" });
  const retry = page.getByRole("button", { name: "Попробовать снова" });

  let fault = await inject(page, CALLS.events, "abort");
  await open(page, "/");
  await expect(failure).toContainText("Проверьте подключение и попробуйте ещё раз");
  await expectAlive(page);
  for (const next of ["timedout", 500, "html502", "garbage", "wrong-shape"] as const) {
    await fault.off();
    fault = await inject(page, CALLS.events, next);
    await retry.click();
    await expect(failure).toBeVisible();
    await expectAlive(page);
  }
  expect(fault.hits).toBe(1);
  await fault.off();

  // Typing while the backend is slow: a busy list, then the events; the form keeps the text.
  fault = await inject(page, CALLS.events, { delayMs: 1500 });
  await page.getByLabel("Название события").fill("Kazan");
  await expect(page.locator("section[aria-busy=true]")).toBeVisible();
  await expect(page.getByRole("link", { name: /Kazan Night Run/ })).toBeVisible();
  await expect(failure).toHaveCount(0);
  await expect(page.getByLabel("Название события")).toHaveValue("Kazan");
  await fault.off();
});

test("find photos: the event, the gallery and the bib search fail, then recover; token retries are bounded", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const time = await simulatedTime(page);
  // The event itself cannot be loaded: not "not found", and a way to try again.
  let fault = await inject(page, CALLS.event("1003"), 503);
  await open(page, "/event/1003/photos?tab=all");
  await expect(alert(page)).toContainText("Не удалось загрузить событие");
  await expectAlive(page);
  await fault.off();
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kazan Night Run/);

  // The gallery's photos: the connection drops, then it recovers by a retry.
  fault = await inject(page, CALLS.photos, "abort");
  await page.reload();
  await expect(alert(page)).toContainText("Попробуйте позже");
  await expectAlive(page);
  await fault.off();
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.locator(".photo-grid img").first()).toBeVisible();

  // Search by bib: the participant list answers 500; the page offers a retry and face search,
  // right there.
  fault = await inject(page, CALLS.competitors, 500);
  await open(page, "/search/1003/310");
  await expect(alert(page)).toContainText("Попробуйте позже");
  await expect(page.getByRole("button", { name: "Сделать селфи" })).toBeVisible();
  await expectAlive(page);
  await fault.off();
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.locator(".photo-grid img").first()).toBeVisible();

  // The participant's photos answer 500 (spec §4: the token counts as expired): one fresh
  // token and one retry, then the failure is shown; no loop, not even a minute later.
  fault = await inject(page, CALLS.photos, 500);
  await open(page, "/search/1003/311");
  await expect(alert(page)).toContainText("Попробуйте позже");
  await time.pause();
  await time.advance(60_000, 5_000);
  expect(await time.calls(CALLS.photos)).toHaveLength(2);
  expect(await time.calls(CALLS.token, "POST")).toHaveLength(2);
  await expectAlive(page);
  await fault.off();
});

test("adding to the cart: dropped, failed, slow, lost replies and an unreadable cart lose nothing", async ({
  page,
}) => {
  test.setTimeout(45_000);
  const time = await simulatedTime(page);
  await open(page, "/search/1003/301");
  await page.locator(".photo-grid").getByRole("button").first().click();
  const add = viewer(page).getByRole("button", { name: /^В корзину/ });
  const inCart = viewer(page).getByText("В корзине");
  const next = viewer(page).getByRole("button", { name: "Следующее фото" });
  await add.click();
  await expect(inCart).toBeVisible();
  await expect(badge(page)).toHaveText("1");

  // Photo 2: the connection drops, then the backend fails: a clear message, nothing changes.
  await next.click();
  for (const f of ["abort", 500, "html502"] as const) {
    const fault = await inject(page, CALLS.items, f, { method: "POST" });
    await add.click();
    await expectSnack(page, "Ошибка при добавлении товара в корзину", viewer(page));
    await expect(add).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    await fault.off();
  }
  // A slow reply: shown in the cart at once, and still there when the reply comes.
  let fault = await inject(page, CALLS.items, { delayMs: 1500 }, { method: "POST" });
  await add.click();
  await expect(inCart).toBeVisible();
  await expect(badge(page)).toHaveText("2");
  await expect(page.getByRole("list", { name: "Уведомления" })).toContainText(
    "Добавлено в корзину",
  );
  await fault.off();

  // Photo 3: the backend adds it but the reply is lost: the cart finds out it is there.
  await next.click();
  fault = await inject(page, CALLS.items, "lost", { method: "POST" });
  await add.click();
  await expect(badge(page)).toHaveText("3");
  await expect(inCart).toBeVisible();
  await fault.off();

  // Photo 4: added, but the cart cannot be read back: the item stays.
  await next.click();
  fault = await inject(page, CALLS.cart, 503, { method: "GET" });
  await add.click();
  await expect(inCart).toBeVisible();
  await expect(badge(page)).toHaveText("4");
  // Once the failed read has come back and the page has taken it in, the item is still there.
  await expect.poll(() => fault.hits).toBeGreaterThan(0);
  await time.idle();
  await expect(badge(page)).toHaveText("4");
  await fault.off();
  await page.keyboard.press("Escape");

  // Nothing lost: in the cart, and after a reload.
  await toCart(page);
  await expect(cartItems(page)).toHaveCount(4);
  await page.reload();
  await expect(cartItems(page)).toHaveCount(4);
  await expectAlive(page);
});

test("the cart: unavailable at start, promo code and removal failures; the cart id is kept", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const time = await simulatedTime(page);
  await buyPackage(page, "302");
  const id = await cartIdOf(page);

  // The cart service is down or answers garbage when the page loads: not "empty", a retry.
  const unavailable = alert(page).filter({ hasText: "Корзина сейчас недоступна" });
  const retry = page.getByRole("button", { name: "Попробовать снова" });
  for (const f of ["abort", "garbage", "wrong-shape"] as const) {
    const fault = await inject(page, CALLS.cart, f, { method: "GET" });
    await open(page, "/cart");
    await expect(unavailable).toBeVisible();
    await expect(page.getByText("Ваша корзина пуста")).toHaveCount(0);
    await expectAlive(page);
    await retry.click();
    await expect(unavailable).toBeVisible();
    await fault.off();
    expect(await cartIdOf(page)).toBe(id);
  }
  // While it stays down, the cart is read again by itself, a few times, each wait longer:
  // read in the page's simulated time, which moves only when the test moves it.
  const fault503 = await inject(page, CALLS.cart, 503, { method: "GET" });
  await time.pause();
  // The page loads as the test moves its clock: no wait for the load event, which would not come.
  await page.goto(tenantUrl("mysport", "/cart"), { waitUntil: "commit" });
  await time.until(() => expect(unavailable).toBeVisible({ timeout: 100 }));
  const first = (await time.calls(CALLS.cart))[0]?.at ?? Number.NaN;
  const now = await page.evaluate(() => Date.now());
  await time.advance(first + 7_000 - now);
  // At 0, 2 and 6 s (2 s, doubling each time); the next one only at 14 s, then at 30 s.
  let reads = await time.calls(CALLS.cart);
  expect(reads).toHaveLength(3);
  await time.advance(8_000);
  reads = await time.calls(CALLS.cart);
  expect(reads).toHaveLength(4);
  const waits = waitsBetween(reads);
  for (const [i, expected] of [2_000, 4_000, 8_000].entries()) {
    expect(waits[i]).toBeGreaterThanOrEqual(expected);
    expect(waits[i]).toBeLessThan(expected + STEP);
  }
  await fault503.off();
  await page.clock.resume();
  // Back: "Try again" (or the next read, whichever comes first) shows the cart, id unchanged.
  await retry.click({ timeout: 2_000 }).catch(() => {});
  await expect(cartItems(page)).toHaveCount(1);
  expect(await cartIdOf(page)).toBe(id);

  // Promo code: dropped, 503, slow; the typed code stays and the error is the spec's.
  const field = page.getByRole("textbox", { name: "Промокод" });
  const code = `FREE-${Date.now()}`;
  for (const f of ["abort", 503, "timedout"] as const) {
    const fault = await inject(page, CALLS.promo, f, { method: "POST" });
    await field.fill(code);
    await page.getByRole("button", { name: "Применить" }).click();
    await expect(page.locator("#promo-error")).toHaveText(
      "При добавлении промокода произошла ошибка",
    );
    await expect(field).toHaveValue(code);
    await fault.off();
  }
  const slow = await inject(page, CALLS.promo, { delayMs: 1200 }, { method: "POST" });
  await page.getByRole("button", { name: "Применить" }).click();
  await expect(page.getByRole("button", { name: "Применить" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(page.locator(".cart__discount")).toContainText("990");
  await expect(page.locator("#promo-error")).toHaveCount(0);
  await slow.off();

  // Removing fails: the item stays, the message says so.
  const fault = await inject(page, CALLS.item, 500, { method: "DELETE" });
  await page
    .getByRole("button", { name: /^Удалить: / })
    .first()
    .click();
  await expectSnack(page, "Не удалось удалить товар из корзины");
  await expect(cartItems(page)).toHaveCount(1);
  await fault.off();
  await page.reload();
  await expect(cartItems(page)).toHaveCount(1);
  await expectAlive(page);
});

const payButton = (page: Page) =>
  page.getByRole("button", { name: /^(Оплатить заказ|Pay for the order)$/ });

/** Successful payment POSTs (2xx replies that reached the page). */
function paymentReplies(page: Page) {
  const ok: string[] = [];
  page.on("response", (r) => {
    if (r.request().method() === "POST" && CALLS.payments.test(r.url()) && r.ok()) ok.push(r.url());
  });
  return ok;
}

/** The order's payments as the backend has them (non-Discount), read outside the page. */
async function paymentsOf(page: Page, orderId: string) {
  const base = new URL(page.url()).origin;
  const order = await page.request.get(`${base}/public/order-service/api/v1/orders/${orderId}`);
  const { invoiceId } = (await order.json()) as { invoiceId: string };
  const list = await page.request.get(
    `${base}/public/invoice-service/api/v1/invoices/${invoiceId}/payments`,
  );
  const payments = (await list.json()) as { paymentTypeId: string; state: string }[];
  return payments.filter((p) => p.paymentTypeId !== "Discount");
}

test("checkout: e-mail, payment methods, checkout and payment fail; the retry is one payment", async ({
  page,
}) => {
  test.setTimeout(45_000);
  await buyPackage(page, "303");
  const payOk = paymentReplies(page);
  const payPosts = record(page, CALLS.payments, "POST");

  // Saving the e-mail: the connection drops. The form keeps the address; Continue works later.
  let fault = await inject(page, CALLS.customer, "abort", { method: "PUT" });
  await toCart(page);
  await page.getByRole("link", { name: "Перейти к оформлению" }).click();
  const email = page.getByLabel("Электронная почта");
  await email.fill("runner@example.com");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(alert(page)).toContainText("Проверьте подключение");
  await expect(email).toHaveValue("runner@example.com");
  await expectAlive(page);
  await fault.off();

  // The payment methods answer 503: a message and a retry.
  fault = await inject(page, CALLS.paymentTypes, 503);
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(alert(page)).toContainText("Не удалось загрузить способы оплаты");
  await expectAlive(page);
  await fault.off();
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.getByRole("radio", { name: /Банковская карта/ })).toBeChecked();

  // Checkout answers 500, then the payment's connection drops: the offer stays accepted.
  await page.getByLabel(/договора оферты/).check();
  fault = await inject(page, CALLS.cart, 500, { method: "POST" });
  await payButton(page).click();
  await expect(alert(page)).toContainText("Не удалось оплатить заказ");
  await expect(page.getByLabel(/договора оферты/)).toBeChecked();
  await expectAlive(page);
  await fault.off();
  fault = await inject(page, CALLS.payments, "timedout", { method: "POST" });
  await payButton(page).click();
  await expect(alert(page)).toContainText("Не удалось оплатить заказ");
  await expect(payButton(page)).toBeEnabled();
  await fault.off();

  // A slow payment and an impatient double click: one request, one payment.
  fault = await inject(page, CALLS.payments, { delayMs: 1200 }, { method: "POST" });
  await payButton(page).dblclick();
  await page.waitForURL(/\/demo\/pay\//);
  await fault.off();
  expect(payPosts).toHaveLength(2); // the failed one and the one that went through
  expect(payOk).toHaveLength(1);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.getByText("Статус: оплачен")).toBeVisible();
  const orderId = page.url().split("/").pop() ?? "";
  expect(await paymentsOf(page, orderId)).toHaveLength(1);
});

test("checkout in English: replies lost after the backend acted still make one order and one payment", async ({
  page,
}) => {
  test.setTimeout(45_000);
  await buyPackage(page, "308");
  await switchLanguage(page, /Язык/, "English");
  await toCart(page);
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.getByLabel("E-mail").fill("runner@example.com");

  // The e-mail is saved but its reply is lost: a clear message, then Continue again.
  let fault = await inject(page, CALLS.customer, "lost", { method: "PUT" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(alert(page)).toContainText("Check your connection");
  await expectAlive(page);
  await fault.off();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel(/offer agreement/).check();

  const checkouts = record(page, CALLS.cart, "POST");
  const payOk = paymentReplies(page);

  // Checkout creates the order, its reply is lost; the retry gets the same order.
  fault = await inject(page, CALLS.cart, "lost", { method: "POST" });
  await payButton(page).click();
  await expect(alert(page)).toContainText("Unable to pay the order");
  await expectAlive(page);
  await fault.off();
  // The payment is created, its reply is lost; the retry gets the same payment.
  lostReplies.length = 0;
  fault = await inject(page, CALLS.payments, "lost", { method: "POST" });
  await payButton(page).click();
  await expect(alert(page)).toContainText("Unable to pay the order");
  await expect(alert(page)).toContainText("Check your connection and try again.");
  await fault.off();
  await payButton(page).click();
  await page.waitForURL(/\/demo\/pay\//);
  expect(checkouts).toHaveLength(2); // the lost one, and the retry that got the same order
  expect(payOk).toHaveLength(1);
  const lost = JSON.parse(lostReplies[0] ?? "{}") as { payUrl?: string };
  expect(page.url()).toBe(new URL(lost.payUrl ?? "-", page.url()).href);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  await expect(page.getByText("Status: paid")).toBeVisible();
  const orderId = page.url().split("/").pop() ?? "";
  expect(await paymentsOf(page, orderId)).toHaveLength(1);
  // The cart is new and empty: the paid items were not left behind to be bought twice.
  await toCart(page);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("the order page: the order fails, the payment check is bounded with growing intervals", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The waits are read in the page's simulated time, which moves only when the test says so.
  const time = await simulatedTime(page);
  // An unpaid seeded order of event 1003.
  let fault = await inject(page, CALLS.order, 503);
  await open(page, "/order/order-seed-10");
  await expect(alert(page)).toContainText("Не удалось загрузить заказ");
  await expectAlive(page);
  await fault.off();

  // The payments list keeps failing: the page keeps checking, politely.
  fault = await inject(page, CALLS.payments, 503, { method: "GET" });
  await time.pause();
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.getByText("Проверяем оплату. Не закрывайте страницу.")).toBeVisible();
  await time.advance(6_000);
  await expectAlive(page);
  // Checks at 0, 1, 2.5 and 4.75 s (1 s, growing by half each time); the next only at 8.1 s.
  const checks = await time.calls(CALLS.payments);
  expect(checks).toHaveLength(4);
  const waits = waitsBetween(checks);
  for (const [i, expected] of [1_000, 1_500, 2_250].entries()) {
    expect(waits[i]).toBeGreaterThanOrEqual(expected);
    expect(waits[i]).toBeLessThan(expected + STEP);
  }
  // Leaving the page stops the checks: a minute later there is not one more.
  await page.locator(".app-bar").getByRole("link", { name: "MySport" }).first().click();
  await expect(page.getByLabel("Название события")).toBeVisible();
  await time.advance(60_000, 5_000);
  expect(await time.calls(CALLS.payments)).toHaveLength(4);
  await fault.off();

  // A slow order: the check screen first, then the order with a way to pay.
  await page.clock.resume();
  fault = await inject(page, CALLS.order, { delayMs: 1500 });
  await open(page, "/order/order-seed-10");
  await expect(page.getByText("Проверяем оплату. Не закрывайте страницу.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Оплатить заказ" })).toBeVisible();
  await fault.off();
});

test("paid order downloads: the archive and the receipt fail, then work", async ({ page }) => {
  test.setTimeout(45_000);
  const receiptsFault = await inject(page, CALLS.receipts, 503);
  // A paid seeded order of event 1003.
  await open(page, "/order/order-seed-02");
  await expect(page.getByText("Статус: оплачен")).toBeVisible();
  // The receipt list could not be loaded: said so, with a retry.
  await expect(alert(page)).toContainText("Не удалось загрузить чек");
  await receiptsFault.off();
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  const receipt = page.getByRole("button", { name: "Скачать чек" });
  await expect(receipt).toBeVisible();

  const all = page.getByRole("button", { name: /^Скачать все \(\d+\)$/ });
  const failed = alert(page).filter({ hasText: "Не удалось подготовить архив" });
  for (const [url, f, method] of [
    [CALLS.archiveCreate, 500, "POST"],
    [CALLS.archive, "abort", "GET"],
    [CALLS.archiveFile, "timedout", "GET"],
  ] as const) {
    const fault = await inject(page, url, f, { method });
    await all.click();
    await expect(failed).toContainText("скачайте фото по одному");
    await expect(all).toBeEnabled();
    await expectAlive(page);
    await fault.off();
  }
  const [zip] = await Promise.all([page.waitForEvent("download"), all.click()]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  await expect(failed).toHaveCount(0);

  const fault = await inject(page, CALLS.receiptFile, 503);
  await receipt.click();
  await expect(alert(page)).toContainText("Не удалось скачать чек");
  await fault.off();
  const [file] = await Promise.all([page.waitForEvent("download"), receipt.click()]);
  expect(file.suggestedFilename()).toMatch(/\.html$/);
});

test("a lazy screen fails to load: a message and a reload; the cart is intact", async ({
  page,
}) => {
  await buyPackage(page, "309");
  const chunk = /\/assets\/CartScreen-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort("failed"));
  await toCart(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Не удалось загрузить страницу");
  await expectAlive(page);
  // Another screen still works from the menu.
  await page.locator(".app-bar").getByRole("link", { name: "MySport" }).first().click();
  await expect(page.getByLabel("Название события")).toBeVisible();
  await toCart(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Не удалось загрузить страницу");
  await page.unroute(chunk);
  await page.getByRole("button", { name: "Обновить страницу" }).click();
  await expect(cartItems(page)).toHaveCount(1);
  await expectAlive(page);
});

test("Spanish (TimerMan): the language, the event search, the cart and a promo code fail in Spanish", async ({
  page,
}) => {
  await open(page, "/", "timerman");
  // The Spanish catalog cannot be fetched: the page stays in Russian and says so.
  const catalog = /\/assets\/es-[^/]+\.js$/;
  await page.route(catalog, (route) => route.abort("failed"));
  await switchLanguage(page, /Язык/, "Español");
  await expectSnack(page, "Не удалось загрузить часть страницы");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expectAlive(page);
  await page.unroute(catalog);
  await page.reload();
  await switchLanguage(page, /Язык/, "Español");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  let fault = await inject(page, CALLS.events, "abort");
  await page.reload();
  await expect(alert(page)).toContainText(
    "No se pudieron cargar los eventos. Comprueba tu conexión e inténtalo de nuevo.",
  );
  await expectAlive(page);
  await fault.off();
  await page.getByRole("button", { name: "Intentar de nuevo" }).click();
  await expect(page.locator(".event-card").first()).toBeVisible();

  // Buying the package fails, then works.
  await open(page, "/search/1003/304", "timerman");
  const buy = page
    .getByRole("region", { name: "Paquetes" })
    .getByRole("button", { name: /^Comprar todas las fotos/ });
  fault = await inject(page, CALLS.items, 503, { method: "POST" });
  await buy.click();
  await expectSnack(page, "Error al añadir el producto al carrito");
  await expect(badge(page)).toHaveCount(0);
  await fault.off();
  await buy.click();
  await expect(badge(page)).toHaveText("1");

  fault = await inject(page, CALLS.cart, 503, { method: "GET" });
  await page.reload();
  await toCart(page);
  await expect(alert(page)).toContainText("El carrito no está disponible");
  await expectAlive(page);
  await fault.off();
  await page
    .getByRole("button", { name: "Intentar de nuevo" })
    .click({ timeout: 2_000 })
    .catch(() => {});
  await expect(cartItems(page)).toHaveCount(1);

  fault = await inject(page, CALLS.promo, "timedout", { method: "POST" });
  const field = page.getByRole("textbox", { name: "Código promocional" });
  await field.fill("FREE-ES");
  await page.locator(".promo__form").getByRole("button").click();
  await expect(page.locator("#promo-error")).toHaveText(
    "Se produjo un error al añadir el código promocional",
  );
  await expect(field).toHaveValue("FREE-ES");
  await fault.off();
});
