/**
 * Accessibility (spec §2: WCAG 2.1 AA): axe-core on every screen and every dialog of
 * every tenant. A test fails on any violation of impact "serious" or "critical", and when a
 * screen lacks its one h1, its main landmark or its skip link. MySport gets the full set in
 * Russian and English; the other tenants the screens where they differ (home, event photos,
 * cart, checkout, contacts and landing pages, the language menu, the drawer) and every dialog
 * they can show, each in one of its languages (IronStar and MyEventPhoto in Russian, TimerMan
 * and MySport USA in English): what a tenant changes is its colours, shapes, menu and footer,
 * the same in every language, and the shop's own words in each language are MySport's chains
 * and the catalog check's (scripts/i18n-check.mjs). Each test walks one chain of screens and
 * reports all problems of the chain at once.
 *
 * What a scan costs, and why it is cheap: axe itself takes a few hundred milliseconds on one of
 * these screens (color-contrast and document-title its dearest rules). What cost seconds was
 * handing axe to the page: `AxeBuilder` sends the 1.3 MB script over the DevTools protocol
 * twice per scan (to the page, then again to every frame), and on a busy 2-core machine the
 * sending, not the compiling (~0.1 s), took 2–7 s each time. `Audit.start` gives the page the
 * minified build of the same axe-core once, as a script every new document of the page runs
 * when it is created (it only defines `window.axe`, which the shop never reads); each scan then
 * runs the same rules with the same options on the page as it is (`axe.run`, same-origin frames
 * included, as `AxeBuilder`'s legacy mode did). No page state is scanned twice: each is reached
 * once, in the chain its test's title lists.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type AxeBuilder from "@axe-core/playwright";
import type { Frame } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type RunOptions = Parameters<AxeBuilder["options"]>[0];
type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** The options every scan runs with: the WCAG 2.1 A and AA rules, violations only. */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: TAGS },
  resultTypes: ["violations"],
};

/**
 * The minified build of the axe-core that `@axe-core/playwright` runs (the same version and
 * rules; half the bytes of the unminified `axe.source` it would send).
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

// Each test walks a chain of up to 12 screens; on a busy 2-core runner a page load alone can
// take seconds. The limit only turns a hang into a clear failure.
test.describe.configure({ timeout: 90_000 });

type Lang = "ru" | "en";

/** The spec's words for the controls the chains use, in both languages. */
const WORDS = {
  ru: {
    locale: "ru-RU",
    eventName: "Название события",
    find: "Найти",
    allPhotos: "Все фото",
    myPhotos: "Мои фото",
    viewer: "Просмотр фото",
    addToCart: /^В корзину/,
    inCart: "В корзине",
    takeSelfie: "Сделать селфи",
    agree: "Я согласен(на), чтобы моё селфи использовалось для поиска моих фото с этого события",
    takePhoto: "Сделать снимок",
    cancel: "Отмена",
    packages: "Пакеты",
    buyAll: /^Купить все фото/,
    addFrame: "Добавить рамку",
    framePicker: "Фото в рамке",
    selectPhoto: "Выберите фото",
    notifications: "Уведомления",
    cart: /^Корзина/,
    emptyCart: "Ваша корзина пуста.",
    promo: "Промокод",
    apply: "Применить",
    promoNotFound: "Промокод не найден",
    toCheckout: "Перейти к оформлению",
    checkoutTitle: "Оформление заказа",
    continue: "Продолжить",
    email: "Электронная почта",
    emailMissing: "Введите адрес электронной почты",
    pay: "Оплатить заказ",
    offer: /договора оферты/,
    offerMissing: "Чтобы оплатить, примите условия договора оферты",
    declined: "Что-то пошло не так...",
    retry: "Попробовать снова",
    paid: "Статус: оплачен",
    language: /^Язык/,
    openMenu: "Открыть меню",
    menu: "Меню",
    becomePhotographer: "Стать фотографом",
    photographerDialog: "Заявка фотографа",
    leaveRequest: "Оставить заявку",
    businessDialog: "Заявка для бизнеса",
    send: "Отправить",
    nameMissing: "Введите имя и фамилию",
    phoneMissing: "Введите номер телефона",
    addFailed: /./,
  },
  en: {
    locale: "en-US",
    eventName: "Event name",
    find: "Find",
    allPhotos: "All photos",
    myPhotos: "My photos",
    viewer: "Photo viewer",
    addToCart: /^Add to cart/,
    inCart: "In the cart",
    takeSelfie: "Take a selfie",
    agree: "I agree that my selfie is used to find my photos of this event",
    takePhoto: "Take photo",
    cancel: "Cancel",
    packages: "Packages",
    buyAll: /^Buy all photos/,
    addFrame: "Add a frame",
    framePicker: "Photo in a frame",
    selectPhoto: "Select Photo",
    notifications: "Notifications",
    cart: /^Cart/,
    emptyCart: "Your cart is empty.",
    promo: "Promo code",
    apply: "Apply",
    promoNotFound: "Promo code not found",
    toCheckout: "Proceed to checkout",
    checkoutTitle: "Checkout",
    continue: "Continue",
    email: "E-mail",
    emailMissing: "Enter your email address",
    pay: "Pay for the order",
    offer: /offer agreement/,
    offerMissing: "Accept the offer agreement to pay",
    declined: "Something went wrong...",
    retry: "Try again",
    paid: "Status: paid",
    language: /^Language/,
    openMenu: "Open menu",
    menu: "Menu",
    becomePhotographer: "Become a photographer",
    photographerDialog: "Request to join as a photographer",
    leaveRequest: "Leave a request",
    businessDialog: "Request for business",
    send: "Send",
    nameMissing: "Enter your first and last name",
    phoneMissing: "Enter your phone number",
    addFailed: /./,
  },
} as const;

