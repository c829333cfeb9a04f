/**
 * The scroll manager: a new screen opens at its top like a page load;
 * back/forward and a reload return to where the entry was left, once the page is tall enough.
 */
import { describe, expect, it } from "vitest";
import {
  RESTORE_WAIT_MS,
  SCROLL_ENTRIES_KEPT,
  SCROLL_STORAGE_KEY,
  type ScrollEntry,
  ScrollManager,
  type ScrollPort,
} from "../../../storefront/src/shell/scroll-restoration.ts";

/** A page of `height` px in an 844 px viewport; scrollTo clamps like a browser. */
function fakePage(stored = new Map<string, string>()) {
  const page = {
    y: 0,
    height: 3000,
    time: 0,
    hashes: new Map<string, number>(),
    stored,
  };
  const max = () => Math.max(0, page.height - 844);
  const port: ScrollPort = {
    scrollY: () => page.y,
    scrollTo: (y) => {
      page.y = Math.min(Math.max(0, y), max());
    },
    scrollToHash: (hash) => {
      const at = page.hashes.get(hash);
      if (at === undefined) return false;
      port.scrollTo(at);
      return true;
    },
    now: () => page.time,
    storage: {
      getItem: (k) => stored.get(k) ?? null,
      setItem: (k, v) => void stored.set(k, v),
    },
  };
  /** The visitor scrolls to y (the browser fires a scroll event). */
  const scroll = (m: ScrollManager, y: number) => {
    port.scrollTo(y);
    m.record();
  };
  return { page, port, scroll };
}

let n = 0;
const entry = (pathname: string, search = "", hash = ""): ScrollEntry => ({
  key: `k${++n}`,
  pathname,
  search,
  hash,
});

