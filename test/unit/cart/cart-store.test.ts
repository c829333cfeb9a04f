// @vitest-environment node
/** CartStore against the in-process demo backend (spec §3, §4, §5, §7, §8, §9). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Competitor, Photo } from "../../../storefront/src/api/index.ts";
import type { EcommerceEvent } from "../../../storefront/src/domain/analytics.ts";
import type { Subject } from "../../../storefront/src/domain/search.ts";
import { type CookieJar, memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { apiFor, fakeClock, startDemo } from "../demo/demo-server.ts";
import { CART_COOKIE, CART_ENTRY, CART_ENTRY_NAME, until } from "../faults/shop.ts";
import { english } from "../fixtures/english.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoStores, mapStorage } from "../fixtures/stores.ts";

const settings = testSettings({ analytics: { enabled: true } });

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, tokenLifetimeMs: 60_000 });
});
afterAll(() => demo.close());

interface Device {
  map: Map<string, string>;
  cookies: CookieJar;
  /** How many days each cookie was set to live. */
  days: Map<string, number>;
}
function newDevice(): Device {
  const jar = memoryCookies();
  const days = new Map<string, number>();
  const cookies: CookieJar = {
    get: (name) => jar.get(name),
    set: (name, value, d) => {
      days.set(name, d);
      jar.set(name, value, d);
    },
  };
  return { map: new Map(), cookies, days };
}

/** A tab: a RootStore on a device (shared storage and cookies), with a recording fetch. */
function tab(
  device = newDevice(),
  opts: { fail?: (url: string, method: string) => boolean; analytics?: boolean } = {},
) {
  const recorded = recordingFetch((call) => (opts.fail?.(call.url, call.method) ? 503 : null));
  const events: EcommerceEvent[] = [];
  const store = demoStores({
    settings: { ...settings, analytics: { enabled: opts.analytics ?? true } },
    storage: mapStorage(device.map),
    origin: demo.origin,
    fetch: recorded.fetch,
    cookies: device.cookies,
    analytics: (e) => events.push(e),
  });
  return { store, cart: store.cart, calls: recorded.calls, events, device };
}

async function participant(eventId: string, bib: string): Promise<Subject> {
  const found = await apiFor(demo.origin).competitors.search(eventId, bib);
  if (!found.ok) throw found.error;
  const competitor = found.data.items[0] as Competitor;
  return { kind: "competitor", competitor };
}

async function photosOf(albumId: string, count: number): Promise<Photo[]> {
  const page = await apiFor(demo.origin).photos.list({ albumId }, {});
  if (!page.ok) throw page.error;
  return page.data.items.slice(0, count);
}

const EVENT = { eventId: "1003", name: "Kazan Night Run 2025" };

type Tab = ReturnType<typeof tab>;

async function photoProduct({ store: { catalog } }: Tab) {
  await catalog.load("c1003");
  const product = catalog.photoProduct("c1003");
  if (!product) throw new Error("no photo product");
  return product;
}
async function packageProduct({ store: { catalog } }: Tab) {
  await catalog.load("c1003");
  const product = catalog.offers("c1003")[0];
  if (!product) throw new Error("no package");
  return product;
}

describe("cart lifecycle", () => {
  it("creates a cart (201), keeps its id in the cookie and local storage, sets Language and Theme", async () => {
    const t = tab();
    await t.cart.init();
    const id = t.cart.cart?.shoppingCartId;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(t.device.cookies.get(CART_COOKIE)).toBe(id);
    expect(t.device.days.get(CART_COOKIE)).toBe(365); // spec §9: the cart id cookie, 365 days
    expect(JSON.parse(t.device.map.get(CART_ENTRY) ?? "{}").cartId).toBe(id);
    expect(t.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /shoppingCarts",
      `PATCH /shoppingCarts/${id}/attributes`,
    ]);
    expect(t.cart.cart?.attributes).toEqual([
      { key: "Language", value: "ru" },
      { key: "Theme", value: "MySport" },
    ]);
    // A reload (or a new tab) finds the same cart with GET, no new POST.
    const again = tab(t.device);
    await again.cart.init();
    expect(again.cart.cart?.shoppingCartId).toBe(id);
    expect(again.calls.map((c) => c.method)).toEqual(["GET"]);
  });

  it("follows the language: PATCH attributes when it changes", async () => {
    const t = tab();
    await t.cart.init();
    await t.store.language.setLanguage("en");
    await until(() => t.calls.at(-1)?.method === "PATCH");
    const stored = await apiFor(demo.origin).carts.get(t.cart.cart?.shoppingCartId ?? "");
    expect(stored.data?.attributes).toContainEqual({ key: "Language", value: "en" });
    t.cart.dispose();
  });

  it("a corrupted local storage entry yields a working cart", async () => {
    for (const junk of ["{not json", '{"cartId":"../../etc"}', "null", '"x"']) {
      const device = newDevice();
      device.map.set(CART_ENTRY, junk);
      const t = tab(device);
      await t.cart.init();
      expect(t.cart.cart?.state).toBe("Updated");
      expect(t.store.errors.queue).toEqual([]);
    }
  });

  it("a Deleted cart is not loaded: a cart error, then a fresh cart", async () => {
    const t = tab();
    await t.cart.init();
    const old = t.cart.cart?.shoppingCartId ?? "";
    await apiFor(demo.origin).carts.remove(old);
    const reload = tab(t.device);
    await reload.cart.init();
    expect(english(reload.store.errors.current?.message)).toBe(
      "Your previous cart is no longer available, so a new one was started.",
    );
    expect(reload.cart.cart?.shoppingCartId).not.toBe(old);
    expect(reload.cart.cart?.state).toBe("Updated");
    expect(JSON.parse(t.device.map.get(CART_ENTRY) ?? "{}").cartId).toBe(
      reload.cart.cart?.shoppingCartId,
    );
  });

  it("a network failure on load keeps the cart id (nothing lost)", async () => {
    const t = tab();
    await t.cart.init();
    const id = t.cart.cart?.shoppingCartId;
    const offline = tab(t.device, { fail: () => true });
    await offline.cart.init();
    expect(offline.cart.status).toBe("failed");
    expect(t.device.cookies.get(CART_COOKIE)).toBe(id);
  });
});

