// @vitest-environment jsdom
/**
 * The boot script (storefront/src/boot/boot.ts), the page's only script tag: what it asks for
 * and when, the taps and typing it keeps until the app is live, and its notice when the app
 * cannot load. Its clock and the entry's import are stood in for; the DOM is jsdom's.
 */
import { describe, expect, it } from "vitest";
import { type BootPlan, boot } from "../../../storefront/src/boot/boot.ts";

const PLAN: BootPlan = {
  entry: "/assets/index-E.js",
  preload: ["/assets/app-A.js", "/assets/view-V.js"],
  locales: { ru: "/assets/ru-R.js", en: "/assets/en-N.js" },
  firstLocales: { ru: "/assets/ru-F.js", en: "/assets/en-F.js" },
  screens: { home: ["/assets/HomeScreen-H.js"], contacts: ["/assets/ContactsScreen-C.js"] },
  pageLocales: { contacts: { ru: "/assets/ru-ContactsScreen-P.js" } },
  routes: [
    ["/event/:id", ["/assets/EventScreen-X.js", "/assets/shop-S.js"]],
    ["/search/:id/:number", ["/assets/SearchScreen-Q.js", "/assets/shop-S.js"]],
  ],
  shells: ["shell", "cart-shell"],
  firstPages: ["home"],
};

