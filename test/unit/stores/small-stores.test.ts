/**
 * The small shell stores against the spec's numbers: currency 643 by default and 840 on US hosts
 * (§1, §9); breakpoints mobile under 768 px, tablet 768 to under 1200, desktop 1200 and above,
 * with the side drawer on small and medium screens (§2, §9); at most 2 notifications at once,
 * 1 on mobile (§2); pending orders kept in local storage, each added once and removed on request
 * (§3).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../../cli/config/schema.ts";
import type { OrderState } from "../../../storefront/src/api/contracts/common.ts";
import type { CookieJar } from "../../../storefront/src/stores/cookies.ts";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import { LanguageStore } from "../../../storefront/src/stores/LanguageStore.ts";
import { NotificationStore } from "../../../storefront/src/stores/NotificationStore.ts";
import { PendingOrdersStore } from "../../../storefront/src/stores/PendingOrdersStore.ts";
import { SettingsStore } from "../../../storefront/src/stores/SettingsStore.ts";
import { UiStore } from "../../../storefront/src/stores/UiStore.ts";
import { testSettings } from "../fixtures/settings.ts";
import { mapStorage } from "../fixtures/stores.ts";

describe("SettingsStore: currency by host", () => {
  const settings = testSettings({
    currencyId: 643,
    hosts: [{ host: "us.mysport.example", currencyId: 840, language: "en" }],
  } as never);

  it("uses the tenant's currency 643 on an ordinary host", () => {
    const s = new SettingsStore(settings, "mysport.example");
    expect(s.currencyId).toBe(643);
    expect(s.host.language).toBeUndefined();
  });

  it("uses 840 and English on the US host, whatever the case or port", () => {
    for (const host of ["us.mysport.example", "US.MySport.example", "us.mysport.example:8443"]) {
      const s = new SettingsStore(settings, host);
      expect([host, s.currencyId, s.host.language]).toEqual([host, 840, "en"]);
    }
  });

  it("the app waits until the theme is marked ready", () => {
    const s = new SettingsStore(settings, "mysport.example");
    expect(s.themeReady).toBe(false);
    s.markThemeReady();
    expect(s.themeReady).toBe(true);
  });
});

describe("UiStore: viewport and side drawer", () => {
  it("mobile under 768 px, tablet 768 to under 1200, desktop 1200 and above", () => {
    const ui = new UiStore(767, true);
    expect([ui.viewport, ui.usesDrawer]).toEqual(["mobile", true]);
    ui.setWidth(768);
    expect([ui.viewport, ui.usesDrawer]).toEqual(["tablet", true]);
    ui.setWidth(1199);
    expect([ui.viewport, ui.usesDrawer]).toEqual(["tablet", true]);
    ui.setWidth(1200);
    expect([ui.viewport, ui.usesDrawer]).toEqual(["desktop", false]);
    expect(ui.touch).toBe(true);
  });

  it("an open drawer closes when the window grows to desktop, and stays open on tablet", () => {
    const ui = new UiStore(800, false);
    ui.setDrawerOpen(true);
    ui.setWidth(1000);
    expect(ui.drawerOpen).toBe(true);
    ui.setWidth(1300);
    expect(ui.drawerOpen).toBe(false);
    ui.setDrawerOpen(true);
    ui.setDrawerOpen(false);
    expect(ui.drawerOpen).toBe(false);
  });
});

describe("NotificationStore: at most 2 at once, 1 on mobile", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows 2 of 3 on desktop and 1 on mobile, oldest first", () => {
    const ui = new UiStore(1280, false);
    const n = new NotificationStore(ui);
    n.notify("Added to the cart");
    n.notify("Removed from the cart");
    n.notify("Promo code applied");
    expect(n.visible.map((x) => x.message)).toEqual(["Added to the cart", "Removed from the cart"]);
    ui.setWidth(375);
    expect(n.visible.map((x) => x.message)).toEqual(["Added to the cart"]);
  });

  it("each notice closes by itself after 5 seconds, so the next one gets its turn", () => {
    const n = new NotificationStore(new UiStore(375, true));
    n.notify("first");
    vi.advanceTimersByTime(1000);
    n.notify("second");
    vi.advanceTimersByTime(3999);
    expect(n.visible.map((x) => x.message)).toEqual(["first"]);
    vi.advanceTimersByTime(1);
    expect(n.visible.map((x) => x.message)).toEqual(["second"]);
    vi.advanceTimersByTime(1000);
    expect(n.items).toEqual([]);
  });

  it("dismiss closes one notice by id; clear closes all", () => {
    const n = new NotificationStore(new UiStore(1280, false));
    const a = n.notify("a");
    const b = n.notify("b");
    expect(a).not.toBe(b);
    n.dismiss(a);
    expect(n.items.map((x) => x.message)).toEqual(["b"]);
    n.notify("c");
    n.clear();
    expect(n.items).toEqual([]);
    n.clear();
    expect(n.items).toEqual([]);
  });
});

describe("PendingOrdersStore: unpaid orders of this device", () => {
  const KEY = "storefront.pendingOrders";

  it("adds each order once, newest last, and keeps the list in local storage", () => {
    const map = new Map<string, string>();
    const s = new PendingOrdersStore(mapStorage(map));
    expect(s.latest).toBeNull();
    s.add("o1");
    s.add("o2");
    s.add("o1");
    expect(s.ids).toEqual(["o1", "o2"]);
    expect(s.latest).toBe("o2");
    expect(JSON.parse(map.get(KEY) ?? "null")).toEqual(["o1", "o2"]);
    expect(new PendingOrdersStore(mapStorage(map)).ids).toEqual(["o1", "o2"]);
  });

  it("removes an order on request", () => {
    const map = new Map<string, string>();
    const s = new PendingOrdersStore(mapStorage(map));
    s.add("o1");
    s.add("o2");
    s.remove("o2");
    expect([s.ids, s.latest]).toEqual([["o1"], "o1"]);
    expect(JSON.parse(map.get(KEY) ?? "null")).toEqual(["o1"]);
  });

  it("starts from what another tab stored, and reads a corrupted list as empty", () => {
    const map = new Map<string, string>([[KEY, "{not json"]]);
    const a = new PendingOrdersStore(mapStorage(map));
    expect(a.ids).toEqual([]);
    const b = new PendingOrdersStore(mapStorage(map));
    a.add("o1");
    b.add("o2");
    expect(b.ids).toEqual(["o1", "o2"]);
    a.remove("o2");
    expect(a.ids).toEqual(["o1"]);
  });

  /** A store over `ids` whose backend answers `states` (by order id), recording what is asked. */
  function checked(ids: string[], states: Record<string, OrderState | null | undefined>) {
    const map = new Map<string, string>([[KEY, JSON.stringify(ids)]]);
    const asked: (string | undefined)[] = [];
    const lookup = async (id: string) => {
      asked.push(id);
      return states[id];
    };
    return { store: new PendingOrdersStore(mapStorage(map), lookup), asked, map };
  }

  it("without the backend to ask, the latest order is the one awaiting payment", async () => {
    const map = new Map<string, string>([[KEY, JSON.stringify(["o1", "o2"])]]);
    const s = new PendingOrdersStore(mapStorage(map));
    expect(s.awaiting).toBe("o2");
    await s.confirm();
    expect([s.ids, s.awaiting]).toEqual([["o1", "o2"], "o2"]);
  });

  it("asks about the latest orders newest first: paid and unknown ones leave, the first awaiting one is offered", async () => {
    const c = checked(["o1", "o2", "o3", "o4"], {
      o4: "Completed",
      o3: null,
      o2: "AwaitingPayment",
      o1: "AwaitingPayment",
    });
    expect(c.store.awaiting).toBeNull();
    await c.store.confirm();
    expect(c.asked).toEqual(["o4", "o3", "o2"]);
    expect([c.store.ids, c.store.awaiting]).toEqual([["o1", "o2"], "o2"]);
    // A newer unpaid order is not offered before the backend confirms it.
    c.store.add("o5");
    expect(c.store.awaiting).toBeNull();
  });

  it("offline (the backend could not be asked): the list stays and nothing is offered", async () => {
    const c = checked(["o1", "o2"], { o2: undefined });
    await c.store.confirm();
    expect(c.asked).toEqual(["o2"]);
    expect([c.store.ids, c.store.awaiting]).toEqual([["o1", "o2"], null]);
  });

  it("asks at most as often as the list was long, however the list changes meanwhile", async () => {
    // Another tab keeps adding paid orders while this one asks.
    const map = new Map<string, string>([[KEY, JSON.stringify(["o1", "o2"])]]);
    const asked: string[] = [];
    const s = new PendingOrdersStore(mapStorage(map), async (id) => {
      asked.push(id);
      map.set(KEY, JSON.stringify([...JSON.parse(map.get(KEY) ?? "[]"), `new-${asked.length}`]));
      return "Completed";
    });
    await s.confirm();
    expect(asked).toEqual(["o2", "new-1"]);
    // Another tab emptied the list meanwhile: nothing more is asked.
    const emptied = new Map<string, string>([[KEY, JSON.stringify(["o1", "o2"])]]);
    const asked2: string[] = [];
    const t = new PendingOrdersStore(mapStorage(emptied), async (id) => {
      asked2.push(id);
      emptied.set(KEY, "[]");
      return "Canceled";
    });
    await t.confirm();
    expect([asked2, t.ids]).toEqual([["o2"], []]);
  });
});

