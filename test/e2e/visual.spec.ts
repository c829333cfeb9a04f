/**
 * Visual regression: for every tenant, on a phone and on a desktop, one walk
 * from home to a paid order, compared screen by screen with the committed baselines in
 * `visual.spec.ts-snapshots/` (no platform suffix, see playwright.config.ts): home, event, the
 * participant's photos with the viewer open, the cart with items, checkout (Order, Payment)
 * and the paid order. The demo data are seeded, animations off, the caret hidden; only the
 * order number (it grows with every order the preview takes) is masked.
 *
 * Update the baselines after an intended change: `npm run test:visual:update`
 * (or `npx playwright test visual --update-snapshots` with the bundles built).
 */
import { expect, type Page, test } from "./fixtures.ts";
import { watchQuiet } from "./quiet.ts";
import { TENANT_PORTS, type TenantId, tenantUrl } from "./tenants.ts";

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
} as const;

/** The participant the walk follows: the US shop sells its own (dollar) event. */
const runnerOf = (tenant: TenantId) =>
  tenant === "mysport-usa" ? { event: "1004", bib: "402" } : { event: "1003", bib: "303" };

/**
 * Waits until the page is still: at rest (./quiet.ts: every request answered, nothing more asked
 * for once the page has had its frames and idle moments), fonts and every shown image decoded.
 */
async function settle(page: Page, quiet: () => Promise<void>) {
  await quiet();
  await page.evaluate(async () => {
    await document.fonts.ready;
    const shown = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && img.loading !== "lazy";
    });
    await Promise.all(shown.map((img) => img.decode().catch(() => undefined)));
  });
  await expect(page.locator(".spinner:visible")).toHaveCount(0);
  // No hover state from the last click.
  await page.mouse.move(0, 0);
}

/** Compares the page, once still, with its baseline; `quiet` is the page's (watchQuiet). */
async function shot(page: Page, quiet: () => Promise<void>, name: string, mask: string[] = []) {
  await settle(page, quiet);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    mask: mask.map((selector) => page.locator(selector)),
  });
}

for (const [size, device] of Object.entries(VIEWPORTS)) {
  test.describe(size, () => {
    test.use(device);

    for (const tenant of Object.keys(TENANT_PORTS) as TenantId[]) {
      test(`${tenant}: home → event → viewer → cart → checkout → paid order`, async ({ page }) => {
        test.setTimeout(90_000);
        const quiet = watchQuiet(page);
        const name = (step: string) => `${tenant}-${size}-${step}`;
        const { event, bib } = runnerOf(tenant);

        await page.goto(tenantUrl(tenant, "/"));
        await expect(page.locator(".event-card").first()).toBeVisible();
        await shot(page, quiet, name("home"));

        await page.goto(tenantUrl(tenant, `/event/${event}`));
        await expect(page.locator(".event__links")).toBeVisible();
        await shot(page, quiet, name("event"));

        await page.goto(tenantUrl(tenant, `/search/${event}/${bib}`));
        await expect(page.locator(".offers__item").first()).toBeVisible();
        await page.locator(".photo-grid__cell").first().click();
        const viewer = page.locator("dialog.viewer");
        await expect(viewer.locator(".viewer__buy")).toBeVisible();
        await expect
          .poll(() => viewer.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        await shot(page, quiet, name("viewer"));

        await viewer.locator(".viewer__buy").click();
        await expect(viewer.locator(".viewer__done")).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(viewer).toHaveCount(0);
        await page.locator(".offers__item .button").first().click();
        await expect(page.locator(".cart-badge")).toHaveText("2");

        await page.locator(".app-bar__actions > a:last-child").click();
        await expect(page.locator(".cart-item")).toHaveCount(2);
        await shot(page, quiet, name("cart"));

        await page.locator(".cart__checkout").click();
        await expect(page.locator(".checkout__form input[type=email]")).toBeVisible();
        await shot(page, quiet, name("checkout-order"));

        await page.locator(".checkout__form input[type=email]").fill("runner@example.com");
        await page.locator(".checkout__form button[type=submit]").click();
        await expect(page.locator(".payment-method").first()).toBeVisible();
        await shot(page, quiet, name("checkout-payment"));

        await page.locator(".checkout__agreement input").check();
        await page.locator(".checkout__pay").click();
        await page.waitForURL(/\/demo\/pay\//);
        await page.locator('form[action$="/pay"] button').click();
        await page.waitForURL(/\/order\/[^/]+$/);
        await expect(page.locator(".paid-order")).toBeVisible({ timeout: 20_000 });
        await expect(page.locator(".order-actions")).toBeVisible();
        // The order number grows with every order the preview has taken: masked.
        await shot(page, quiet, name("order-paid"), ["main h1"]);
      });
    }
  });
}

/**
 * The participant's screens changed for a runner's own photos (the event page, a free
 * checkout, the paid order with Share), in each of the shop's languages: TimerMan offers ru,
 * en and es, chosen here by the browser's language as a visitor's would be.
 */
const LOCALES = { ru: "ru-RU", en: "en-US", es: "es-ES" } as const;

for (const [size, device] of Object.entries(VIEWPORTS)) {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    test.describe(`${size} ${lang}`, () => {
      test.use({ ...device, locale });

      test(`timerman in ${lang}: event page, free checkout, paid order with Share`, async ({
        page,
      }) => {
        test.setTimeout(90_000);
        const quiet = watchQuiet(page);
        const name = (step: string) => `timerman-${size}-${lang}-${step}`;
        await page.goto(tenantUrl("timerman", "/event/1003"));
        await expect(page.locator(".event-strip img")).toHaveCount(8);
        await expect(page.locator(".event-prices li")).toHaveCount(2);
        await shot(page, quiet, name("event"));

        await page.goto(tenantUrl("timerman", "/search/1003/303"));
        await page.locator(".offers__item .button").first().click();
        await expect(page.locator(".cart-badge")).toHaveText("1");
        await page.locator(".app-bar__actions > a:last-child").click();
        await page.locator(".promo__input").fill(`FREE-VISUAL-${size}-${lang}-${Date.now()}`);
        await page.locator(".promo__form button[type=submit]").click();
        await expect(page.locator(".promo__code")).toHaveCount(1);
        await page.locator(".cart__checkout").click();
        await page.locator(".checkout__form input[type=email]").fill("runner@example.com");
        await expect(page.locator(".checkout__free")).toBeVisible();
        await page.locator(".checkout__form input[type=email]").blur();
        await shot(page, quiet, name("checkout-free"));

        await page.locator(".checkout__agreement input").check();
        await page.locator(".checkout__pay").click();
        await page.waitForURL(/\/order\/[^/]+$/);
        await expect(page.locator(".paid-photo__share").first()).toBeVisible({ timeout: 20_000 });
        await expect(page.locator(".order-actions")).toBeVisible();
        await shot(page, quiet, name("order-paid-share"), ["main h1"]);
      });
    });
  }
}