describe("adding and removing", () => {
  it("adds photos and a package; the badge counts them (spec §9); duplicates are flagged", async () => {
    const t = tab();
    await t.cart.init();
    const subject = await participant("1003", "301");
    const product = await photoProduct(t);
    const [photo] = await photosOf("a1003", 1);
    if (!photo) throw new Error("no photo");
    const adding = t.cart.addPhoto(EVENT, product, photo, null);
    expect(t.cart.count).toBe(1); // optimistic
    expect(await adding).toBe(true);
    expect(t.store.notifications.items.map((n) => english(n.message))).toContain(
      "Added to the cart",
    );
    expect(await t.cart.addPackage(EVENT, await packageProduct(t), subject)).toBe(true);
    expect(t.cart.count).toBe(2);
    // A photo the package covers is flagged as duplicate.
    const pkg = t.cart.items.find((i) => i.product.productType === "photos_with_me");
    const covered = pkg?.photoIds[0] ?? "";
    const coveredPhoto = { ...photo, photoId: covered };
    expect(await t.cart.addPhoto(EVENT, product, coveredPhoto, subject)).toBe(true);
    expect(t.cart.items.find((i) => i.photoId === covered)?.duplicate).toBe(true);
    expect(t.cart.count).toBe(3);
    expect(t.events.map((e) => e.event)).toEqual(["add_to_cart", "add_to_cart", "add_to_cart"]);
    expect(t.events[0]?.ecommerce.items[0]).toMatchObject({
      item_id: "c1003-photo",
      item_category: "photo",
      price: 290,
      quantity: 1,
    });
  });

  it("says 'This product is already in your cart' for a duplicate", async () => {
    const t = tab();
    await t.cart.init();
    const subject = await participant("1003", "302");
    const pkg = await packageProduct(t);
    expect(await t.cart.addPackage(EVENT, pkg, subject)).toBe(true);
    expect(await t.cart.addPackage(EVENT, pkg, subject)).toBe(false);
    expect(english(t.store.errors.current?.message)).toBe("This product is already in your cart");
    expect(t.cart.count).toBe(1);
  });

  it("refreshes an expired search token and retries the add", async () => {
    const t = tab();
    await t.cart.init();
    const subject = await participant("1003", "303");
    const pkg = await packageProduct(t);
    expect(await t.cart.addPackage(EVENT, pkg, subject)).toBe(true);
    clock.advance(61_000);
    const photo = (await photosOf("a1003", 3))[2] as Photo;
    expect(await t.cart.addPhoto(EVENT, await photoProduct(t), photo, subject)).toBe(true);
    const adds = t.calls.filter((c) => c.path.endsWith("/token") || c.path.endsWith("/items"));
    expect(adds.map((c) => c.path.split("/").pop())).toEqual([
      "token",
      "items",
      "items", // 401: the token expired
      "token",
      "items",
    ]);
  });

  it("tells a photo in one frame from the same photo in another frame or in none", async () => {
    const t = tab();
    await t.cart.init();
    await t.store.catalog.load("c1003");
    const frame = t.store.catalog.productsOf("c1003").find((p) => p.productType === "frame");
    const [classic, finisher] = frame?.frames.map((f) => f.frameId) ?? [];
    const [photo] = await photosOf("a1003", 1);
    if (!frame || !classic || !finisher || !photo) throw new Error("no frame product or photo");
    const framed = (frameId: string) => [{ product: frame, eventName: EVENT.name, photo, frameId }];
    expect(await t.cart.add(EVENT.eventId, framed(classic), null)).toBe(true);
    expect(t.cart.has(frame.productId, photo.photoId, classic)).toBe(true);
    expect(t.cart.has(frame.productId, photo.photoId)).toBe(false);
    expect(t.cart.has(frame.productId, photo.photoId, finisher)).toBe(false);
    // The same photo in another frame is another line, not "already in your cart".
    expect(await t.cart.add(EVENT.eventId, framed(finisher), null)).toBe(true);
    expect(t.cart.count).toBe(2);
    expect(t.store.errors.queue).toEqual([]);
  });

  it("rolls back a failed add without losing the other items", async () => {
    let failing = false;
    const t = tab(newDevice(), {
      fail: (url, method) => failing && method === "POST" && url.endsWith("/items"),
    });
    await t.cart.init();
    const product = await photoProduct(t);
    const [a, b] = await photosOf("a1003", 2);
    if (!a || !b) throw new Error("no photos");
    await t.cart.addPhoto(EVENT, product, a, null);
    failing = true;
    const adding = t.cart.addPhoto(EVENT, product, b, null);
    expect(t.cart.count).toBe(2);
    expect(await adding).toBe(false);
    expect(t.cart.count).toBe(1);
    expect(t.cart.items[0]?.photoId).toBe(a.photoId);
    expect(english(t.store.errors.current?.message)).toBe("Error adding a product to the cart");
  });

  it("removes one, several (selection) and clears all (a fresh cart)", async () => {
    const t = tab(newDevice(), { analytics: false });
    await t.cart.init();
    const product = await photoProduct(t);
    for (const p of await photosOf("a1003", 4)) await t.cart.addPhoto(EVENT, product, p, null);
    expect(t.cart.count).toBe(4);
    const [first, second, third] = t.cart.items.map((i) => i.shoppingCartItemId);
    await t.cart.remove([first ?? ""]);
    expect(t.cart.count).toBe(3);
    await t.cart.remove([second ?? "", third ?? ""]);
    expect(t.cart.count).toBe(1);
    const old = t.cart.cart?.shoppingCartId;
    expect(await t.cart.clear()).toBe(true);
    expect(t.cart.count).toBe(0);
    expect(t.cart.cart?.shoppingCartId).not.toBe(old);
    expect(t.device.cookies.get(CART_COOKIE)).toBe(t.cart.cart?.shoppingCartId);
    expect(t.events).toEqual([]); // analytics off for this tenant
  });

  it("rolls back a failed remove", async () => {
    let failing = false;
    const t = tab(newDevice(), { fail: (_, method) => failing && method === "DELETE" });
    await t.cart.init();
    const product = await photoProduct(t);
    for (const p of await photosOf("a1003", 2)) await t.cart.addPhoto(EVENT, product, p, null);
    failing = true;
    const removing = t.cart.remove([t.cart.items[0]?.shoppingCartItemId ?? ""]);
    expect(t.cart.count).toBe(1);
    expect(await removing).toBe(false);
    expect(t.cart.count).toBe(2);
  });
});

