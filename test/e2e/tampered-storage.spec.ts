/**
 * Tampered device storage and hostile route parameters, as a permanent table: whatever another
 * script, an older version, another tenant or a curious participant left in local storage,
 * session storage and cookies, every route still renders its screen (no white screen, no
 * uncaught error: the fixtures fail the test on one), runs nothing (no dialog, no
 * `window.__pwned`) and gives no stored value power it should not have: a stored order id
 * opens nothing by itself, another tenant's keys are not read.
 */
import { appLive, expect, type Page, test, watchContext } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ locale: "en-US" });

const PWN = `<img src=x onerror="window.__pwned=1">`;
const JS = "javascript:window.__pwned=1";

/** One kind of tampering: what is written where before the page loads. */
interface Tampering {
  name: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
  cookies?: Record<string, string>;
}

/** Keys as mysport writes them (the tenant's own) and as an older version did (no tenant). */
const own = (name: string) => `${name}@mysport`;

const TAMPERED: readonly Tampering[] = [
  { name: "cart entry not JSON", local: { [own("storefront.cart")]: "{not json" } },
  { name: "cart id a path", local: { [own("storefront.cart")]: '{"cartId":"../../admin"}' } },
  { name: "cart id markup", local: { [own("storefront.cart")]: JSON.stringify({ cartId: PWN }) } },
  { name: "cart entry a huge string", local: { [own("storefront.cart")]: "x".repeat(200_000) } },
  { name: "cart cookie junk", cookies: { "cartId-mysport": "%E0%A4%A" } },
  { name: "cart cookie markup", cookies: { "cartId-mysport": encodeURIComponent(PWN) } },
  { name: "pending orders an object", local: { [own("storefront.pendingOrders")]: '{"a":1}' } },
  {
    name: "pending orders hostile ids",
    local: { [own("storefront.pendingOrders")]: JSON.stringify([PWN, JS, "../..", "", 7, null]) },
  },
  {
    name: "recent searches markup",
    local: { [own("storefront.recentSearches")]: JSON.stringify([PWN, 5, { a: 1 }]) },
  },
  { name: "language unknown", local: { [own("storefront.language")]: "xx<script>" } },
  { name: "language cookie junk", cookies: { storefront_lang_mysport: encodeURIComponent(PWN) } },
  {
    name: "older version's keys, all junk",
    local: {
      "storefront.cart": "[",
      "storefront.pendingOrders": "nope",
      "storefront.recentSearches": "{",
      "storefront.language": PWN,
    },
    session: { "storefront.scroll": "{" },
    cookies: { cartId: "../../x", storefront_lang: "es" },
  },
  { name: "sign-in user junk", session: { "oidc.user:junk:storefront": "{not json" } },
  {
    name: "sign-in state junk",
    local: { "oidc.0123": JSON.stringify({ id: PWN, request_type: "si:r" }) },
  },
  { name: "scroll positions junk", session: { [own("storefront.scroll")]: '[{"key":1,"y":"x"}]' } },
  {
    name: "another tenant's cart and pending order",
    local: {
      "storefront.cart@ironstar": JSON.stringify({ cartId: "ironstar-cart", updatedAt: 1 }),
      "storefront.pendingOrders@ironstar": JSON.stringify(["order-seed-05"]),
    },
    session: { "storefront.scroll@ironstar": '[["k",{"path":"/","y":1e9}]]' },
    cookies: { "cartId-ironstar": "ironstar-cart", storefront_lang_ironstar: "en" },
  },
];

