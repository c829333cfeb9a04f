// @vitest-environment node
/**
 * The parts the cart store is built from: the product catalog shared by every store
 * that sells (spec §1, §4: products in state InCatalog; GET catalog/products), the cart's
 * identity on the device (spec §3, §9: cookie and local storage), the bounded resync and the
 * analytics events (spec §7: add and remove, with id, name, price, category, quantity).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Photo } from "../../../storefront/src/api/index.ts";
import type { EcommerceEvent } from "../../../storefront/src/domain/analytics.ts";
import { giftOf, packageOffers, photoProductOf } from "../../../storefront/src/domain/catalog.ts";
import {
  CART_COOKIE,
  CART_STORAGE_KEY as CART_ENTRY,
  cartIdOfStorageEvent,
  freshCartId,
  keepCartId,
  readCartId,
} from "../../../storefront/src/stores/cart-identity.ts";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { backoff } from "../../../storefront/src/stores/resync.ts";
import { apiFor, startDemo } from "../demo/demo-server.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoStores, mapStorage } from "../fixtures/stores.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const product = (productType: string, state: string, distance: string | null = null) => ({
  productType,
  state,
  distance,
});

describe("the catalog's offers (only products in state InCatalog are on sale)", () => {
  it("the photo product and the gift are the ones in the catalog", () => {
    const photo = product("photo", "InCatalog");
    const gift = product("promocode", "InCatalog");
    const archived = [product("photo", "Archived"), product("promocode", "Archived")];
    expect(photoProductOf([...archived, photo, gift])).toBe(photo);
    expect(giftOf([...archived, photo, gift])).toBe(gift);
    expect(photoProductOf(archived)).toBeNull();
    expect(giftOf(archived)).toBeNull();
  });

  it("package offers: for any distance, or exactly the participant's", () => {
    const any = product("photos_with_me", "InCatalog");
    const tenK = product("photos_with_me", "InCatalog", "10 km");
    const half = product("photos_with_me", "InCatalog", "21 km");
    const all = [
      any,
      tenK,
      half,
      product("photos_with_me", "Archived"),
      product("photo", "InCatalog"),
    ];
    expect(packageOffers(all, "10 km")).toEqual([any, tenK]);
    expect(packageOffers(all)).toEqual([any]);
  });
});

describe("one product catalog for every store that sells", () => {
  it("is asked for once per event, shared by My photos, the frame picker and the cart", async () => {
    const recorded = recordingFetch();
    const store = demoStores({ origin: demo.origin, fetch: recorded.fetch });
    await store.myPhotos.searchByNumber("1003", "301");
    expect(store.myPhotos.offers.length).toBeGreaterThan(0);
    await store.framePicker.open({ eventId: "1003", eventName: "Kazan", catalogId: "c1003" });
    expect(store.framePicker.frames.length).toBeGreaterThan(0);
    expect(await store.catalog.load("c1003")).toBe(true);
    expect(store.catalog.photoProduct("c1003")?.productType).toBe("photo");
    expect(recorded.count(/^GET \/catalog\/products$/)).toBe(1);
  });

  it("two asks at once (an event page and its early prefetch) share one call", async () => {
    const recorded = recordingFetch();
    const store = demoStores({ origin: demo.origin, fetch: recorded.fetch });
    const [first, second] = await Promise.all([
      store.catalog.load("c1003"),
      store.catalog.load("c1003"),
    ]);
    expect([first, second]).toEqual([true, true]);
    expect(store.catalog.gift("c1003")?.productType).toBe("promocode");
    expect(recorded.count(/^GET \/catalog\/products$/)).toBe(1);
  });

  it("a catalog that failed to load is asked for again", async () => {
    let down = true;
    const store = demoStores({
      origin: demo.origin,
      fetch: (input, init) =>
        down ? Promise.resolve(new Response(null, { status: 503 })) : fetch(input, init),
    });
    expect(await store.catalog.load("c1003")).toBe(false);
    expect(store.catalog.productsOf("c1003")).toEqual([]);
    down = false;
    expect(await store.catalog.load("c1003")).toBe(true);
    expect(store.catalog.offers("c1003").length).toBeGreaterThan(0);
  });
});

describe("the cart's identity on the device", () => {
  const device = () => {
    const map = new Map<string, string>();
    return { map, storage: mapStorage(map), cookies: memoryCookies(), now: () => 1000 };
  };

  it("local storage first, then the cookie; junk in either is no id", () => {
    const d = device();
    expect(readCartId(d)).toBeNull();
    d.cookies.set(CART_COOKIE, "from-cookie", 365);
    expect(readCartId(d)).toBe("from-cookie");
    d.map.set(CART_ENTRY, JSON.stringify({ cartId: "from-storage" }));
    expect(readCartId(d)).toBe("from-storage");
    d.map.set(CART_ENTRY, '{"cartId":"../../etc"}');
    d.cookies.set(CART_COOKIE, "a b", 365);
    expect(readCartId(d)).toBeNull();
  });

  it("a change here rewrites the entry (other tabs follow); opening leaves a matching one", () => {
    const d = device();
    keepCartId(d, "cart-1", false);
    expect(JSON.parse(d.map.get(CART_ENTRY) ?? "")).toEqual({
      cartId: "cart-1",
      updatedAt: 1000,
    });
    d.now = () => 2000;
    keepCartId(d, "cart-1", false);
    expect(JSON.parse(d.map.get(CART_ENTRY) ?? "").updatedAt).toBe(1000);
    keepCartId(d, "cart-1", true);
    expect(JSON.parse(d.map.get(CART_ENTRY) ?? "").updatedAt).toBe(2000);
    expect(d.cookies.get(CART_COOKIE)).toBe("cart-1");
  });

  it("only the cart's own storage entry moves another tab", () => {
    const entry = JSON.stringify({ cartId: "cart-2", updatedAt: 1 });
    expect(cartIdOfStorageEvent(CART_ENTRY, entry)).toBe("cart-2");
    expect(cartIdOfStorageEvent("storefront.language", entry)).toBeNull();
    expect(cartIdOfStorageEvent(CART_ENTRY, null)).toBeNull();
    expect(cartIdOfStorageEvent(null, null)).toBeNull();
  });

  it("a corrupted entry from another tab names no cart", () => {
    for (const entry of ['{"cartId":', "", "null", "5", '"cart-1"', "[]"]) {
      expect(cartIdOfStorageEvent(CART_ENTRY, entry)).toBeNull();
    }
  });

  it("a new cart is named by 32 random hexadecimal digits, unless the device names it", () => {
    const d = { storage: mapStorage(new Map()), cookies: memoryCookies() };
    const [first, second] = [freshCartId(d), freshCartId(d)];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(freshCartId({ ...d, newId: () => "cart-9" })).toBe("cart-9");
    // Each byte is two digits, a small one with its leading zero.
    const bytes = vi.spyOn(crypto, "getRandomValues").mockImplementation((array) => {
      if (array instanceof Uint8Array) array.set([0, 1, 15, 16, 255]);
      return array;
    });
    try {
      expect(freshCartId(d)).toBe(`00010f10ff${"0".repeat(22)}`);
    } finally {
      bytes.mockRestore();
    }
  });

  it("without a clock of its own, the entry's time is the device's clock", () => {
    const map = new Map<string, string>();
    const before = Date.now();
    keepCartId({ storage: mapStorage(map), cookies: memoryCookies() }, "cart-3", true);
    const { cartId, updatedAt } = JSON.parse(map.get(CART_ENTRY) ?? "");
    expect(cartId).toBe("cart-3");
    expect(updatedAt).toBeGreaterThanOrEqual(before);
    expect(updatedAt).toBeLessThanOrEqual(Date.now());
  });
});

describe("the resync backoff", () => {
  async function settle() {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }

  it("waits 2, 4, 8, 16 s between 4 tries at most; one loop at a time; none after stop", async () => {
    const waits: number[] = [];
    let release: () => void = () => {};
    const sleep = (ms: number) =>
      new Promise<void>((go) => {
        waits.push(ms);
        release = go;
      });
    let tries = 0;
    const loop = backoff(async () => {
      tries++;
      return false;
    }, sleep);
    loop.start();
    loop.start(); // already running: no second loop
    for (let i = 0; i < 4; i++) {
      await settle();
      release();
    }
    await settle();
    expect(waits).toEqual([2000, 4000, 8000, 16000]);
    expect(tries).toBe(4);
    // Spent: a later start begins a new bounded loop; stop ends it before its next try.
    loop.start();
    await settle();
    loop.stop();
    release();
    await settle();
    expect(tries).toBe(4);
    loop.start();
    await settle();
    expect(waits).toHaveLength(5);
  });

  it("stops at the first try that works", async () => {
    let tries = 0;
    const loop = backoff(
      async () => ++tries === 2,
      async () => {},
    );
    loop.start();
    await settle();
    expect(tries).toBe(2);
  });
});

describe("analytics listens to the cart (spec §7)", () => {
  it("add and remove events with the product's id, name, price, category and quantity 1", async () => {
    const events: EcommerceEvent[] = [];
    const store = demoStores({
      settings: testSettings({ analytics: { enabled: true } }),
      origin: demo.origin,
      analytics: (e) => events.push(e),
    });
    await store.cart.init();
    await store.catalog.load("c1003");
    const photoProduct = store.catalog.photoProduct("c1003");
    const page = await apiFor(demo.origin).photos.list({ albumId: "a1003" }, {});
    const photo = page.data?.items[0] as Photo;
    if (!photoProduct) throw new Error("no photo product");
    await store.cart.addPhoto({ eventId: "1003", name: "Kazan" }, photoProduct, photo, null);
    await store.cart.remove([store.cart.items[0]?.shoppingCartItemId ?? ""]);
    const item = {
      item_id: "c1003-photo",
      item_name: photoProduct.title,
      price: 290,
      item_category: "photo",
      quantity: 1,
    };
    expect(events).toEqual([
      { event: "add_to_cart", ecommerce: { items: [item] } },
      { event: "remove_from_cart", ecommerce: { items: [item] } },
    ]);
  });
});
