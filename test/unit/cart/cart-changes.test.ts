// @vitest-environment node
/**
 * What the visitor does with the cart (spec §3, §5, §7, §8, §9), over the demo backend: adding
 * photos, packages and gift codes (one call for one item, items/v2 for several, the search token
 * for "my photos"), replacing single photos by the package, removing and clearing; what the
 * cart screen's live region, the notifications and the analytics hear of each change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Photo } from "../../../storefront/src/api/index.ts";
import type { CartChange } from "../../../storefront/src/stores/CartStore.ts";
import { startDemo } from "../demo/demo-server.ts";
import { checkedOutElsewhere, KAZAN, shop, until, withCart, withPhoto } from "../faults/shop.ts";
import { english } from "../fixtures/english.ts";
import { errorReply } from "../fixtures/recording-fetch.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const ITEMS = /^POST \/shoppingCarts\/[^/]+\/items$/;
const ITEMS_V2 = /^POST \/shoppingCarts\/[^/]+\/items\/v2$/;
const DELETE_ITEM = /^DELETE \/shoppingCarts\/[^/]+\/items\/[^/]+$/;
const DELETE_ITEMS = /^DELETE \/shoppingCarts\/[^/]+\/items$/;
const DELETE_CART = /^DELETE \/shoppingCarts\/[^/]+$/;
const GET_CART = /^GET \/shoppingCarts\/[^/]+$/;

type Shop = Awaited<ReturnType<typeof withCart>>;

const photoLine = (s: Shop, photo: Photo) => ({
  product: s.product,
  eventName: KAZAN.name,
  photo,
});

/** A gate a rule waits on: the call goes through once `open` is called. */
function gate() {
  let open: () => void = () => {};
  const passed = new Promise<null>((go) => {
    open = () => go(null);
  });
  return { passed, open };
}

/** The participant with bib 301 of Kazan, found as My photos finds them, with their photos. */
async function participant(s: Shop) {
  await s.myPhotos.searchByNumber(KAZAN.eventId, "301");
  const subject = s.myPhotos.subject;
  const offer = s.catalog.offers("c1003")[0];
  if (!subject || !offer) throw new Error("no participant or package");
  return { subject, offer, photos: s.myPhotos.photos };
}