/** Routes, hostile parameters included, and what each shows when it holds. */
const ROUTES: readonly { path: string; shows: (page: Page) => Promise<void> }[] = [
  { path: "/", shows: (p) => expect(p.locator("h1")).toBeVisible() },
  { path: "/cart", shows: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  {
    path: `/event/${encodeURIComponent(PWN)}/photos`,
    shows: (p) => expect(p.locator("#root")).not.toBeEmpty(),
  },
  {
    path: `/order/order-000001?status=success&returnTo=${encodeURIComponent(JS)}`,
    shows: (p) => expect(p.locator("#root")).not.toBeEmpty(),
  },
];

/**
 * Writes `t` into the tenant's storage on the next load of `page`, before the app reads
 * anything: the cookies before the request (the server reads the language cookie), local and
 * session storage at the document's start (an init script runs before the page's own), after
 * the page left before has written what it writes as it goes. No page of its own to load first.
 */
async function tamper(page: Page, t: Tampering) {
  await page.context().clearCookies();
  const url = tenantUrl("mysport", "/");
  await page
    .context()
    .addCookies(Object.entries(t.cookies ?? {}).map(([name, value]) => ({ name, value, url })));
  return page.addInitScript(
    ({ local, session }) => {
      // The page itself, not a frame in it (the sign-in check's).
      if (window !== window.top) return;
      window.localStorage.clear();
      window.sessionStorage.clear();
      for (const [k, v] of Object.entries(local)) window.localStorage.setItem(k, v);
      for (const [k, v] of Object.entries(session)) window.sessionStorage.setItem(k, v);
    },
    { local: t.local ?? {}, session: t.session ?? {} },
  );
}

/** The tampered storages in two lanes, each its own page in its own context, side by side. */
const LANES = [TAMPERED.filter((_, i) => i % 2 === 0), TAMPERED.filter((_, i) => i % 2 === 1)];

for (const route of ROUTES) {
  test(`${route.path}: every tampered storage still renders, runs nothing`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(30_000 + TAMPERED.length * 8_000);
    // The second lane's context, as the test's own is: English, watched as the fixtures watch.
    const { viewport, userAgent, deviceScaleFactor } = test.info().project.use;
    const other = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      locale: "en-US",
    });
    const watched = watchContext(other);
    const dialogs: string[] = [];
    const run = async (page: Page, lane: readonly Tampering[]) => {
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss().catch(() => {});
      });
      for (const t of lane) {
        await test.step(t.name, async () => {
          const tampered = await tamper(page, t);
          await page.goto(tenantUrl("mysport", route.path));
          // As the fixtures' page does on its own: the second lane's page waits the same way.
          await appLive(page);
          await tampered.dispose();
          await route.shows(page);
          await expect(page.locator("html"), t.name).toHaveAttribute("data-app", "live");
          expect(await page.evaluate(() => "__pwned" in window), t.name).toBe(false);
          // A stored order id is not a banner of its own: only this device's checkout adds one.
          if (route.path === "/cart")
            await expect(page.getByText("You have an order awaiting payment."), t.name).toHaveCount(
              0,
            );
          // Nothing of another tenant is read: the cart stays this tenant's own.
          if (t.name.startsWith("another tenant"))
            expect(
              await page.evaluate(
                () => window.localStorage.getItem("storefront.cart@mysport") ?? "",
              ),
              t.name,
            ).not.toContain("ironstar-cart");
        });
      }
    };
    try {
      await Promise.all([run(page, LANES[0] ?? []), run(await other.newPage(), LANES[1] ?? [])]);
      expect(dialogs).toEqual([]);
      expect(
        await watched.problems(),
        "guards of the second lane: Authorization, tokens, page errors",
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });
}

test("two tenants on one host keep their own cart: cookies ignore the port", async ({ page }) => {
  await page.goto(tenantUrl("mysport", "/search/1003/302"));
  await page
    .getByRole("region", { name: "Packages" })
    .getByRole("button", { name: /^Buy all photos/ })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  const cookie = async (name: string) =>
    (await page.context().cookies()).find((c) => c.name === name)?.value ?? null;
  const mysportCart = await cookie("cartId-mysport");
  expect(mysportCart).not.toBeNull();
  expect(await cookie("cartId")).toBeNull();
  // ironstar on another port of the same host: the cookie jar is shared, the cart is not.
  await page.goto(tenantUrl("ironstar", "/cart"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => cookie("cartId-ironstar")).not.toBeNull();
  expect(await cookie("cartId-ironstar")).not.toBe(mysportCart);
  await expect(page.locator(".cart-badge")).toHaveCount(0);
});

test("two tenants on one host keep their own language choice: the server answers each in its own", async ({
  page,
}) => {
  const open = async (id: "mysport" | "ironstar") => {
    const res = await page.goto(tenantUrl(id, "/contacts"));
    await expect(page.locator("html")).toHaveAttribute("data-app", "live");
    return res?.headers()["content-language"];
  };
  const choose = async (picker: RegExp, language: string, heading: string) => {
    await page.getByRole("button", { name: picker }).click();
    await page.getByRole("menuitemradio", { name: language }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  };
  const cookie = async (name: string) =>
    (await page.context().cookies()).find((c) => c.name === name)?.value ?? null;
  // An English browser chooses Russian on mysport.
  expect(await open("mysport")).toBe("en");
  await choose(/Language/, "Русский", "Контакты");
  expect(await cookie("storefront_lang_mysport")).toBe("ru");
  expect(await cookie("storefront_lang")).toBeNull();
  // ironstar on another port of the same host: the cookie jar is shared, the choice is not.
  expect(await open("ironstar")).toBe("en");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await choose(/Language/, "Русский", "Контакты");
  // mysport goes back to English; ironstar keeps Russian.
  expect(await open("mysport")).toBe("ru");
  await choose(/Язык/, "English", "Contacts");
  expect(await open("ironstar")).toBe("ru");
  await expect(page.getByRole("heading", { level: 1, name: "Контакты" })).toBeVisible();
  expect([
    await cookie("storefront_lang_mysport"),
    await cookie("storefront_lang_ironstar"),
  ]).toEqual(["en", "ru"]);
  expect(await open("mysport")).toBe("en");
  // Scroll positions, too, are kept under the tenant's own name (written as a page is left).
  const keys = await page.evaluate(() => Object.keys(window.sessionStorage));
  expect(keys).toContain("storefront.scroll@mysport");
  expect(keys).not.toContain("storefront.scroll");
});
