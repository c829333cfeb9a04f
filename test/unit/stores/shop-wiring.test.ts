/**
 * How the shop's two chunks are put together over one RootStore (find.ts, shop.ts): the finding
 * stores once per root and shared by the shop, the first screen's stores beside them, and what
 * each buying store takes from the tenant and the environment: the tenant's currency before a
 * cart exists, the request forms' address, the ecommerce analytics only when the tenant enables
 * them, the environment's file ports and waits, and what the backend says of an unpaid order.
 */
import { describe, expect, it, vi } from "vitest";
import type { EcommerceEvent } from "../../../storefront/src/domain/analytics.ts";
import { CartStore } from "../../../storefront/src/stores/CartStore.ts";
import { CART_COOKIE } from "../../../storefront/src/stores/cart-identity.ts";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import type { FilePorts } from "../../../storefront/src/stores/files.ts";
import { findOf, withFind } from "../../../storefront/src/stores/find.ts";
import { shopOf, withShop } from "../../../storefront/src/stores/shop.ts";
import { tenantCookies } from "../../../storefront/src/stores/tenant-storage.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoRoot } from "../fixtures/stores.ts";

const SHOP = "https://shop.example";
const CORE = ["env", "settings", "language", "errors", "ui", "notifications", "auth", "home"];

function root(env: Partial<Parameters<typeof demoRoot>[0]> = {}) {
  const rec = recordingFetch(() => 503);
  return { store: demoRoot({ origin: SHOP, fetch: rec.fetch, ...env }), rec };
}

describe("the finding stores", () => {
  it("are built once per root, and the shop finds with the very same stores", () => {
    const { store } = root();
    const find = withFind(store);
    expect(withFind(store)).toBe(find);
    expect(findOf(store)).toBe(findOf(store));
    for (const key of ["events", "searchTokens", "catalog", "gallery", "myPhotos"] as const) {
      expect(withShop(store)[key]).toBe(find[key]);
      expect(shopOf(store)[key]).toBe(findOf(store)[key]);
    }
    expect(withShop(store).faceSearch).toBe(find.faceSearch);
    expect(withShop(store).selfieConsent).toBe(find.selfieConsent);
    // Another tab's root has its own.
    expect(withFind(root().store).events).not.toBe(find.events);
  });

  it("sit beside the first screen's stores, over the first screen's transport", () => {
    const { store } = root();
    for (const view of [withFind(store), withShop(store)]) {
      const core = view as unknown as Record<string, unknown>;
      for (const key of CORE)
        expect(core[key]).toBe((store as unknown as Record<string, unknown>)[key]);
      expect(view.api.http).toBe(store.api.http);
    }
    // Finding holds the finding services; the shop adds the buying ones beside the same objects.
    const find = findOf(store).api;
    expect(withFind(store).api).toBe(find);
    expect("carts" in find).toBe(false);
    const all = withShop(store).api;
    for (const name of ["events", "photos", "competitors", "recognition", "catalog"] as const) {
      expect(all[name]).toBe(find[name]);
    }
    expect(all.carts).toBeDefined();
  });
});

describe("the buying stores", () => {
  it("the cart is in the tenant's currency before it holds anything", () => {
    const { store } = root({ settings: testSettings({ currencyId: 978 }) });
    expect(withShop(store).cart.currencyId).toBe(978);
  });

  it("a request form goes to the tenant's address for requests", async () => {
    const { store, rec } = root({ settings: testSettings({ requestsEndpoint: "/forms/inbox" }) });
    const form = withShop(store).requests.business;
    form.set("phone", "+7 900 123 45 67");
    await form.submit();
    const photographer = withShop(store).requests.photographer;
    for (const [field, value] of Object.entries({
      name: "Anna",
      email: "anna@example.com",
      city: "Kazan",
      portfolio: "https://anna.example",
      equipment: "Canon R6",
    })) {
      photographer.set(field as never, value);
    }
    await photographer.submit();
    expect(rec.lines).toEqual(["POST /forms/inbox", "POST /forms/inbox"]);
    expect(rec.calls.map((c) => JSON.parse(c.body ?? "{}").kind)).toEqual([
      "business",
      "photographer",
    ]);
  });

  it("a cart change reaches the tenant's analytics only when the tenant enables them", () => {
    const listen = vi.spyOn(CartStore.prototype, "listen");
    try {
      const pushed: EcommerceEvent[] = [];
      const analytics = (event: EcommerceEvent) => void pushed.push(event);
      const print = { productId: "p1", title: "Print", productType: "Print", price: 300 };
      const enabled = testSettings({ analytics: { enabled: true } });
      withShop(root({ settings: enabled, analytics }).store);
      expect(listen).toHaveBeenCalledTimes(1);
      listen.mock.calls[0]?.[0]({ kind: "added", products: [print] });
      expect(pushed.map((e) => e.event)).toEqual(["add_to_cart"]);
      // Enabled without a place for the events, or a place while the tenant has them off.
      withShop(root({ settings: enabled }).store);
      withShop(root({ analytics }).store);
      expect(listen).toHaveBeenCalledTimes(1);
    } finally {
      listen.mockRestore();
    }
  });

  it("the cart this device keeps in the tenant's cookie is the one opened", async () => {
    const jar = memoryCookies();
    const id = "0123456789abcdef0123456789abcdef";
    tenantCookies(jar, "t").set(CART_COOKIE, id, 365);
    const { store, rec } = root({ cookies: jar });
    await withShop(store).cart.init();
    expect(rec.lines[0]).toBe(`GET /shoppingCarts/${id}`);
    withShop(store).cart.dispose();
  });

  it("saving files and the pay page's redirect go through the environment's ports", () => {
    const files = { redirect: vi.fn() } as unknown as FilePorts;
    const { store } = root({ files });
    expect(withShop(store).files).toBe(files);
    expect(withShop(store).storage).toBe(store.storage);
  });

  it("the paid order's checks wait with the environment's sleep", async () => {
    const sleep = vi.fn(async () => {});
    const { store } = root({ sleep });
    const shop = withShop(store);
    // The order awaits payment and its payments cannot be read: keep checking.
    vi.spyOn(shop.api.orders, "get").mockResolvedValue(
      ok({ orderId: "o1", invoiceId: "i1", state: "AwaitingPayment" }) as never,
    );
    vi.spyOn(shop.api.invoices, "payments").mockResolvedValue(failed(503) as never);
    await shop.order.open("order", "o1");
    expect(shop.order.phase).toBe("awaiting");
    expect(sleep).toHaveBeenCalled();
  });

  it("an unpaid order the backend still awaits payment for is offered; a paid one leaves", async () => {
    const { store } = root();
    const shop = withShop(store);
    const states: Record<string, string> = { o1: "AwaitingPayment", o2: "Completed" };
    const get = vi
      .spyOn(shop.api.orders, "get")
      .mockImplementation(async (id) => ok({ orderId: id, state: states[id] }) as never);
    shop.pendingOrders.add("o1");
    shop.pendingOrders.add("o2");
    await shop.pendingOrders.confirm();
    expect(get.mock.calls.map((c) => c[0])).toEqual(["o2", "o1"]);
    expect([shop.pendingOrders.ids, shop.pendingOrders.awaiting]).toEqual([["o1"], "o1"]);
  });
});