describe("LanguageStore: the choice is kept in local storage and mirrored to a cookie", () => {
  /** A cookie jar that records every cookie set, with its lifetime. */
  function jar(initial: Record<string, string> = {}) {
    const values = new Map(Object.entries(initial));
    const sets: [string, string, number][] = [];
    const cookies: CookieJar = {
      get: (name) => values.get(name) ?? null,
      set: (name, value, days) => {
        values.set(name, value);
        sets.push([name, value, days]);
      },
    };
    return { cookies, sets };
  }
  function language(stored: string | null, cookies: CookieJar) {
    const map = new Map<string, string>();
    if (stored) map.set("storefront.language", stored);
    const loaded: Language[] = [];
    const store = new LanguageStore({
      settings: new SettingsStore(testSettings(), "shop.example"),
      storage: mapStorage(map),
      browserLanguages: ["ru-RU"],
      loadMessages: async (l) => void loaded.push(l),
      cookies,
    });
    return { store, map, loaded };
  }

  it("a choice stored before the cookie existed is mirrored at start-up, for 365 days", async () => {
    const { cookies, sets } = jar();
    const { store, loaded } = language("en", cookies);
    await store.init();
    expect(sets).toEqual([["storefront_lang_t", "en", 365]]);
    expect([store.language, store.loaded, loaded]).toEqual(["en", true, ["en"]]);
  });

  it("nothing is written at start-up without a stored choice, or when the cookie agrees", async () => {
    const none = jar();
    await language(null, none.cookies).store.init();
    expect(none.sets).toEqual([]);
    const same = jar({ storefront_lang_t: "en" });
    await language("en", same.cookies).store.init();
    expect(same.sets).toEqual([]);
  });

  it("switching language stores it and sets the cookie for 365 days; the same one is a no-op", async () => {
    const { cookies, sets } = jar();
    const { store, map, loaded } = language(null, cookies);
    await store.setLanguage("ru");
    expect([sets, loaded]).toEqual([[], []]);
    await store.setLanguage("en");
    expect(store.language).toBe("en");
    expect(map.get("storefront.language")).toBe("en");
    expect(sets).toEqual([["storefront_lang_t", "en", 365]]);
    expect(loaded).toEqual(["en"]);
  });

  it("the prerender serves each language in turn", () => {
    const { store } = language(null, jar().cookies);
    store.serveIn("en");
    expect(store.language).toBe("en");
  });
});