describe("a cart the backend reports as checked out (spec §4: Processed, an orderId)", () => {
  /** A tab whose cart holds one photo and was then checked out elsewhere (another tab). */
  async function checkedOutElsewhere() {
    const t = tab();
    await t.cart.init();
    const product = await photoProduct(t);
    const [first, second] = await photosOf("a1003", 2);
    if (!first || !second) throw new Error("no photos");
    await t.cart.addPhoto(EVENT, product, first, null);
    const old = t.cart.cart?.shoppingCartId ?? "";
    const api = apiFor(demo.origin);
    await api.carts.setCustomer(old, "runner@example.com");
    await api.carts.checkout(old);
    return { t, product, second, old };
  }

  it("the next add is refused as CartProcessed: a fresh cart starts and the photo goes there", async () => {
    const { t, product, second, old } = await checkedOutElsewhere();
    expect(await t.cart.addPhoto(EVENT, product, second, null)).toBe(true);
    expect(t.cart.cart?.shoppingCartId).not.toBe(old);
    expect(t.cart.items.map((i) => i.photoId)).toEqual([second.photoId]);
    expect(t.cart.count).toBe(1);
    expect(t.store.errors.queue).toEqual([]);
    expect(JSON.parse(t.device.map.get(CART_ENTRY) ?? "{}").cartId).toBe(
      t.cart.cart?.shoppingCartId,
    );
    // Refused once on the old cart, then added to the new one.
    const adds = t.calls.filter((c) => c.method === "POST" && c.path.endsWith("/items"));
    expect(adds.map((c) => c.path.split("/")[2])).toEqual([old, old, t.cart.cart?.shoppingCartId]);
    // The old cart is the order's: Processed, with its orderId.
    const stored = await apiFor(demo.origin).carts.get(old);
    expect([stored.data?.state, stored.data?.orderId != null]).toEqual(["Processed", true]);
  });

  it("a reload finds it checked out: nothing to buy again, and the next add starts a fresh cart", async () => {
    const { t, product, second, old } = await checkedOutElsewhere();
    const reload = tab(t.device);
    await reload.cart.init();
    expect(reload.cart.cart?.shoppingCartId).toBe(old);
    expect(reload.cart.checkedOut).toBe(true);
    expect(reload.cart.items).toEqual([]);
    expect(reload.cart.count).toBe(0);
    expect(reload.store.errors.queue).toEqual([]);
    expect(await reload.cart.addPhoto(EVENT, product, second, null)).toBe(true);
    expect(reload.cart.cart?.shoppingCartId).not.toBe(old);
    expect(reload.cart.checkedOut).toBe(false);
    expect(reload.cart.count).toBe(1);
  });
});