describe("ScrollManager", () => {
  it("a new screen (cart → checkout) opens at its top, whatever the previous scroll", () => {
    const { page, port, scroll } = fakePage();
    const m = new ScrollManager(port);
    m.navigate(entry("/cart"), "LOAD");
    scroll(m, 900);
    m.navigate(entry("/order"), "PUSH");
    expect(page.y).toBe(0);
  });

  it("back returns to the position the entry was left at, forward to the other one", () => {
    const { page, port, scroll } = fakePage();
    const m = new ScrollManager(port);
    const grid = entry("/event/1003/photos", "?tab=all");
    const contacts = entry("/contacts");
    m.navigate(grid, "LOAD");
    scroll(m, 1200);
    m.navigate(contacts, "PUSH");
    expect(page.y).toBe(0);
    scroll(m, 300);
    m.navigate(grid, "POP");
    expect(page.y).toBe(1200);
    m.navigate(contacts, "POP");
    expect(page.y).toBe(300);
  });

  it("an entry never scrolled (or unknown) opens at the top on back", () => {
    const { page, port, scroll } = fakePage();
    const m = new ScrollManager(port);
    m.navigate(entry("/"), "LOAD");
    scroll(m, 500);
    m.navigate(entry("/cart"), "POP");
    expect(page.y).toBe(0);
  });

  it("waits for a page still too short (lazy screen, photos loading), then restores", () => {
    const { page, port, scroll } = fakePage();
    const m = new ScrollManager(port);
    const grid = entry("/event/1001/photos");
    m.navigate(grid, "LOAD");
    scroll(m, 2000);
    m.navigate(entry("/cart"), "PUSH");
    page.height = 900; // the grid screen comes back empty at first
    m.navigate(grid, "POP");
    expect(page.y).toBe(56);
    expect(m.waitingFor).toBe(2000);
    // A scroll event of the clamped page does not overwrite the wanted position.
    m.record();
    page.time += 100;
    expect(m.retry()).toBe(true);
    page.height = 4000; // the photos arrived
    page.time += 100;
    expect(m.retry()).toBe(false);
    expect(page.y).toBe(2000);
    expect(m.waitingFor).toBeNull();
  });

  it("gives up after RESTORE_WAIT_MS, or as soon as the visitor scrolls or taps", () => {
    const { page, port, scroll } = fakePage();
    const m = new ScrollManager(port);
    const a = entry("/a");
    m.navigate(a, "LOAD");
    scroll(m, 2000);
    m.navigate(entry("/b"), "PUSH");
    page.height = 1000;
    m.navigate(a, "POP");
    page.time += RESTORE_WAIT_MS + 1;
    expect(m.retry()).toBe(false);
    expect(m.waitingFor).toBeNull();

    // Given up: the entry now holds where the visitor actually was.
    expect(page.y).toBe(156);
    const d = entry("/d");
    page.height = 3000;
    m.navigate(d, "PUSH");
    scroll(m, 2000);
    m.navigate(entry("/c"), "PUSH");
    page.height = 1000;
    m.navigate(d, "POP");
    expect(m.waitingFor).toBe(2000);
    m.cancel();
    expect(m.waitingFor).toBeNull();
    page.height = 5000;
    expect(m.retry()).toBe(false);
    expect(page.y).toBeLessThan(2000);
  });

  it("the same screen replacing its query (a tab) keeps its position; a redirect opens at the top", () => {
    const { page, port, scroll } = fakePage();
    const m = new ScrollManager(port);
    m.navigate(entry("/event/1003/photos", "?tab=mine"), "LOAD");
    scroll(m, 400);
    m.navigate(entry("/event/1003/photos", "?tab=all"), "REPLACE");
    expect(page.y).toBe(400);
    m.navigate(entry("/"), "REPLACE");
    expect(page.y).toBe(0);
  });

  it("a #hash on a new screen scrolls to its target instead of the top", () => {
    const { page, port } = fakePage();
    page.hashes.set("#faq", 700);
    const m = new ScrollManager(port);
    m.navigate(entry("/"), "LOAD");
    m.navigate(entry("/contacts", "", "#faq"), "PUSH");
    expect(page.y).toBe(700);
    m.navigate(entry("/contacts", "", "#missing"), "PUSH");
    expect(page.y).toBe(0);
  });

  it("positions survive a reload through sessionStorage; a plain load does not restore", () => {
    const stored = new Map<string, string>();
    const first = fakePage(stored);
    const m = new ScrollManager(first.port);
    const cart = entry("/cart");
    m.navigate(cart, "LOAD");
    first.scroll(m, 650);
    m.persist();
    expect(JSON.parse(stored.get(SCROLL_STORAGE_KEY) ?? "[]")).toEqual([
      [cart.key, { path: "/cart", y: 650 }],
    ]);

    const reloaded = fakePage(stored);
    new ScrollManager(reloaded.port).navigate(cart, "RELOAD");
    expect(reloaded.page.y).toBe(650);

    const typed = fakePage(stored);
    new ScrollManager(typed.port).navigate(cart, "LOAD");
    expect(typed.page.y).toBe(0);
  });

  it("a saved key showing another address (a new tab's first entry) is not restored", () => {
    const stored = new Map<string, string>();
    stored.set(SCROLL_STORAGE_KEY, JSON.stringify([["default", { path: "/cart", y: 650 }]]));
    const { page, port } = fakePage(stored);
    new ScrollManager(port).navigate(
      { key: "default", pathname: "/order", search: "", hash: "" },
      "RELOAD",
    );
    expect(page.y).toBe(0);
  });

  it("keeps the last SCROLL_ENTRIES_KEPT entries and ignores broken storage", () => {
    const stored = new Map<string, string>();
    const { port, scroll } = fakePage(stored);
    const m = new ScrollManager(port);
    for (let i = 0; i < SCROLL_ENTRIES_KEPT + 10; i++) {
      m.navigate(entry(`/p${i}`), "PUSH");
      scroll(m, 10 + i);
    }
    m.persist();
    const kept = JSON.parse(stored.get(SCROLL_STORAGE_KEY) ?? "[]") as [string, unknown][];
    expect(kept).toHaveLength(SCROLL_ENTRIES_KEPT);
    expect(kept.at(-1)?.[1]).toEqual({ path: `/p${SCROLL_ENTRIES_KEPT + 9}`, y: 69 });

    stored.set(SCROLL_STORAGE_KEY, "{not json");
    expect(() => new ScrollManager(port)).not.toThrow();
    stored.set(SCROLL_STORAGE_KEY, JSON.stringify([["k", { path: 1 }], "x"]));
    expect(() => new ScrollManager(port).navigate(entry("/x"), "RELOAD")).not.toThrow();
  });
});
