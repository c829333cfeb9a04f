// @vitest-environment node
/**
 * CartStore under faults: an add whose reply was lost, an add that never left, a
 * change the backend took while the cart cannot be read back, a cart that cannot be opened.
 * Nothing the visitor put in the cart is lost, and the cart is read again a bounded number
 * of times with growing waits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Photo } from "../../../storefront/src/api/index.ts";
import { resyncDelay } from "../../../storefront/src/domain/cart.ts";
import { startDemo } from "../demo/demo-server.ts";
import { english } from "../fixtures/english.ts";
import { CART_ENTRY, checkedOutElsewhere, KAZAN as EVENT, shop, until, withCart } from "./shop.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const POST_ITEMS = /^POST \/shoppingCarts\/[^/]+\/items$/;
const GET_CART = /^GET \/shoppingCarts\/[^/]+$/;
/** The cart is read again at most 4 times, after 2, 4, 8 and 16 s. */
const TRIES = 4;

const ready = (map?: Map<string, string>) => withCart(demo.origin, map);

const serverItems = async (s: Awaited<ReturnType<typeof ready>>) => {
  const id = s.cart.cart?.shoppingCartId ?? "";
  const got = await s.api.carts.get(id);
  return got.ok ? got.data.items.map((i) => i.photoId) : null;
};

describe("adding to the cart", () => {
  it("a reply lost after the backend added the photo counts as added, with no second POST", async () => {
    const s = await ready();
    const [photo] = s.photos;
    s.setRule((m, p) => (m === "POST" && /\/items$/.test(p) ? "lost" : null));
    expect(await s.cart.addPhoto(EVENT, s.product, photo as Photo, null)).toBe(true);
    expect(s.cart.has(s.product.productId, photo?.photoId)).toBe(true);
    expect(s.cart.count).toBe(1);
    expect(s.errors.queue).toEqual([]);
    expect(s.count(POST_ITEMS)).toBe(1);
    expect(await serverItems(s)).toEqual([photo?.photoId]);
  });

  it("an add that never left fails with the spec's message; the other items stay", async () => {
    const s = await ready();
    const [first, second] = s.photos as [Photo, Photo];
    expect(await s.cart.addPhoto(EVENT, s.product, first, null)).toBe(true);
    for (const fault of ["drop", 503] as const) {
      s.setRule((m, p) => (m === "POST" && /\/items$/.test(p) ? fault : null));
      expect(await s.cart.addPhoto(EVENT, s.product, second, null)).toBe(false);
      expect(english(s.errors.current?.message)).toBe("Error adding a product to the cart");
      s.errors.dismiss();
      expect(s.cart.items.map((i) => i.photoId)).toEqual([first.photoId]);
    }
    expect(await serverItems(s)).toEqual([first.photoId]);
  });

  it("an add that failed, and the cart found deleted meanwhile with no new one to be had: it failed, with the spec's message", async () => {
    const s = await ready();
    const [photo] = s.photos as [Photo];
    await s.api.carts.remove(s.cart.cart?.shoppingCartId ?? "");
    s.setRule((m, p) =>
      m === "POST" && /^\/shoppingCarts(\/[^/]+\/items)?$/.test(p) ? 503 : null,
    );
    expect(await s.cart.addPhoto(EVENT, s.product, photo, null)).toBe(false);
    expect(s.cart.cart).toBeNull();
    expect(s.errors.queue.map((e) => english(e.message))).toContain(
      "Error adding a product to the cart",
    );
  });

  it("added while the cart cannot be read back: the photo stays, and the cart is read again later", async () => {
    const s = await ready();
    const [photo] = s.photos as [Photo];
    let down = true;
    s.setRule((m, p) => (down && m === "GET" && /^\/shoppingCarts\/[^/]+$/.test(p) ? 503 : null));
    expect(await s.cart.addPhoto(EVENT, s.product, photo, null)).toBe(true);
    // Shown (as not yet confirmed) and counted on the badge.
    expect(s.cart.count).toBe(1);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([photo.photoId]);
    expect(s.cart.isPending(s.cart.items[0] as never)).toBe(true);
    // The first read again waits 2 s and fails; the second waits 4 s and works.
    await until(() => s.waits.length === 1);
    expect(s.waits[0]?.ms).toBe(2000);
    s.waits[0]?.go();
    await until(() => s.waits.length === 2);
    expect(s.waits[1]?.ms).toBe(4000);
    down = false;
    s.waits[1]?.go();
    await until(() => s.cart.unsynced.length === 0);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([photo.photoId]);
    expect(s.cart.isPending(s.cart.items[0] as never)).toBe(false);
    await s.settled();
    expect(s.waits).toHaveLength(2); // done: no further reads
  });
});