describe("currency (spec §9: default 643, 840 on US hosts)", () => {
  it("a cart not open yet is priced in the tenant's currency: 643, and 840 on a US host", async () => {
    const hosts = [{ host: "us.example", currencyId: 840 as const, language: "en" as const }];
    for (const [host, currency] of [
      ["shop.example", 643],
      ["us.example", 840],
    ] as const) {
      const store = demoStores({
        settings: testSettings({ hosts }),
        host,
        origin: demo.origin,
        // The cart service is down: no cart opens (and no retry is waited for).
        fetch: async () => new Response(null, { status: 503 }),
        sleep: () => new Promise(() => {}),
      });
      await store.cart.init();
      expect(store.cart.cart).toBeNull();
      expect(store.cart.currencyId).toBe(currency);
      expect(store.checkout.currencyId).toBe(currency);
    }
  });
});

describe("promo codes", () => {
  it("maps each error and applies a valid code (100 % off the package)", async () => {
    const t = tab();
    await t.cart.init();
    expect(await t.cart.promoCodes.apply("DEMO100")).toBe(false);
    expect(t.cart.promoCodes.error).toBe("not-applicable"); // nothing to discount yet
    await t.cart.addPackage(EVENT, await packageProduct(t), await participant("1003", "304"));
    for (const [code, kind] of [
      ["NOPE-123", "not-found"],
      ["EXPIRED", "expired"],
      ["INACTIVE", "inactive"],
      ["USEDUP", "usage-limit"],
      ["NOTVALID", "not-applicable"],
    ] as const) {
      expect(await t.cart.promoCodes.apply(code)).toBe(false);
      expect(t.cart.promoCodes.error).toBe(kind);
    }
    expect(await t.cart.promoCodes.apply("FREE-unit")).toBe(true);
    expect(t.cart.promoCodes.error).toBeNull();
    expect(t.cart.cart?.discountAmount).toBe(990);
    expect(t.cart.cart?.totalAmount).toBe(0);
    expect(await t.cart.promoCodes.apply("CONFLICT")).toBe(false);
    expect(t.cart.promoCodes.error).toBe("conflict");
    const codeId = t.cart.cart?.promotionalCodes[0]?.codeId ?? "";
    expect(await t.cart.promoCodes.remove(codeId)).toBe(true);
    expect(t.cart.cart?.discountAmount).toBe(0);
  });

  it("an unexpected failure is 'An error occurred while adding a promo code'", async () => {
    const t = tab(newDevice(), { fail: (url) => url.includes("promotionalCodes") });
    await t.cart.init();
    expect(await t.cart.promoCodes.apply("DEMO100")).toBe(false);
    expect(t.cart.promoCodes.error).toBe("other");
  });
});

describe("tabs", () => {
  it("a storage event from another tab reloads the cart", async () => {
    const device = newDevice();
    const one = tab(device);
    await one.cart.init();
    const two = tab(device);
    await two.cart.init();
    expect(two.cart.cart?.shoppingCartId).toBe(one.cart.cart?.shoppingCartId);
    const [photo] = await photosOf("a1003", 1);
    if (!photo) throw new Error("no photo");
    await one.cart.addPhoto(EVENT, await photoProduct(one), photo, null);
    two.cart.onStorage(CART_ENTRY_NAME, device.map.get(CART_ENTRY) ?? null);
    await until(() => two.cart.count === 1);
    // Clearing in one tab moves the other to the fresh cart.
    await one.cart.clear();
    two.cart.onStorage(CART_ENTRY_NAME, device.map.get(CART_ENTRY) ?? null);
    await until(() => two.cart.cart?.shoppingCartId === one.cart.cart?.shoppingCartId);
    expect(two.cart.count).toBe(0);
    expect(two.store.errors.queue).toEqual([]);
  });
});
