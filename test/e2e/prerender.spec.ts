/**
 * Prerendered pages (DESIGN 3a): every route of every tenant arrives as HTML and is
 * hydrated without a warning; a language chosen in the page comes back in the first byte; home
 * reads without JavaScript.
 *
 * Only what needs a browser is here. Which language the server answers a request in (its
 * cookie, Accept-Language, the US variant) reads the server's replies alone: that table is in
 * test/unit/preview/first-byte-language.test.ts.
 *
 * Every route is loaded in every tenant, not once for all: the served shell is one file per
 * tenant and language, while the app's first render depends on both the route and the tenant's
 * settings (its menu and which entry is the current one, footer, languages, landing pages on or
 * off, app bar), and each pair must come out as the server sent it. A page is read once it is
 * at rest (./quiet.ts): every request answered and nothing more asked for, instead of
 * Playwright's `networkidle` and its 500 ms of silence per page.
 */
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { watchQuiet } from "./quiet.ts";
import { TENANT_PORTS, type TenantId, tenantUrl } from "./tenants.ts";

const TENANTS = Object.keys(TENANT_PORTS) as TenantId[];
const ROUTES = [
  "/",
  "/contacts",
  "/for-organizers",
  "/for-photographers",
  "/for-business",
  "/cart",
  "/order",
  "/event/1003",
  "/event/1003/photos",
  "/search",
  "/search/1003/101",
  "/order/900001",
  "/preorder/900001",
  "/no-such-page",
];

/** Console errors and warnings, but not failed requests (a demo 404 is the screen's business). */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() !== "error" && m.type() !== "warning") return;
    if (/^Failed to load resource/.test(m.text())) return;
    seen.push(`${m.type()}: ${m.text()}`);
  });
  return seen;
}

/** Files matching `pattern` arrive `ms` late, as on a slow phone's network. */
async function arriveLate(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((done) => setTimeout(done, ms));
    await route.continue();
  });
}

/** Keeps what the server sent (before any script ran) to compare with the live page. */
async function rememberServedPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const w = window as unknown as { served: { bar: Element | null; lang: string; h1: string } };
      w.served = {
        bar: document.querySelector("#root header"),
        lang: document.documentElement.lang,
        h1: document.querySelector("#root h1")?.textContent ?? "",
      };
    });
  });
}

async function servedVersusLive(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { served: { bar: Element | null; lang: string; h1: string } };
    return {
      hadBar: !!w.served?.bar,
      // Hydration keeps the server's elements; a client render would have replaced them.
      kept: !!w.served?.bar?.isConnected,
      servedLang: w.served?.lang,
      lang: document.documentElement.lang,
    };
  });
}

for (const tenant of TENANTS) {
  test(`${tenant}: every route is prerendered and hydrates without a warning`, async ({ page }) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    const quiet = watchQuiet(page);
    await rememberServedPage(page);
    for (const route of ROUTES) {
      // The app's start is waited for here, as a condition that must hold (the fixture's wait,
      // with the same limit, lets a page that never starts through).
      await page.goto(tenantUrl(tenant, route), { waitUntil: "commit" });
      await expect(page.locator("html[data-app=live]"), route).toBeAttached({ timeout: 20_000 });
      await expect(
        page.locator("#main h1:visible, #main [role=status]:visible").first(),
      ).toBeVisible();
      await quiet();
      const state = await servedVersusLive(page);
      expect(state, route).toMatchObject({ hadBar: true, kept: true });
      expect(state.lang, route).toBe(state.servedLang);
    }
    expect(problems).toEqual([]);
  });
}

// "The first byte is in the visitor's language (preview): cookie, Accept-Language, US variant"
// moved to test/unit/preview/first-byte-language.test.ts (the server's replies, no page).