/** A page as the build serves it, at `path`, with a hand-driven clock and entry import. */
function servedPage(path: string, page: string, lang = "ru") {
  // A document of its own per page: one boot script per page, as in a browser.
  const document = window.document.implementation.createHTMLDocument("served");
  document.documentElement.lang = lang;
  document.body.innerHTML = `<div id="root" data-page="${page}"><button type="button">Menu</button><input aria-label="Event name"></div><p class="load-failed" role="alert" hidden>Part of the page could not be loaded.</p>`;
  const frames: Array<() => void> = [];
  const timers: Array<{ at: number; run: () => void }> = [];
  let now = 0;
  const imported: string[] = [];
  let failEntry = false;
  const host = {
    window: {
      document,
      location: { pathname: path },
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
    } as unknown as Window,
    importEntry: (href: string) => {
      imported.push(href);
      return failEntry ? Promise.reject(new Error("offline")) : Promise.resolve({});
    },
  };
  return {
    document,
    boot: () => boot(PLAN, host),
    preloaded: () =>
      [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((l) =>
        l.getAttribute("href"),
      ),
    imported,
    failEntry: () => {
      failEntry = true;
    },
    /** The first paint: the next frame's callbacks run. */
    paint: () => {
      for (const run of frames.splice(0)) run();
    },
    /** Time passes: every timer due by then runs. */
    advance: (ms: number) => {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the boot script", () => {
  it("on a shell, asks at once for the entry's chunks, the catalog and the route's screen with the shop", () => {
    const page = servedPage("/event/1003/", "shell");
    page.boot();
    expect(page.preloaded()).toEqual([
      "/assets/app-A.js",
      "/assets/view-V.js",
      "/assets/ru-R.js",
      "/assets/EventScreen-X.js",
      "/assets/shop-S.js",
    ]);
    // The entry itself only after the first paint.
    expect(page.imported).toEqual([]);
    page.paint();
    page.advance(0);
    expect(page.imported).toEqual(["/assets/index-E.js"]);
    // Asked for once.
    expect(page.preloaded()).toHaveLength(5);
  });

  it("finds the route as the app does: percent-encoding and dots in a bib number", () => {
    const encoded = servedPage("/%65vent/1003", "shell");
    encoded.boot();
    expect(encoded.preloaded()).toContain("/assets/EventScreen-X.js");
    const dotted = servedPage("/search/1003/O.Brien", "shell", "en");
    dotted.boot();
    expect(dotted.preloaded()).toEqual([
      "/assets/app-A.js",
      "/assets/view-V.js",
      "/assets/en-N.js",
      "/assets/SearchScreen-Q.js",
      "/assets/shop-S.js",
    ]);
  });

  it("on an unknown path's shell, asks for the entry's chunks and the catalog only", () => {
    const page = servedPage("/no-such-page", "shell");
    page.boot();
    expect(page.preloaded()).toEqual(["/assets/app-A.js", "/assets/view-V.js", "/assets/ru-R.js"]);
  });

  it("on a full page, asks for nothing before the first paint, then for the app and the page's screen", () => {
    const page = servedPage("/contacts", "contacts");
    page.boot();
    expect(page.preloaded()).toEqual([]);
    expect(page.imported).toEqual([]);
    page.paint();
    expect(page.imported).toEqual([]);
    page.advance(0);
    expect(page.imported).toEqual(["/assets/index-E.js"]);
    expect(page.preloaded()).toEqual([
      "/assets/app-A.js",
      "/assets/view-V.js",
      "/assets/ru-ContactsScreen-P.js",
      "/assets/ContactsScreen-C.js",
    ]);
  });

  it("on home, asks for the first screen's messages only, and its screen; a lazy page, a shell and a route for the whole catalog", () => {
    const home = servedPage("/", "home", "en");
    home.boot();
    home.paint();
    home.advance(0);
    expect(home.preloaded()).toEqual([
      "/assets/app-A.js",
      "/assets/view-V.js",
      "/assets/en-F.js",
      "/assets/HomeScreen-H.js",
    ]);
    for (const [path, kind] of [
      ["/cart", "cart-shell"],
      ["/event/1003", "shell"],
    ] as const) {
      const page = servedPage(path, kind);
      page.boot();
      page.paint();
      page.advance(0);
      expect(page.preloaded()).toContain("/assets/ru-R.js");
      expect(page.preloaded()).not.toContain("/assets/ru-F.js");
    }
  });

  it("on a page prerendered whole, asks for its own part of the catalog in its language, else the whole", () => {
    // A language the plan has no part of the page in: the whole catalog.
    const english = servedPage("/contacts", "contacts", "en");
    english.boot();
    english.paint();
    english.advance(0);
    expect(english.preloaded()).toContain("/assets/en-N.js");
  });

  it("starts the app within 300 ms in a tab that does not paint", () => {
    const page = servedPage("/", "home");
    page.boot();
    page.advance(299);
    expect(page.imported).toEqual([]);
    page.advance(1);
    expect(page.imported).toEqual(["/assets/index-E.js"]);
    page.paint();
    page.advance(1_000);
    expect(page.imported).toHaveLength(1);
  });

  it("replays a tap and hands over typed text once the app is live, not before", async () => {
    const page = servedPage("/", "home");
    const { document } = page;
    page.boot();
    const button = document.querySelector("button") as HTMLButtonElement;
    const field = document.querySelector("input") as HTMLInputElement;
    const clicks: boolean[] = [];
    button.addEventListener("click", (e) => clicks.push(e.isTrusted));
    button.click();
    field.value = "Kazan";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    // Hydration puts the app's own (empty) value back.
    field.value = "";
    const typed: string[] = [];
    field.addEventListener("input", () => typed.push(field.value));
    document.documentElement.dataset.app = "starting";
    await settle();
    expect(clicks).toHaveLength(1);
    document.documentElement.dataset.app = "live";
    await settle();
    expect(clicks).toHaveLength(2);
    expect(field.value).toBe("Kazan");
    expect(typed).toEqual(["Kazan"]);
    // Once live, taps are the app's own.
    button.click();
    await settle();
    expect(clicks).toHaveLength(3);
  });

  it("hands over text typed before the boot script ran (a module runs after the page is parsed)", async () => {
    const page = servedPage("/", "home");
    const { document } = page;
    const field = document.querySelector("input") as HTMLInputElement;
    // Typed while the page was still arriving: its input events came before any listener.
    field.value = "Kazan";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    page.boot();
    field.value = "";
    const typed: string[] = [];
    field.addEventListener("input", () => typed.push(field.value));
    document.documentElement.dataset.app = "live";
    await settle();
    expect(field.value).toBe("Kazan");
    expect(typed).toEqual(["Kazan"]);
  });

  it("leaves an untouched field and a checkbox alone", async () => {
    const page = servedPage("/", "home");
    const { document } = page;
    const field = document.querySelector("input") as HTMLInputElement;
    const box = document.createElement("input");
    box.type = "checkbox";
    document.getElementById("root")?.append(box);
    page.boot();
    const changes: string[] = [];
    for (const f of [field, box]) f.addEventListener("input", () => changes.push(f.type));
    document.documentElement.dataset.app = "live";
    await settle();
    expect(changes).toEqual([]);
  });

  it("shows the page's notice when the app's entry cannot load, unless the app is live", async () => {
    const page = servedPage("/event/1003", "shell");
    page.failEntry();
    page.boot();
    page.advance(300);
    await settle();
    expect(page.document.querySelector(".load-failed")?.hasAttribute("hidden")).toBe(false);

    const live = servedPage("/event/1003", "shell");
    live.failEntry();
    live.boot();
    live.document.documentElement.dataset.app = "live";
    live.advance(300);
    await settle();
    expect(live.document.querySelector(".load-failed")?.hasAttribute("hidden")).toBe(true);
  });
});
