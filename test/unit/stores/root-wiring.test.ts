/**
 * How RootStore wires the first screen's stores and the shop's, as main.tsx builds them: one
 * transport that sends the current language and the signed-in user's token, the tenant's sign-in
 * and banner settings, the cookie jar, the event prefetched before the shop's chunk, and the shop
 * the shell follows once attached.
 */
import { reaction } from "mobx";
import { describe, expect, it, vi } from "vitest";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { withShop } from "../../../storefront/src/stores/shop.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoRoot, mapStorage } from "../fixtures/stores.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

function root(over: { settings?: Parameters<typeof testSettings>[0] } = {}) {
  const rec = recordingFetch((call) =>
    call.path.startsWith("/events/") ? 404 : json({ items: [], total: 0 }),
  );
  const cookies = memoryCookies();
  const store = demoRoot({
    settings: testSettings(over.settings),
    browserLanguages: ["en-GB"],
    origin: "https://shop.example",
    fetch: rec.fetch,
    cookies,
  });
  return { store, rec, cookies };
}

describe("RootStore wiring", () => {
  it("one transport: every call in the current language, with the token once signed in", async () => {
    const { store, rec } = root();
    await store.home.search("Kazan");
    await store.language.setLanguage("ru");
    store.auth.setUser({ email: "runner@demo.example", accessToken: "at-7" });
    await withShop(store).account.load();
    expect(rec.lines).toEqual(["GET /events", "GET /orders"]);
    expect(rec.calls.map((c) => c.headers.get("Accept-Language"))).toEqual(["en", "ru"]);
    expect(rec.calls.map((c) => c.headers.get("Authorization"))).toEqual([null, "Bearer at-7"]);
  });

  it("the tenant's sign-in settings reach the sign-in store; without them there is none", () => {
    expect(root().store.auth.enabled).toBe(false);
    const withSignIn = root({ settings: { auth: { realm: "mysport", clientId: "storefront" } } });
    expect([withSignIn.store.auth.enabled, withSignIn.store.auth.status]).toEqual([
      true,
      "checking",
    ]);
  });

  it("home asks for the theme's banners unless the tenant hides them", async () => {
    const shown = root({
      settings: {
        theme: { id: "IronStar", logo: "/l.svg", logoSmall: "/s.svg", favicon: "/f.svg" },
      },
    });
    shown.store.home.init();
    await vi.waitFor(() => expect(shown.store.home.bannerPending).toBe(false), { timeout: 5_000 });
    expect(shown.rec.lines).toEqual(["GET /events", "GET /themeImages"]);
    expect(new URL(shown.rec.calls[1]?.url ?? "").search).toContain("IronStar");
    const hidden = root({ settings: { hideBannerOnHome: true } });
    expect(hidden.store.home.bannerPending).toBe(false);
    hidden.store.home.init();
    await vi.waitFor(() => expect(hidden.store.home.state).not.toBe("loading"), {
      timeout: 5_000,
    });
    expect(hidden.rec.lines).toEqual(["GET /events"]);
  });

  it("the language choice is mirrored to the tenant's language cookie in the jar it was given", async () => {
    const { store, cookies } = root();
    await store.language.setLanguage("ru");
    expect(cookies.get("storefront_lang_t")).toBe("ru");
    expect(cookies.get("storefront_lang")).toBeNull();
  });

  it("an event page's event is asked for once before the shop loads, and taken once", async () => {
    const { store, rec } = root();
    store.prefetchEvent("1003");
    store.prefetchEvent("1003");
    expect(rec.lines).toEqual(["GET /events/1003"]);
    const early = store.takeEarlyEvent("1003");
    expect((await early)?.ok).toBe(false);
    expect(store.takeEarlyEvent("1003")).toBeUndefined();
    store.prefetchEvent("1003");
    expect(rec.lines).toEqual(["GET /events/1003", "GET /events/1003"]);
  });

  it("the shell follows the shop once attached, and gets the very stores the screens use", () => {
    const { store } = root();
    const seen: unknown[] = [];
    const stop = reaction(
      () => store.shop,
      (shop) => seen.push(shop),
    );
    expect(store.shop).toBeNull();
    const shop = withShop(store);
    store.attachShop(shop);
    stop();
    expect(seen).toEqual([shop]);
    expect(store.shop).toBe(shop);
    expect(store.shop?.cart).toBe(withShop(store).cart);
  });

  it("the unpaid orders are asked about over the shop's transport: one the backend does not know leaves, a failed call keeps it", async () => {
    const rec = recordingFetch((call) => (call.path === "/orders/o2" ? 404 : 503));
    const store = demoRoot({ origin: "https://shop.example", fetch: rec.fetch });
    const { pendingOrders } = withShop(store);
    pendingOrders.add("o1");
    pendingOrders.add("o2");
    await pendingOrders.confirm();
    // o2 is gone; o1 could not be asked (503): kept, and not offered until the backend says.
    expect(rec.lines).toEqual(["GET /orders/o2", "GET /orders/o1"]);
    expect([pendingOrders.ids, pendingOrders.awaiting]).toEqual([["o1"], null]);
  });

  it("the face-search agreement is kept in the visit's storage the app gives: a reload of the tab still has it", () => {
    const visit = new Map<string, string>();
    const tab = () =>
      withShop(demoRoot({ origin: "https://shop.example", visitStorage: mapStorage(visit) }));
    tab().selfieConsent.set("1003", true);
    expect(tab().selfieConsent.has("1003")).toBe(true);
    // Without a visit's storage (in memory only), a new page asks again.
    withShop(demoRoot({ origin: "https://shop.example" })).selfieConsent.set("1004", true);
    expect(withShop(demoRoot({ origin: "https://shop.example" })).selfieConsent.has("1004")).toBe(
      false,
    );
  });

  it("state changes only through actions: MobX flags a change made outside one", () => {
    const { store } = root();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const stop = reaction(
      () => store.ui.drawerOpen,
      () => {},
    );
    store.ui.drawerOpen = true;
    stop();
    expect(warn.mock.calls.flat().join(" ")).toContain("without using an action");
    warn.mockRestore();
  });
});