test("a visitor who picks a language gets it from the server on the next visit, without a flash", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  await rememberServedPage(page);
  await page.goto(tenantUrl("mysport", "/contacts"));
  await expect(page.getByRole("heading", { level: 1, name: "Контакты" })).toBeVisible();
  await page.getByRole("button", { name: /Язык/ }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "storefront_lang_mysport")?.value).toBe("en");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await quiet();
  const state = await servedVersusLive(page);
  expect(state).toMatchObject({ servedLang: "en", lang: "en", kept: true });
  expect(
    await page.evaluate(() => (window as unknown as { served: { h1: string } }).served.h1),
  ).toBe("Contacts");
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });
  test("gets English in the first byte and keeps it", async ({ page }) => {
    const quiet = watchQuiet(page);
    await rememberServedPage(page);
    await page.goto(tenantUrl("mysport"));
    await expect(page.getByRole("heading", { level: 1, name: "MySport" })).toBeVisible();
    await quiet();
    expect(await servedVersusLive(page)).toMatchObject({
      servedLang: "en",
      lang: "en",
      kept: true,
    });
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("a tap on the prerendered menu button before the app starts is not lost", async ({
    page,
  }) => {
    // A slow network: the app's entry arrives 1.5 s after the page has painted.
    await arriveLate(page, /\/assets\/index-[\w-]+\.js$/, 1_500);
    await page.goto(tenantUrl("mysport"), { waitUntil: "commit" });
    // The boot script has run (it asks for the app's modules once the page has painted): from
    // then on a tap is kept. Before it, on a busy machine, the button is painted but nothing
    // listens yet, and a tap there is the browser's alone.
    await page.waitForFunction(() => document.querySelector('link[rel="modulepreload"]') !== null);
    const menu = page.getByRole("button", { name: "Открыть меню" });
    await menu.click();
    expect(await page.evaluate(() => document.documentElement.dataset.app ?? "")).toBe("");
    await expect(page.getByRole("dialog", { name: "Меню" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("dialog").getByRole("link", { name: "Контакты" })).toBeVisible();
  });
});

test.describe("on a phone, in English", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: "en-US",
  });
  test("text typed into home's search before the app starts is kept and searched for", async ({
    page,
  }) => {
    // A slow network: the app's entry arrives 2 s after the page has painted.
    await arriveLate(page, /\/assets\/index-[\w-]+\.js$/, 2_000);
    const quiet = watchQuiet(page);
    const searched: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith("/photo-service/api/v1/events")) searched.push(url.search);
    });
    await page.goto(tenantUrl("mysport"), { waitUntil: "commit" });
    const field = page.getByLabel("Event name");
    await field.pressSequentially("Kazan");
    expect(await page.evaluate(() => document.documentElement.dataset.app ?? "")).toBe("");
    await expect(page.locator("html[data-app=live]")).toBeAttached({ timeout: 15_000 });
    // Once the first events have come and gone through the page, the text is still there.
    await quiet();
    await expect(field).toHaveValue("Kazan");
    // The app has it too: it searches for it, and the next key adds to it.
    await expect.poll(() => searched.some((q) => q.includes("Kazan"))).toBe(true);
    await field.press("End");
    await field.pressSequentially(" Night");
    await expect(field).toHaveValue("Kazan Night");
  });
});

test.describe("on a phone, typing before the page has finished arriving", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("text typed before the boot script runs is kept and searched for", async ({ page }) => {
    // The boot script (a module, run once the page is parsed) is held until the visitor has
    // typed, so no input event of theirs is heard by it.
    const quiet = watchQuiet(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(tenantUrl("mysport"), { waitUntil: "commit" });
    const field = page.getByLabel("Название события");
    await field.pressSequentially("Казань");
    expect(await page.evaluate(() => document.documentElement.dataset.app ?? "")).toBe("");
    release();
    await expect(page.locator("html[data-app=live]")).toBeAttached({ timeout: 15_000 });
    await quiet();
    await expect(field).toHaveValue("Казань");
    await expect(page.getByRole("heading", { name: "Найденные события" })).toBeVisible();
  });
});