describe("ErrorStore: the error queue of spec §8", () => {
  it("the last error text of an error that is not an object is its text", () => {
    const errors = new ErrorStore();
    errors.report(404);
    expect(errors.lastErrorText).toBe("404");
    errors.report("theme stylesheet did not load");
    expect(errors.lastErrorText).toBe("theme stylesheet did not load");
    errors.report(null);
    expect(errors.lastErrorText).toBe("null");
    expect(errors.queue).toHaveLength(1);
  });

  it("an error without any text is not shown", () => {
    const errors = new ErrorStore();
    errors.report({ message: "", name: "", stack: "" });
    expect([errors.queue, errors.lastErrorText]).toEqual([[], ""]);
  });

  it("duplicate navigation leaves the last error text alone", () => {
    const errors = new ErrorStore();
    errors.report(new Error("Network down"));
    errors.report({ name: "NavigationDuplicated", message: "Avoided redundant navigation" });
    expect(errors.lastErrorText).toBe("Network down");
  });

  it("a shown message's text is the last error text; dismiss by id removes only that one", () => {
    const errors = new ErrorStore();
    errors.show("Error adding a product to the cart");
    errors.show("This item has already been added to the Cart.");
    expect(errors.lastErrorText).toBe("This item has already been added to the Cart.");
    const [first, second] = errors.queue;
    expect(first?.id).not.toBe(second?.id);
    errors.dismiss(second?.id);
    expect(errors.queue.map((q) => q.message)).toEqual(["Error adding a product to the cart"]);
    errors.dismiss();
    expect(errors.current).toBeUndefined();
  });
});