describe("reading the cart", () => {
  it("a cart that cannot be opened keeps its id and is tried again 4 times, each wait longer", async () => {
    const first = await ready();
    await first.cart.addPhoto(EVENT, first.product, first.photos[0] as Photo, null);
    const id = first.cart.cart?.shoppingCartId;
    // A new page on the same device, while the cart service is down.
    const s = shop(demo.origin, first.map);
    s.setRule((m, p) => (m === "GET" && /^\/shoppingCarts\//.test(p) ? 503 : null));
    await s.cart.init();
    expect(s.cart.status).toBe("failed");
    expect(s.cart.cart).toBeNull();
    for (let i = 0; i < TRIES; i++) {
      await until(() => s.waits.length === i + 1);
      s.waits[i]?.go();
    }
    await until(() => s.count(GET_CART) === 1 + TRIES);
    await s.settled();
    expect(s.waits.map((w) => w.ms)).toEqual([2000, 4000, 8000, 16000]);
    expect(s.count(GET_CART)).toBe(1 + TRIES); // bounded: no more reads
    expect(s.count(/^POST \/shoppingCarts$/)).toBe(0); // never replaced by a new, empty cart
    expect(JSON.parse(s.map.get(CART_ENTRY) ?? "{}").cartId).toBe(id);
    // The visitor's "Try again" once the service is back: the same cart, with its photo.
    s.setRule(() => null);
    await s.cart.ensureCart();
    expect(s.cart.cart?.shoppingCartId).toBe(id);
    expect(s.cart.count).toBe(1);
  });

  it("the waits grow and stop: 2, 4, 8, 16 s", () => {
    const waits = Array.from({ length: TRIES + 2 }, (_, i) => resyncDelay(i));
    expect(waits).toEqual([2000, 4000, 8000, 16000, 16000, 16000]);
  });

  it("removed while the cart cannot be read back: the item is gone here too", async () => {
    const s = await ready();
    const [a, b] = s.photos as [Photo, Photo];
    await s.cart.addPhoto(EVENT, s.product, a, null);
    await s.cart.addPhoto(EVENT, s.product, b, null);
    s.setRule((m, p) => (m === "GET" && /^\/shoppingCarts\/[^/]+$/.test(p) ? 503 : null));
    const itemA = s.cart.items.find((i) => i.photoId === a.photoId);
    expect(await s.cart.remove([itemA?.shoppingCartItemId ?? ""])).toBe(true);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([b.photoId]);
    s.setRule(() => null);
    expect(await serverItems(s)).toEqual([b.photoId]);
  });

  it("a checked-out cart shows no items: they are the order's now", async () => {
    const { s } = await checkedOutElsewhere(demo.origin);
    await s.cart.refresh();
    expect(s.cart.checkedOut).toBe(true);
    expect(s.cart.items).toEqual([]);
    expect(s.cart.count).toBe(0);
  });
});

describe("a photo added before the shop opened", () => {
  it("stays in the cart when the shop opens: one cart is made, and the opening keeps it", async () => {
    const s = shop(demo.origin);
    await s.catalog.load("c1003");
    const product = s.catalog.photoProduct("c1003");
    const page = await s.api.photos.list({ albumId: "a1003" });
    if (!product || !page.ok) throw new Error("no catalog or photos");
    const photo = page.data.items[0] as Photo;
    // The tap comes first (the cart is made for it), the shop's opening a moment later.
    const adding = s.cart.addPhoto(EVENT, product, photo, null);
    const opening = s.cart.init();
    expect(await adding).toBe(true);
    await opening;
    await s.settled();
    expect(s.cart.has(product.productId, photo.photoId)).toBe(true);
    expect(s.count(/^POST \/shoppingCarts$/)).toBe(1);
    expect(await serverItems({ ...s, product, photos: [photo] })).toEqual([photo.photoId]);
  });
});