test.describe("an event page opened from a link on a slow phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("gets its screen and the finding stores beside the entry, not the shop's chunk, and renders the screen without a loading state", async ({
    page,
  }) => {
    // The entry arrives 1.5 s after the page has painted; the route's chunks must not wait for it.
    const entryRequest = /\/assets\/index-[\w-]+\.js$/;
    await arriveLate(page, entryRequest, 1_500);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    let entryDone = false;
    const beforeEntry: string[] = [];
    page.on("requestfinished", (r) => {
      if (entryRequest.test(r.url())) entryDone = true;
    });
    page.on("request", (r) => {
      if (!entryDone) beforeEntry.push(new URL(r.url()).pathname);
    });
    // A loading state the app puts up once started (the served shell's own is kept by hydration):
    // a screen whose chunk is still on its way would show one.
    await page.addInitScript(() => {
      const w = window as unknown as { loadingStates: number };
      w.loadingStates = 0;
      new MutationObserver((records) => {
        if (!document.documentElement.dataset.app) return;
        for (const r of records)
          for (const node of r.addedNodes)
            if (node instanceof Element && node.matches(".screen-loading, :has(.screen-loading)"))
              w.loadingStates++;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(tenantUrl("mysport", "/event/1003"));
    await expect(
      page.getByRole("heading", { level: 1, name: "Kazan Night Run 2025" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toBeVisible();

    expect(beforeEntry.some((p) => /\/assets\/EventScreen-[\w-]+\.js$/.test(p))).toBe(true);
    expect(beforeEntry.some((p) => /\/assets\/find-[\w-]+\.js$/.test(p))).toBe(true);
    // The cart and checkout come once the event's content is there (its gift offer renders
    // from the finding stores), never in the way of the event itself.
    expect(beforeEntry.filter((p) => /\/assets\/shop-[\w-]+\.js$/.test(p))).toEqual([]);
    const shown = await page.evaluate(
      () => (window as unknown as { loadingStates: number }).loadingStates,
    );
    expect(shown).toBe(0);
    // The event's products are asked for once, although the page and its prefetch both want them.
    expect(requested.filter((p) => p.endsWith("/catalog/products"))).toHaveLength(1);
  });
});

test("contacts and a landing page load neither the finding stores nor the cart until the visitor acts, then the shop opens; contacts only its own messages", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => scripts.push(new URL(r.url()).pathname));
  const shopChunks = (paths: string[]) =>
    paths.filter((p) => /\/assets\/(find|shop)-[\w-]+\.js$/.test(p));
  // What the page had asked for when it came alive (read in the page, not when the test looks).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.app !== "live") return;
      observer.disconnect();
      const w = window as unknown as { askedWhenLive: string[] };
      w.askedWhenLive = performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
  });
  for (const path of ["/contacts", "/for-organizers"]) {
    await page.goto(tenantUrl("mysport", path));
    await expect(page.locator("html[data-app=live]")).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const asked = await page.evaluate(
      () => (window as unknown as { askedWhenLive: string[] }).askedWhenLive,
    );
    // Live and hydrated without the shop's chunks: nothing on these pages finds or buys.
    expect(
      asked.some((p) => /\/assets\/view-[\w-]+\.js$/.test(p)),
      path,
    ).toBe(true);
    expect(shopChunks(asked), path).toEqual([]);
    if (path === "/contacts") {
      // Contacts shows its own part of the catalog, not the whole of it.
      expect(asked.some((p) => /\/assets\/ru-ContactsScreen-[\w-]+\.js$/.test(p))).toBe(true);
      expect(asked.filter((p) => /\/assets\/ru-[\w-]{8}\.js$/.test(p))).toEqual([]);
    }
  }
  scripts.length = 0;
  // The first touch opens the shop (its cart is what the app bar's cart button shows).
  await page.mouse.wheel(0, 200);
  await expect.poll(() => shopChunks(scripts).length).toBeGreaterThan(0);
});

test("an event page asks for the app's JavaScript at once, home only after its first paint", async ({
  page,
}) => {
  // The boot script arrives 1.5 s late.
  const boot = /\/assets\/boot-[\w-]+\.js$/;
  await arriveLate(page, boot, 1_500);
  const entryBeforeBoot = async (path: string) => {
    let booted = false;
    let entryFirst: boolean | null = null;
    const onFinished = (r: { url(): string }) => {
      if (boot.test(r.url())) booted = true;
    };
    const onRequest = (r: { url(): string }) => {
      if (entryFirst === null && /\/assets\/index-[\w-]+\.js$/.test(r.url())) entryFirst = !booted;
    };
    page.on("requestfinished", onFinished);
    page.on("request", onRequest);
    await page.goto(tenantUrl("mysport", path));
    await expect(page.locator("html[data-app=live]")).toBeAttached();
    page.off("requestfinished", onFinished);
    page.off("request", onRequest);
    return entryFirst;
  };
  // A shell has nothing to read until the app renders the route: its HTML asks for the app.
  expect(await entryBeforeBoot("/event/1003")).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "Kazan Night Run 2025" })).toBeVisible();
  // Home is readable as served: its first paint does not share the network with the app.
  expect(await entryBeforeBoot("/")).toBe(false);
});

test("the first screen's styles come inside the page: no stylesheet request, before or after the app starts", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  const stylesheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "stylesheet" || r.url().endsWith(".css")) stylesheets.push(r.url());
  });
  for (const path of ["/", "/event/1003", "/cart", "/contacts"]) {
    await page.goto(tenantUrl("mysport", path));
    await expect(page.locator("html[data-app=live]")).toBeAttached();
    await quiet();
    // Styled as the tenant's theme says: mysport.yaml's background, #f5f7fa.
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
    ).toBe("rgb(245, 247, 250)");
  }
  expect(stylesheets).toEqual([]);
});