type Words = (typeof WORDS)[Lang];

/** axe, configured as `AxeBuilder`'s legacy mode does: same-origin frames are scanned with the page. */
const AXE_SCRIPT = `${AXE_SOURCE}
;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`;

/**
 * Sends axe to any frame of the page that lacks it: a document created before `Audit.start`,
 * normally none. A frame that goes away meanwhile (the sign-in's silent check) is skipped, as
 * `AxeBuilder` skips it. Returns how many frames it was sent to.
 */
async function withAxe(page: Page): Promise<number> {
  const missing = async (frame: Frame) =>
    frame.evaluate(() => typeof (window as { axe?: unknown }).axe === "undefined");
  let sent = 0;
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame();
    try {
      if (!(await missing(frame))) continue;
      await frame.evaluate(AXE_SCRIPT);
      sent++;
    } catch (e) {
      if (main) throw e;
    }
  }
  return sent;
}

/**
 * One chain of screens: `check` runs axe and the structure checks on the page as it is and
 * records every problem; `done` fails the test with all of them, actionable (rule, impact,
 * help, the elements).
 */
class Audit {
  readonly problems: string[] = [];
  readonly screens: string[] = [];
  private constructor(
    private readonly page: Page,
    private readonly where: string,
  ) {}

  /** Call before the chain's first navigation: every document of the page then has axe. */
  static async start(page: Page, where: string): Promise<Audit> {
    await page.addInitScript(AXE_SCRIPT);
    return new Audit(page, where);
  }

  async check(screen: string) {
    const page = this.page;
    this.screens.push(screen);
    // Let transitions and fonts settle so colours are measured as the visitor sees them.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const t0 = Date.now();
    const injected = await withAxe(page);
    const t1 = Date.now();
    // One call runs axe on the document (and the same-origin frames it has axe in) and reads
    // the structure the spec asks for: one h1 inside the one main landmark, and the skip link.
    const { results, structure } = await page.evaluate(async (options) => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<unknown> };
      };
      const results = (await axe.run(document, options)) as AxeResults;
      const structure = {
        h1: document.querySelectorAll("h1").length,
        main: document.querySelectorAll("main, [role=main]").length,
        h1InMain: document.querySelectorAll("main h1").length,
        skip:
          document.querySelector<HTMLAnchorElement>("a.skip-link")?.getAttribute("href") ?? null,
      };
      return { results, structure };
    }, AXE_OPTIONS);
    if (process.env.A11Y_DEBUG)
      console.log(
        `${this.where} ${screen}: ${Date.now() - t0} ms (axe sent to ${injected} frame(s) in ${t1 - t0} ms, run ${Date.now() - t1} ms), ${page.frames().length} frames`,
      );
    for (const v of results.violations) {
      if (v.impact !== "serious" && v.impact !== "critical") continue;
      const nodes = v.nodes
        .slice(0, 6)
        .map(
          (n) => `      ${n.target.join(" ")}\n        ${n.failureSummary?.split("\n")[1] ?? ""}`,
        )
        .join("\n");
      this.problems.push(
        `${this.where} — ${screen}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`,
      );
    }
    // One h1 names the screen, inside the one main landmark (spec §2: headings and landmarks).
    if (structure.h1 !== 1 || structure.h1InMain !== 1)
      this.problems.push(
        `${this.where} — ${screen}: ${structure.h1} h1 on the page (${structure.h1InMain} in main), expected exactly one`,
      );
    if (structure.main !== 1)
      this.problems.push(`${this.where} — ${screen}: ${structure.main} main landmarks`);
    if (structure.skip !== "#main")
      this.problems.push(`${this.where} — ${screen}: no skip link to the main content`);
  }

  done() {
    expect(
      this.problems,
      `accessibility problems in ${this.where} (screens checked: ${this.screens.join(", ")})`,
    ).toEqual([]);
  }
}

