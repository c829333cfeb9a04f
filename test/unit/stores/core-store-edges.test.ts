/**
 * Edges of the first screen's stores and the shop's wiring: what each store holds before
 * anything happened, the shop built once per root over its transport, the device storage that
 * never throws, and the texts a visitor reads for an unexpected error.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { reaction } from "mobx";
import { describe, expect, it } from "vitest";
import type { Api, Event } from "../../../storefront/src/api/index.ts";
import { AccountStore } from "../../../storefront/src/stores/AccountStore.ts";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { LanguageStore } from "../../../storefront/src/stores/LanguageStore.ts";
import { NotificationStore } from "../../../storefront/src/stores/NotificationStore.ts";
import { businessRequestStore } from "../../../storefront/src/stores/RequestFormStore.ts";
import { SettingsStore } from "../../../storefront/src/stores/SettingsStore.ts";
import { shopOf, withShop } from "../../../storefront/src/stores/shop.ts";
import { safeStorage } from "../../../storefront/src/stores/types.ts";
import { UiStore } from "../../../storefront/src/stores/UiStore.ts";
import { ok } from "../fixtures/api-results.ts";
import { english } from "../fixtures/english.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoRoot, mapStorage } from "../fixtures/stores.ts";

describe("before anything happened", () => {
  it("no orders, no order open, nothing more to show", () => {
    const account = new AccountStore({} as Api);
    expect([account.orders, account.total, account.state, account.hasMore]).toEqual([
      [],
      0,
      "idle",
      false,
    ]);
    expect([account.order, account.items, account.orderState]).toEqual([null, [], "idle"]);
  });

  it("the side drawer is closed and the messages are not loaded yet", () => {
    expect(new UiStore(390, true).drawerOpen).toBe(false);
    const language = new LanguageStore({
      settings: new SettingsStore(testSettings(), "shop.example"),
      storage: mapStorage(new Map()),
      browserLanguages: ["en"],
      loadMessages: async () => {},
    });
    expect(language.loaded).toBe(false);
  });
});

describe("LanguageStore without a cookie jar", () => {
  it("a stored choice starts and switches without mirroring anywhere", async () => {
    const map = new Map([["storefront.language", "en"]]);
    const language = new LanguageStore({
      settings: new SettingsStore(testSettings(), "shop.example"),
      storage: mapStorage(map),
      browserLanguages: ["ru"],
      loadMessages: async () => {},
    });
    await language.init();
    await language.setLanguage("ru");
    expect([language.language, language.loaded, map.get("storefront.language")]).toEqual([
      "ru",
      true,
      "ru",
    ]);
  });
});

describe("LanguageStore at start-up", () => {
  it("a stored choice the tenant no longer offers is not mirrored to the cookie", async () => {
    const cookies = memoryCookies();
    const language = new LanguageStore({
      settings: new SettingsStore(testSettings(), "shop.example"),
      storage: mapStorage(new Map([["storefront.language", "es"]])),
      browserLanguages: ["ru"],
      loadMessages: async () => {},
      cookies,
    });
    await language.init();
    expect([language.language, cookies.get("storefront_lang_t")]).toEqual(["ru", null]);
  });
});

describe("EventStore", () => {
  const event = { eventId: "1003", name: "Kazan Night Run" } as Event;

  it("an event is loading until its answer", async () => {
    let answer: ((r: unknown) => void) | undefined;
    const api = { events: { get: () => new Promise((r) => (answer = r)) } } as unknown as Api;
    const events = new EventStore(api);
    const loading = events.load("1003");
    expect(events.loading.has("1003")).toBe(true);
    answer?.(ok(event));
    expect(await loading).toEqual(event);
    expect(events.loading.has("1003")).toBe(false);
  });
});

describe("NotificationStore", () => {
  it("closing notices when there are none changes nothing a screen shows", () => {
    const notifications = new NotificationStore(new UiStore(1280, false));
    const seen: unknown[] = [];
    const stop = reaction(
      () => notifications.items,
      (items) => seen.push(items),
    );
    notifications.clear();
    notifications.notify("Added to the cart");
    notifications.clear();
    stop();
    expect(seen).toHaveLength(1);
    expect(notifications.items).toEqual([]);
  });
});

describe("ErrorStore texts", () => {
  it("a part of the page that failed to load asks to check the connection and reload", () => {
    const errors = new ErrorStore();
    const chunk = new TypeError("Failed to fetch dynamically imported module: /assets/cart.js");
    errors.report(chunk);
    errors.report(chunk);
    expect(errors.queue.map((q) => english(q.message))).toEqual([
      "Part of the page could not be loaded. Check your connection and reload the page.",
    ]);
    errors.report(new Error("boom"));
    expect(errors.queue.map((q) => english(q.message))).toEqual([
      "Part of the page could not be loaded. Check your connection and reload the page.",
      "Something went wrong. Try again or reload the page.",
    ]);
  });
});

describe("safeStorage", () => {
  it("without a device storage, removing forgets the in-memory copy", () => {
    const storage = safeStorage(undefined);
    storage.setItem("storefront.cartId", "c1");
    storage.removeItem("storefront.cartId");
    expect(storage.getItem("storefront.cartId")).toBeNull();
  });

  it("a working storage is where values go and are removed from", () => {
    const map = new Map<string, string>();
    const storage = mapStorage(map);
    storage.setItem("k", "v");
    expect(map.get("k")).toBe("v");
    storage.removeItem("k");
    expect(map.has("k")).toBe(false);
  });
});

describe("request forms", () => {
  it("a form opened again after sending starts fresh, editing", async () => {
    const api = {
      requests: { send: async () => ({ ok: true as const, status: 201, data: null }) },
    } as unknown as Api;
    const form = businessRequestStore(api);
    form.set("phone", "+7 900 123 45 67");
    expect(await form.submit()).toBe(true);
    expect(form.state).toBe("sent");
    form.reset();
    expect([form.state, form.values.phone, form.attempted]).toEqual(["editing", "", false]);
  });
});

describe("the shop over the root", () => {
  function root() {
    const rec = recordingFetch((call) => (call.path.startsWith("/events/") ? 404 : 503));
    return { store: demoRoot({ origin: "https://shop.example", fetch: rec.fetch }), rec };
  }

  it("is built once per root: one cart, one set of stores for every screen", () => {
    const { store } = root();
    expect(shopOf(store)).toBe(shopOf(store));
    expect(withShop(store)).toBe(withShop(store));
    expect(withShop(store).cart).toBe(shopOf(store).cart);
    expect(withShop(store).home).toBe(store.home);
  });

  it("its event store takes the event prefetched before the shop loaded", async () => {
    const { store, rec } = root();
    store.prefetchEvent("1003");
    await shopOf(store).events.load("1003");
    expect(rec.lines).toEqual(["GET /events/1003"]);
    expect(shopOf(store).events.failure("1003")).toBe("not-found");
  });

  it("face search sends the selfie over the shop's transport", async () => {
    const { store, rec } = root();
    // Without a decoder (node), a real JPEG goes with its metadata segments cut out.
    const jpeg = new Blob(
      [readFileSync(join(import.meta.dirname, "../../fixtures/selfies/one-person.jpg"))],
      {
        type: "image/jpeg",
      },
    );
    // Nothing leaves before the participant agrees to the face search of this event.
    expect(await shopOf(store).faceSearch.search("1003", "a1", jpeg)).toBe(false);
    expect(rec.lines.some((l) => l.startsWith("POST /selfies"))).toBe(false);
    shopOf(store).selfieConsent.set("1003", true);
    expect(await shopOf(store).faceSearch.search("1003", "a1", jpeg)).toBe(false);
    expect(rec.lines.some((l) => l.startsWith("POST /selfies"))).toBe(true);
  });
});