describe("adding", () => {
  it("tells the live region, the notifications, the listeners and other tabs; groups by event", async () => {
    const s = await withCart(demo.origin);
    const changes: CartChange[] = [];
    const stop = s.cart.listen((change) => changes.push(change));
    expect(await s.cart.addPhoto(KAZAN, s.product, s.photos[0] as Photo, null)).toBe(true);
    expect(english(s.cart.announcement)).toBe("Added to the cart");
    expect(s.store.notifications.items.map((n) => english(n.message))).toEqual([
      "Added to the cart",
    ]);
    expect(changes.map((c) => [c.kind, c.products.map((p) => p.productId)])).toEqual([
      ["added", [s.product.productId]],
    ]);
    expect(s.cart.groups.map((g) => [g.eventId, g.items.length])).toEqual([[KAZAN.eventId, 1]]);
    stop();
    await s.cart.remove([s.cart.items[0]?.shoppingCartItemId ?? ""]);
    expect(changes).toHaveLength(1); // no longer listening
  });

  it("a photo (or a photo in a frame) already in the cart is not sent again", async () => {
    const s = await withPhoto(demo.origin);
    expect(await s.cart.addPhoto(KAZAN, s.product, s.photos[0] as Photo, null)).toBe(false);
    expect(english(s.errors.current?.message)).toBe("This product is already in your cart");
    expect(s.count(ITEMS)).toBe(1);
    const frame = s.catalog.productsOf("c1003").find((p) => p.productType === "frame");
    const frameId = frame?.frames[0]?.frameId;
    if (!frame || !frameId) throw new Error("no frame product");
    const framed = [
      { product: frame, eventName: KAZAN.name, photo: s.photos[1] as Photo, frameId },
    ];
    expect(await s.cart.add(KAZAN.eventId, framed, null)).toBe(true);
    expect(await s.cart.add(KAZAN.eventId, framed, null)).toBe(false);
    expect(s.count(ITEMS)).toBe(2);
  });

  it("several photos go in one call (items/v2), with the participant's search token", async () => {
    const s = await withCart(demo.origin);
    const { subject, photos } = await participant(s);
    const lines = photos.slice(0, 2).map((p) => photoLine(s, p));
    expect(await s.cart.add(KAZAN.eventId, lines, subject)).toBe(true);
    expect(s.cart.items.map((i) => i.photoId)).toEqual(photos.slice(0, 2).map((p) => p.photoId));
    const sent = s.recorded.filter((c) => ITEMS_V2.test(`${c.method} ${c.path}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("X-Search-Token")).toBeTruthy();
    expect(s.count(ITEMS)).toBe(0);
  });

  it("a gift promo code goes in with no photo and no search token, and counts on the badge", async () => {
    const s = await withCart(demo.origin);
    const gift = s.catalog.gift("c1003");
    if (!gift) throw new Error("no gift product");
    expect(await s.cart.addGift(KAZAN, gift)).toBe(true);
    expect(s.cart.items.map((i) => [i.product.productType, i.photoId])).toEqual([
      ["promocode", null],
    ]);
    expect(s.cart.count).toBe(1);
    const sent = s.recorded.find((c) => ITEMS.test(`${c.method} ${c.path}`));
    expect(sent?.headers.get("X-Search-Token")).toBeNull();
  });

  it("with no cart to add to, the add fails with the spec's message", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p.startsWith("/shoppingCarts") ? 503 : null));
    await s.cart.init();
    await s.catalog.load("c1003");
    const page = await s.api.photos.list({ albumId: "a1003" });
    const product = s.catalog.photoProduct("c1003");
    if (!product || !page.ok) throw new Error("no catalog or photos");
    expect(await s.cart.addPhoto(KAZAN, product, page.data.items[0] as Photo, null)).toBe(false);
    expect(english(s.errors.current?.message)).toBe(
      "The cart is unavailable right now. Try again later.",
    );
    expect(s.errors.queue.map((e) => english(e.message))).toContain(
      "Error adding a product to the cart",
    );
    expect(s.cart.count).toBe(0);
  });

  it("refused as checked out, and no fresh cart can be made: nothing more is tried", async () => {
    const { s, old } = await checkedOutElsewhere(demo.origin);
    s.setRule((m, p) => (m === "POST" && p === "/shoppingCarts" ? 503 : null));
    const before = s.calls.length;
    expect(await s.cart.addPhoto(KAZAN, s.product, s.photos[1] as Photo, null)).toBe(false);
    expect(s.calls.slice(before)).toEqual([
      `POST /shoppingCarts/${old}/items`,
      "POST /shoppingCarts",
    ]);
  });

  it("a reply lost for several photos counts only when the cart holds them all", async () => {
    const s = await withCart(demo.origin);
    const [a, b] = s.photos as [Photo, Photo];
    s.setRule(async (m, p) => {
      if (!ITEMS_V2.test(`${m} ${p}`)) return null;
      // The backend took the first photo only before the connection broke.
      const item = { productId: s.product.productId, photoId: a.photoId };
      await s.api.carts.addItem(s.cart.cart?.shoppingCartId ?? "", item);
      return 503;
    });
    expect(await s.cart.add(KAZAN.eventId, [photoLine(s, a), photoLine(s, b)], null)).toBe(false);
    expect(english(s.errors.current?.message)).toBe("Error adding a product to the cart");
    expect(s.cart.items.map((i) => i.photoId)).toEqual([a.photoId]);
  });

  it("a reply lost after the backend added the photo is a success the visitor is told of", async () => {
    const s = await withCart(demo.origin);
    s.setRule((m, p) => (ITEMS.test(`${m} ${p}`) ? "lost" : null));
    expect(await s.cart.addPhoto(KAZAN, s.product, s.photos[0] as Photo, null)).toBe(true);
    expect(english(s.cart.announcement)).toBe("Added to the cart");
  });

  it("two adds at once: the first one's answer leaves the second still shown", async () => {
    const s = await withCart(demo.origin);
    const [a, b] = s.photos as [Photo, Photo];
    const held = gate();
    let n = 0;
    s.setRule((m, p) => (ITEMS.test(`${m} ${p}`) && ++n === 2 ? held.passed : null));
    const first = s.cart.addPhoto(KAZAN, s.product, a, null);
    const second = s.cart.addPhoto(KAZAN, s.product, b, null);
    expect(await first).toBe(true);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([a.photoId, b.photoId]);
    expect(s.cart.count).toBe(2);
    held.open();
    expect(await second).toBe(true);
    expect(s.cart.count).toBe(2);
  });
});

describe("replacing single photos by the package", () => {
  it("adds the package and removes the event's photos it covers; other photos stay", async () => {
    const s = await withCart(demo.origin);
    const { subject, offer, photos } = await participant(s);
    const covered = photos[0] as Photo;
    const other = s.photos.find((p) => !photos.some((q) => q.photoId === p.photoId)) as Photo;
    await s.cart.addPhoto(KAZAN, s.product, covered, null);
    await s.cart.addPhoto(KAZAN, s.product, other, null);
    expect(await s.cart.replaceWithPackage(KAZAN, offer, subject)).toBe(true);
    expect(s.cart.items.map((i) => i.photoId ?? i.product.productType).sort()).toEqual(
      [other.photoId, "photos_with_me"].sort(),
    );
  });

  it("leaves another event's photos, even one that event's package covers", async () => {
    const s = await withCart(demo.origin);
    const other = { eventId: "1001", name: "Moscow Marathon 2025" };
    await s.catalog.load("c1001");
    const found = await s.api.competitors.search(other.eventId, "101");
    const competitor = found.data?.items[0];
    const otherOffer = s.catalog.offers("c1001")[0];
    const otherPhoto = s.catalog.photoProduct("c1001");
    if (!competitor || !otherOffer || !otherPhoto) throw new Error("no event 1001 offers");
    await s.cart.addPackage(other, otherOffer, { kind: "competitor", competitor });
    const covered = s.cart.items[0]?.photoIds[0] ?? "";
    const photo = { ...(s.photos[0] as Photo), photoId: covered };
    expect(await s.cart.addPhoto(other, otherPhoto, photo, null)).toBe(true);
    expect(s.cart.items.find((i) => i.photoId === covered)?.duplicate).toBe(true);
    const { subject, offer } = await participant(s);
    expect(await s.cart.replaceWithPackage(KAZAN, offer, subject)).toBe(true);
    expect(s.cart.items.map((i) => [i.eventId, i.photoId ?? i.product.productType])).toEqual([
      [other.eventId, "photos_with_me"],
      [other.eventId, covered],
      [KAZAN.eventId, "photos_with_me"],
    ]);
  });

  it("when the package cannot be added, the photos stay", async () => {
    const s = await withCart(demo.origin);
    const { subject, offer, photos } = await participant(s);
    await s.cart.addPhoto(KAZAN, s.product, photos[0] as Photo, null);
    s.setRule((m, p) => (ITEMS.test(`${m} ${p}`) ? 400 : null));
    expect(await s.cart.replaceWithPackage(KAZAN, offer, subject)).toBe(false);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([photos[0]?.photoId]);
    expect(s.count(/^DELETE /)).toBe(0);
  });
});

describe("removing", () => {
  it("one item: DELETE item, told to the live region and the listeners, read back at once", async () => {
    const s = await withCart(demo.origin);
    const [a, b] = s.photos as [Photo, Photo];
    await s.cart.addPhoto(KAZAN, s.product, a, null);
    await s.cart.addPhoto(KAZAN, s.product, b, null);
    const changes: CartChange[] = [];
    s.cart.listen((change) => changes.push(change));
    const item = s.cart.items.find((i) => i.photoId === a.photoId);
    expect(await s.cart.remove([item?.shoppingCartItemId ?? ""])).toBe(true);
    expect([s.count(DELETE_ITEM), s.count(DELETE_ITEMS)]).toEqual([1, 0]);
    expect(english(s.cart.announcement)).toBe("Removed from the cart");
    expect(changes.map((c) => [c.kind, c.products.length])).toEqual([["removed", 1]]);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([b.photoId]);
    await s.settled();
    expect(s.waits).toEqual([]);
  });

  it("an item removed meanwhile elsewhere (404) is gone here too, with no error", async () => {
    const s = await withPhoto(demo.origin);
    const id = s.cart.cart?.shoppingCartId ?? "";
    const itemId = s.cart.items[0]?.shoppingCartItemId ?? "";
    await s.api.carts.removeItem(id, itemId);
    expect(await s.cart.remove([itemId])).toBe(true);
    expect(s.cart.count).toBe(0);
    expect(s.errors.queue).toEqual([]);
  });

  it("a failure says so and keeps the item", async () => {
    const s = await withPhoto(demo.origin);
    s.setRule((m) => (m === "DELETE" ? 503 : null));
    expect(await s.cart.remove([s.cart.items[0]?.shoppingCartItemId ?? ""])).toBe(false);
    expect(english(s.errors.current?.message)).toBe(
      "Could not remove the product from the cart. Try again.",
    );
    expect(s.cart.count).toBe(1);
  });

  it("nothing to remove: an item still being added, no item, or no cart; nothing is sent", async () => {
    const s = await withCart(demo.origin);
    const adding = s.cart.addPhoto(KAZAN, s.product, s.photos[0] as Photo, null);
    const pending = s.cart.items[0]?.shoppingCartItemId ?? "";
    expect(s.cart.isPending(s.cart.items[0] as never)).toBe(true);
    expect(await s.cart.remove([pending])).toBe(false);
    expect(await s.cart.remove([])).toBe(false);
    await adding;
    expect(s.count(/^DELETE /)).toBe(0);
    const none = shop(demo.origin);
    expect(await none.cart.remove(["some-item"])).toBe(false);
    expect(await none.cart.clear()).toBe(false);
    expect(none.calls).toEqual([]);
  });

  it("removed while the cart cannot be read back: read again after 2 s", async () => {
    const s = await withPhoto(demo.origin);
    s.setRule((m, p) => (GET_CART.test(`${m} ${p}`) ? 503 : null));
    expect(await s.cart.remove([s.cart.items[0]?.shoppingCartItemId ?? ""])).toBe(true);
    await until(() => s.waits.length === 1);
    expect(s.waits[0]?.ms).toBe(2000);
  });
});

describe("clearing", () => {
  it("hides the items at once, tells the live region and the listeners, starts a fresh cart", async () => {
    const s = await withPhoto(demo.origin);
    await s.cart.addPhoto(KAZAN, s.product, s.photos[1] as Photo, null);
    const changes: CartChange[] = [];
    s.cart.listen((change) => changes.push(change));
    const clearing = s.cart.clear();
    expect(s.cart.count).toBe(0);
    expect(await clearing).toBe(true);
    expect(english(s.cart.announcement)).toBe("The cart is empty now");
    expect(changes.map((c) => [c.kind, c.products.length])).toEqual([["removed", 2]]);
  });

  it("a failure says so and shows the items again", async () => {
    const s = await withPhoto(demo.origin);
    const old = s.cart.cart?.shoppingCartId;
    s.setRule((m, p) => (DELETE_CART.test(`${m} ${p}`) ? 503 : null));
    expect(await s.cart.clear()).toBe(false);
    expect(english(s.errors.current?.message)).toBe(
      "Could not remove the product from the cart. Try again.",
    );
    expect([s.cart.count, s.cart.cart?.shoppingCartId]).toEqual([1, old]);
  });

  it("a cart the backend says is already gone (409 CartDeleted) is cleared all the same", async () => {
    const s = await withPhoto(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    s.setRule((m, p) => (DELETE_CART.test(`${m} ${p}`) ? errorReply(409, "CartDeleted") : null));
    expect(await s.cart.clear()).toBe(true);
    expect(s.cart.cart?.shoppingCartId).not.toBe(old);
    expect([s.cart.count, s.errors.queue]).toEqual([0, []]);
  });
});