const open = async (page: Page, id: TenantId, path: string) => {
  await page.goto(tenantUrl(id, path));
  // A screen's h1 comes with its data; on a busy 2-core runner that can take a while.
  await expect(page.locator("h1")).toBeVisible({ timeout: 15_000 });
};

const grid = (page: Page) => page.locator(".photo-grid");

/** Home with the events found for a query. */
async function homeWithResults(page: Page, id: TenantId, w: Words, query: string) {
  await open(page, id, "/");
  await page.getByLabel(w.eventName).fill(query);
  await page.getByRole("button", { name: w.find, exact: true }).click();
  await expect(page.locator(".event-card").first()).toBeVisible();
}

/** The participant's results with the package offers (their search token is known). */
async function searchResults(page: Page, id: TenantId, eventId: string, bib: string) {
  await open(page, id, `/search/${eventId}/${bib}`);
  await expect(grid(page).locator("img").first()).toBeVisible();
}

async function openViewer(page: Page, w: Words) {
  await grid(page).getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: w.viewer });
  await expect(viewer.locator("img")).toBeVisible();
  return viewer;
}

/** The frame picker from "Add a frame", submitted with no photo chosen: "Select Photo". */
async function framePickerWithError(page: Page, w: Words) {
  await page
    .getByRole("region", { name: w.packages })
    .getByRole("button", { name: w.addFrame })
    .click();
  const picker = page.getByRole("dialog", { name: w.framePicker });
  await picker.getByRole("button", { name: w.addToCart }).click();
  await expect(picker.locator("#frame-photo-error")).toHaveText(w.selectPhoto);
  return picker;
}

async function buyPackage(page: Page, w: Words) {
  await page
    .getByRole("region", { name: w.packages })
    .getByRole("button", { name: w.buyAll })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
}

async function toCart(page: Page, w: Words) {
  await page.locator(".app-bar").getByRole("link", { name: w.cart }).click();
  await expect(page.locator(".cart-item").first()).toBeVisible();
}

/** Checkout, step Order with its error shown. */
async function checkoutOrderError(page: Page, w: Words) {
  await page.getByRole("link", { name: w.toCheckout }).click();
  await expect(page.locator("h1")).toHaveText(w.checkoutTitle);
  await page.getByRole("button", { name: w.continue }).click();
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText(w.emailMissing);
}

/** Checkout, step Payment with the offer agreement's error shown. */
async function checkoutPaymentError(page: Page, w: Words) {
  await page.getByLabel(w.email).fill("runner@example.com");
  await page.getByRole("button", { name: w.continue }).click();
  await page.getByRole("button", { name: w.pay, exact: true }).click();
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText(w.offerMissing);
}

async function withLanguageMenu(page: Page, w: Words, audit: Audit) {
  await page.getByRole("button", { name: w.language }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await audit.check("language menu open");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
}

async function withDrawer(page: Page, w: Words, audit: Audit) {
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole("button", { name: w.openMenu });
  await expect(menu).toBeVisible();
  await audit.check("phone layout (390×844)");
  await menu.click();
  await expect(page.getByRole("dialog", { name: w.menu })).toBeVisible();
  // With a modal open axe checks the dialog only: the page behind it is inert.
  await audit.check("mobile drawer open");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: w.menu })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * "Become a photographer" (and "Leave a request" with `business`), sent empty: the
 * required-field errors. Both are the same dialog; other tenants check one of them.
 */