test.describe("when the app's JavaScript does not arrive", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: "en-US",
  });
  for (const [what, chunk] of [
    ["the view (React, the screens)", /\/assets\/view-[\w-]+\.js$/],
    ["the entry", /\/assets\/index-[\w-]+\.js$/],
  ] as const) {
    test(`${what} fails: the page says so and offers a reload that brings the app`, async ({
      page,
    }) => {
      let failing = true;
      await page.route(chunk, (route) => (failing ? route.abort() : route.continue()));
      // Not the fixture's wait for the app, which would wait out its limit for an app that
      // cannot start: the notice is the condition waited for.
      await page.goto(tenantUrl("mysport", "/event/1003"), { waitUntil: "commit" });
      const notice = page.getByRole("alert").filter({
        hasText: "Part of the page could not be loaded. Check your connection and reload the page.",
      });
      await expect(notice).toBeVisible();
      // The served page stays as it was: bar and footer readable, nothing lost.
      await expect(page.getByRole("contentinfo")).toBeAttached();
      await page.screenshot({ path: test.info().outputPath("load-failed.png") });
      failing = false;
      await notice.getByRole("link", { name: "Reload the page" }).click();
      await expect(page.locator("html[data-app=live]")).toBeAttached();
      await expect(
        page.getByRole("heading", { level: 1, name: "Kazan Night Run 2025" }),
      ).toBeVisible();
      await expect(notice).toBeHidden();
    });
  }
  test("a page whose app starts shows no such notice", async ({ page }) => {
    await page.goto(tenantUrl("mysport", "/event/1003"));
    await expect(page.locator("html[data-app=live]")).toBeAttached();
    await expect(page.locator(".load-failed")).toBeHidden();
  });
});

test("the stores ask for an event page's event and offers before the view (React, the screens) has arrived", async ({
  page,
}) => {
  // The view's chunks arrive 1.5 s late, as the largest file does on a slow phone.
  const viewChunk = /\/assets\/view-[\w-]+\.js$/;
  await arriveLate(page, viewChunk, 1_500);
  const calls: string[] = [];
  let viewArrived = false;
  page.on("requestfinished", (r) => {
    if (viewChunk.test(r.url())) viewArrived = true;
  });
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/public/") && !viewArrived) calls.push(path);
  });
  await page.goto(tenantUrl("mysport", "/event/1003"));
  await expect(page.getByRole("heading", { level: 1, name: "Kazan Night Run 2025" })).toBeVisible();
  expect(viewArrived).toBe(true);
  expect(calls).toEqual(
    expect.arrayContaining([
      "/public/photo-service/api/v1/events/1003",
      "/public/catalog-service/api/v1/catalog/products",
    ]),
  );
});

test("home loads only the first screen's messages; the next screen brings the whole catalog, in the language just chosen", async ({
  page,
}) => {
  // Each catalog chunk the page fetches, by language, with its text.
  const catalogs: Array<{ language: string; text: string }> = [];
  page.on("response", async (r) => {
    const name = new URL(r.url()).pathname.match(/^\/assets\/(ru|en|es)-[\w-]+\.js$/);
    if (name?.[1]) catalogs.push({ language: name[1], text: await r.text() });
  });
  const quiet = watchQuiet(page);
  await page.goto(tenantUrl("mysport", "/"));
  await expect(page.locator("html[data-app=live]")).toBeAttached();
  await quiet();
  // Home's own words, and none of the checkout's (the offer agreement's checkbox).
  expect(catalogs.map((c) => c.language)).toEqual(["ru"]);
  expect(catalogs[0]?.text).toContain("Недавние запросы");
  expect(catalogs[0]?.text).not.toContain("Я принимаю условия");

  await page.getByRole("button", { name: /Язык/ }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Participants" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByText("Support e-mail")).toBeVisible();
  await quiet();
  // The whole English catalog came with the screen: the checkout's words are there now.
  expect(catalogs.some((c) => c.language === "en" && c.text.includes("I accept the"))).toBe(true);
});

test("the event's photo screen comes alive with its own part of the catalog; the grid of All photos brings the rest", async ({
  page,
}) => {
  // The whole catalog (ru-<hash>.js) is held back until the screen is live: the screen must
  // not need it. Its own part (ru-EventPhotosScreen-…) and home's (ru-first-…) pass.
  const whole = /^\/assets\/ru-[\w-]{8}\.js$/;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wholeText = "";
  await page.route(
    (url) => whole.test(url.pathname),
    async (route) => {
      await released;
      const response = await route.fetch();
      wholeText = await response.text();
      await route.fulfill({ response });
    },
  );
  await page.goto(tenantUrl("mysport", "/event/1003/photos"));
  await expect(page.locator("html[data-app=live]")).toBeAttached();
  // In Russian, from the screen's own part alone.
  await expect(page.getByRole("heading", { name: "Найдите свои фото по лицу" })).toBeVisible();
  await expect(
    page.getByText(
      "Я согласен(на), чтобы моё селфи использовалось для поиска моих фото с этого события",
    ),
  ).toBeVisible();
  release();
  await page.getByRole("tab", { name: "Все фото" }).click();
  await expect(page.getByRole("region", { name: "Все фото" })).toBeVisible();
  // The grid is a lazy part: the whole catalog (the checkout's words too) came with it.
  expect(wholeText).toContain("Я принимаю условия");
});