async function requestDialogs(
  page: Page,
  id: TenantId,
  w: Words,
  audit: Audit,
  withBusiness = true,
) {
  await open(page, id, "/for-photographers");
  await audit.check("photographers landing");
  await page.getByRole("button", { name: w.becomePhotographer }).click();
  const photographer = page.getByRole("dialog", { name: w.photographerDialog });
  await photographer.getByRole("button", { name: w.send }).click();
  await expect(photographer.getByText(w.nameMissing, { exact: true })).toBeVisible();
  await audit.check("photographer request dialog with errors");
  await page.keyboard.press("Escape");
  await expect(photographer).toBeHidden();
  if (!withBusiness) return;

  await open(page, id, "/for-business");
  await audit.check("business landing");
  await page.getByRole("button", { name: w.leaveRequest }).click();
  const business = page.getByRole("dialog", { name: w.businessDialog });
  await business.getByRole("button", { name: w.send }).click();
  await expect(business.getByText(w.phoneMissing, { exact: true })).toBeVisible();
  await audit.check("business request dialog with errors");
  await page.keyboard.press("Escape");
  await expect(business).toBeHidden();
}

// ---------------------------------------------------------------------------------------------
// MySport: every screen and dialog, in Russian and English.

for (const lang of ["ru", "en"] as const) {
  const w = WORDS[lang];
  test.describe(`MySport in ${lang}: every screen and dialog`, () => {
    test.use({ locale: w.locale });

    test("home, language menu, event, all photos, viewer, face search", async ({ page }) => {
      const audit = await Audit.start(page, `mysport/${lang}`);
      await homeWithResults(page, "mysport", w, "Kazan");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await audit.check("home with events found");
      await withLanguageMenu(page, w, audit);

      await page.locator(".event-card__link").first().click();
      await expect(page).toHaveURL(/\/event\/1003$/);
      await audit.check("event page /event/1003");

      await page.getByRole("link", { name: w.allPhotos }).click();
      await expect(grid(page).locator("img").first()).toBeVisible();
      await audit.check("event photos, All photos");
      const viewer = await openViewer(page, w);
      await audit.check("photo viewer dialog");
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);

      await page.getByRole("tab", { name: w.myPhotos }).click();
      await expect(page.getByRole("button", { name: w.takeSelfie })).toBeVisible();
      await audit.check("event photos, My photos (face search)");
      await page.getByRole("checkbox", { name: w.agree }).check();
      await page.getByRole("button", { name: w.takeSelfie }).click();
      await expect(page.getByRole("button", { name: w.takePhoto })).toBeEnabled();
      await audit.check("face search, selfie camera on");
      await page.getByRole("button", { name: w.cancel }).click();
      audit.done();
    });

    test("search results, frame picker, viewer, notification, snackbar", async ({ page }) => {
      const audit = await Audit.start(page, `mysport/${lang}`);
      await searchResults(page, "mysport", "1003", "305");
      await audit.check("search results /search/1003/305");

      const picker = await framePickerWithError(page, w);
      await audit.check("frame picker dialog with its error");
      await page.keyboard.press("Escape");
      await expect(picker).toBeHidden();

      const viewer = await openViewer(page, w);
      await viewer.getByRole("button", { name: w.addToCart }).click();
      await expect(viewer.getByText(w.inCart)).toBeVisible();
      await expect(page.getByRole("list", { name: w.notifications }).locator("li")).toHaveCount(1);
      await audit.check("photo viewer after Add to cart, notification shown");
      await viewer.getByRole("button", { name: w.framePicker }).click();
      await expect(page.locator(".frame-picker__image")).toBeVisible();
      await audit.check("frame picker dialog from the viewer, preview shown");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      await audit.check("search results with a notification");

      // The error snackbar: the cart service fails to add the package.
      await page.route("**/shoppingCarts/*/items**", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 503,
              contentType: "application/json",
              body: '{"code":"ServiceUnavailable","message":"down"}',
            })
          : route.fallback(),
      );
      await page
        .getByRole("region", { name: w.packages })
        .getByRole("button", { name: w.buyAll })
        .first()
        .click();
      await expect(page.locator(".snackbar")).toBeVisible();
      await audit.check("error snackbar shown");
      await page.unroute("**/shoppingCarts/*/items**");
      audit.done();
    });

    test("cart empty and with a promo code error, checkout both steps, pay result, paid order", async ({
      page,
    }) => {
      const audit = await Audit.start(page, `mysport/${lang}`);
      await open(page, "mysport", "/cart");
      await expect(page.getByText(w.emptyCart)).toBeVisible();
      await audit.check("empty cart");

      await searchResults(page, "mysport", "1003", "306");
      await buyPackage(page, w);
      await toCart(page, w);
      await audit.check("cart with items");
      await page.getByRole("textbox", { name: w.promo }).fill("NO-SUCH-CODE");
      await page.getByRole("button", { name: w.apply }).click();
      await expect(page.locator("#promo-error")).toHaveText(w.promoNotFound);
      await audit.check("cart with a promo code error");

      await checkoutOrderError(page, w);
      await audit.check("checkout, step Order with the e-mail error");
      await checkoutPaymentError(page, w);
      await audit.check("checkout, step Payment with the offer error");

      await page.getByLabel(w.offer).check();
      await page.getByRole("button", { name: w.pay, exact: true }).click();
      await page.waitForURL(/\/demo\/pay\//);
      await page.getByRole("button", { name: "Decline" }).click();
      await expect(page.getByText(w.declined)).toBeVisible();
      await audit.check("pay result: declined");
      await page.getByRole("button", { name: w.retry }).click();
      await page.waitForURL(/\/demo\/pay\//);
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(page.getByText(w.paid)).toBeVisible();
      await audit.check("paid order /order/{id}");

      await open(page, "mysport", "/preorder/po-1001");
      await expect(page.getByText(w.paid)).toBeVisible();
      await audit.check("paid pre-order /preorder/po-1001");
      audit.done();
    });

    test("contacts, landing pages and their request dialogs, unknown route, drawer", async ({
      page,
    }) => {
      const audit = await Audit.start(page, `mysport/${lang}`);
      await open(page, "mysport", "/contacts");
      await audit.check("contacts");
      await open(page, "mysport", "/for-organizers");
      await audit.check("organizers landing");
      await requestDialogs(page, "mysport", w, audit);
      await page.goto(tenantUrl("mysport", "/no/such/page"));
      await expect(page).toHaveURL(tenantUrl("mysport", "/"));
      await expect(page.locator("h1")).toBeVisible();
      await audit.check("unknown route (sent home)");
      await withDrawer(page, w, audit);
      audit.done();
    });

    test("sign-in required, then my orders and an order signed in", async ({ page }) => {
      const audit = await Audit.start(page, `mysport/${lang}`);
      // Hold the provider so the sign-in-required screen stays long enough to be checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/auth/realms/**", async (route) => {
        await held;
        await route.fallback();
      });
      await page.goto(tenantUrl("mysport", "/my-account"));
      await expect(page.locator(".spinner[role=status]")).toBeVisible();
      await audit.check("sign-in required /my-account");
      release();
      await page.unroute("**/auth/realms/**");

      await page.getByLabel("E-mail").fill("runner@demo.example");
      await page.getByLabel("Password").fill("demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(tenantUrl("mysport", "/my-account"));
      await expect(page.locator(".order-row")).toHaveCount(10);
      await audit.check("my account, orders");
      await page.locator(".order-row").first().getByRole("link").click();
      await expect(page.locator(".order-item").first()).toBeVisible();
      await audit.check("my account, one order");
      audit.done();
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The other tenants: the screens where they differ and every dialog each can show.

const OTHERS: {
  id: TenantId;
  langs: readonly Lang[];
  event: string;
  bib: string;
  query: string;
  landing: boolean;
  picker: boolean;
}[] = [
  {
    id: "mysport-usa",
    langs: ["en"],
    event: "1004",
    bib: "402",
    query: "Hudson",
    landing: false,
    picker: false,
  },
  {
    id: "ironstar",
    langs: ["ru"],
    event: "1002",
    bib: "202",
    query: "Sochi",
    landing: true,
    picker: true,
  },
  {
    id: "timerman",
    langs: ["en"],
    event: "1003",
    bib: "303",
    query: "Kazan",
    landing: true,
    picker: true,
  },
  {
    id: "myeventphoto",
    langs: ["ru"],
    event: "1003",
    bib: "304",
    query: "Kazan",
    landing: false,
    picker: true,
  },
];

for (const t of OTHERS) {
  for (const lang of t.langs) {
    const w = WORDS[lang];
    test.describe(`${t.id} in ${lang}`, () => {
      test.use({ locale: w.locale });

      // One chain per tenant and language (one context, one worker): the screens it shares with
      // no other tenant first, then the shop's path from home to checkout in its colours.
      test("contacts, language menu, landing dialog, drawer, home, photos, viewer, frame picker, cart, checkout", async ({
        page,
      }) => {
        const audit = await Audit.start(page, `${t.id}/${lang}`);
        await open(page, t.id, "/contacts");
        await audit.check("contacts");
        if (t.picker) await withLanguageMenu(page, w, audit);
        if (t.landing) await requestDialogs(page, t.id, w, audit, false);
        await withDrawer(page, w, audit);

        await homeWithResults(page, t.id, w, t.query);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await audit.check("home with events found");

        await open(page, t.id, `/event/${t.event}/photos?tab=all`);
        await expect(grid(page).locator("img").first()).toBeVisible();
        await audit.check(`event photos /event/${t.event}/photos`);

        await searchResults(page, t.id, t.event, t.bib);
        const viewer = await openViewer(page, w);
        await audit.check("photo viewer dialog");
        await page.keyboard.press("Escape");
        await expect(viewer).toHaveCount(0);
        const picker = await framePickerWithError(page, w);
        await audit.check("frame picker dialog with its error");
        await page.keyboard.press("Escape");
        await expect(picker).toBeHidden();

        await buyPackage(page, w);
        await toCart(page, w);
        await audit.check("cart with items");
        // Step Order's error is the same field error, in the same colours, as step Payment's.
        await checkoutOrderError(page, w);
        await checkoutPaymentError(page, w);
        await audit.check("checkout, step Payment with the offer error");
        audit.done();
      });
    });
  }
}

/**
 * A runner's own photos, in every tenant (TimerMan also in Spanish): the event page with its
 * cover, prices and strip; checkout of a free order (its note, the offer agreement's error);
 * the paid order with Share and the copied-link confirmation.
 */
const RUNNER_SCREENS: { id: TenantId; locale: string; event: string; bib: string }[] = [
  { id: "mysport", locale: "ru-RU", event: "1003", bib: "308" },
  { id: "mysport-usa", locale: "en-US", event: "1004", bib: "404" },
  { id: "ironstar", locale: "en-US", event: "1003", bib: "308" },
  { id: "timerman", locale: "es-ES", event: "1003", bib: "309" },
  { id: "myeventphoto", locale: "ru-RU", event: "1003", bib: "309" },
];

for (const t of RUNNER_SCREENS) {
  test.describe(`${t.id} (${t.locale}) runner's screens`, () => {
    test.use({ locale: t.locale, viewport: { width: 390, height: 844 }, hasTouch: true });

    test("event page, free checkout, paid order with Share", async ({ page }) => {
      const audit = await Audit.start(page, `${t.id}/${t.locale}`);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await open(page, t.id, `/event/${t.event}`);
      await expect(page.locator(".event-strip img").first()).toBeVisible();
      await expect(page.locator(".event-prices li").first()).toBeVisible();
      await audit.check(`event page /event/${t.event}`);

      await open(page, t.id, `/search/${t.event}/${t.bib}`);
      await page.locator(".offers__item .button").first().click();
      await expect(page.locator(".cart-badge")).toHaveText("1");
      await page.locator(".app-bar__actions > a:last-child").click();
      await page.locator(".promo__input").fill(`FREE-A11Y-${t.id.toUpperCase()}-${Date.now()}`);
      await page.locator(".promo__form button[type=submit]").click();
      await expect(page.locator(".promo__code")).toHaveCount(1);
      await page.locator(".cart__checkout").click();
      await page.locator(".checkout__form input[type=email]").fill("runner@example.com");
      await page.locator(".checkout__pay").click();
      await expect(page.locator("#checkout-agreement-error")).toBeVisible();
      await audit.check("free checkout with the offer agreement's error");

      await page.locator(".checkout__agreement input").check();
      await page.locator(".checkout__pay").click();
      await page.waitForURL(/\/order\/[^/]+$/);
      const share = page.locator(".paid-photo__share").first();
      await expect(share).toBeVisible({ timeout: 20_000 });
      await share.click();
      await expect(page.locator(".paid-photo__status").first()).not.toBeEmpty();
      await audit.check("paid order with Share and the link copied");
      audit.done();
    });
  });
}
