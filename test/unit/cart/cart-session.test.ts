// @vitest-environment node
/**
 * Which cart is open, and what the backend last said of it (spec §3, §4, §9), as a shop's cart
 * store keeps it over the demo backend: opened by the id the device keeps, created when there is
 * none, never loaded when Deleted; its Language and Theme attributes follow the visitor; the
 * device's storage entry is rewritten when the cart changes here, so other tabs follow.
 */
import { autorun } from "mobx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Photo } from "../../../storefront/src/api/index.ts";
import { startDemo } from "../demo/demo-server.ts";
import {
  CART_COOKIE,
  CART_ENTRY,
  CART_ENTRY_NAME,
  checkedOutElsewhere,
  KAZAN,
  shop,
  until,
  withCart,
  withPhoto,
} from "../faults/shop.ts";
import { english } from "../fixtures/english.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const GET_CART = /^GET \/shoppingCarts\/[^/]+$/;
const PATCH = /^PATCH \/shoppingCarts\/[^/]+\/attributes$/;
const CREATE = /^POST \/shoppingCarts$/;

/** A device's local storage that also counts how often the cart's entry was written. */
class Storage extends Map<string, string> {
  writes = 0;
  override set(key: string, value: string): this {
    if (key === CART_ENTRY) this.writes++;
    return super.set(key, value);
  }
}

const cartPath = (id: string) =>
  `${demo.origin}/public/shoppingcart-service/api/v1/shoppingCarts/${id}`;
const keptId = (map: Map<string, string>) => JSON.parse(map.get(CART_ENTRY) ?? "{}").cartId;

describe("a cart not opened yet", () => {
  it("is idle, holds nothing and is not checked out", () => {
    const { cart } = shop(demo.origin);
    expect([cart.status, cart.cart, cart.checkedOut, cart.items, cart.count]).toEqual([
      "idle",
      null,
      false,
      [],
      0,
    ]);
    cart.dispose(); // nothing to stop yet
  });

  it("is loading, then done; the badge follows an add at once", async () => {
    const s = shop(demo.origin);
    const statuses: string[] = [];
    const counts: number[] = [];
    const stop = autorun(() => {
      statuses.push(s.cart.status);
      counts.push(s.cart.count);
    });
    await s.cart.init();
    expect(statuses).toEqual(["idle", "loading", "done"]);
    await s.catalog.load("c1003");
    const page = await s.api.photos.list({ albumId: "a1003" });
    const adding = s.cart.addPhoto(
      KAZAN,
      s.catalog.photoProduct("c1003") as never,
      page.data?.items[0] as Photo,
      null,
    );
    expect(counts.at(-1)).toBe(1); // before the POST is answered
    expect(await adding).toBe(true);
    expect(counts.at(-1)).toBe(1);
    stop();
  });
});

describe("opening the device's cart", () => {
  it("reopening leaves the device's entry as it is; a change here writes it again", async () => {
    const map = new Storage();
    const first = await withCart(demo.origin, map);
    const reload = shop(demo.origin, map);
    const before = map.writes;
    await reload.cart.init();
    expect(reload.cart.cart?.shoppingCartId).toBe(first.cart.cart?.shoppingCartId);
    expect(map.writes).toBe(before); // other tabs are not told to read it again
    await reload.catalog.load("c1003");
    expect(await reload.cart.addPhoto(KAZAN, first.product, first.photos[0] as Photo, null)).toBe(
      true,
    );
    expect(map.writes).toBe(before + 1);
    await reload.cart.remove([reload.cart.items[0]?.shoppingCartItemId ?? ""]);
    expect(map.writes).toBe(before + 2);
  });

  it("reopening the kept cart sets its cookie again", async () => {
    const first = await withCart(demo.origin);
    const reload = shop(demo.origin, first.map);
    await reload.cart.init();
    expect(reload.cookies.get(CART_COOKIE)).toBe(first.cart.cart?.shoppingCartId);
  });

  it("an add to a checked-out cart starts a fresh cart at once, without reading the old one", async () => {
    const { s, old } = await checkedOutElsewhere(demo.origin);
    await s.cart.refresh();
    expect(s.cart.checkedOut).toBe(true);
    const before = s.calls.length;
    expect(await s.cart.addPhoto(KAZAN, s.product, s.photos[1] as Photo, null)).toBe(true);
    expect(s.calls.slice(before)).not.toContain(`GET /shoppingCarts/${old}`);
    expect(s.cart.cart?.shoppingCartId).not.toBe(old);
  });

  it("an id the backend does not know (404) starts a fresh cart, with no error and no retry", async () => {
    const map = new Map([[CART_ENTRY, JSON.stringify({ cartId: "forgotten-cart", updatedAt: 1 })]]);
    const s = shop(demo.origin, map);
    await s.cart.init();
    expect(s.cart.status).toBe("done");
    expect(s.cart.cart?.shoppingCartId).not.toBe("forgotten-cart");
    expect(keptId(map)).toBe(s.cart.cart?.shoppingCartId);
    expect(s.errors.queue).toEqual([]);
    expect(s.waits).toEqual([]);
  });

  it("a cart that cannot be created: the cart error, no cart, and clearing leaves none", async () => {
    const s = await withPhoto(demo.origin);
    s.setRule((m, p) => (CREATE.test(`${m} ${p}`) ? 503 : null));
    expect(await s.cart.clear()).toBe(true);
    expect([s.cart.cart, s.cart.status, s.cart.count]).toEqual([null, "failed", 0]);
    expect(english(s.errors.current?.message)).toBe(
      "The cart is unavailable right now. Try again later.",
    );
  });

  it("one that failed to open opens on the first retry that works, and is not read again", async () => {
    const first = await withCart(demo.origin);
    const s = shop(demo.origin, first.map);
    s.setRule((m, p) => (GET_CART.test(`${m} ${p}`) ? 503 : null));
    await s.cart.init();
    expect(s.cart.status).toBe("failed");
    await until(() => s.waits.length === 1);
    s.setRule(() => null);
    s.waits[0]?.go();
    await until(() => s.cart.status === "done");
    await s.settled();
    expect(s.cart.cart?.shoppingCartId).toBe(first.cart.cart?.shoppingCartId);
    expect(s.waits).toHaveLength(1);
  });

  it("one that failed to open, checked out meanwhile: the next add starts a fresh cart", async () => {
    const { s: first, old } = await checkedOutElsewhere(demo.origin);
    const s = shop(demo.origin, first.map);
    s.setRule((m, p) => (GET_CART.test(`${m} ${p}`) ? 503 : null));
    await s.cart.init();
    s.setRule(() => null);
    expect(await s.cart.addPhoto(KAZAN, first.product, first.photos[1] as Photo, null)).toBe(true);
    expect(s.cart.cart?.shoppingCartId).not.toBe(old);
    expect(s.cart.items.map((i) => i.photoId)).toEqual([first.photos[1]?.photoId]);
    expect(s.errors.queue).toEqual([]);
  });

  it("an add during the opening goes to the device's cart, not a new one", async () => {
    const first = await withCart(demo.origin);
    const s = shop(demo.origin, first.map);
    const opening = s.cart.init();
    expect((await s.cart.ensureCart())?.shoppingCartId).toBe(first.cart.cart?.shoppingCartId);
    await opening;
    expect(s.count(CREATE)).toBe(0);
  });

  it("a checked-out cart is not given attributes", async () => {
    const { s: first } = await checkedOutElsewhere(demo.origin);
    const reload = shop(demo.origin, first.map);
    await reload.cart.init();
    expect(reload.cart.checkedOut).toBe(true);
    await reload.store.language.setLanguage("en");
    await reload.settled();
    expect(reload.count(PATCH)).toBe(0);
    reload.cart.dispose();
  });
});

describe("reading the cart again", () => {
  it("with no cart open there is nothing to read", async () => {
    const s = shop(demo.origin);
    expect(await s.cart.refresh()).toBe(false);
    expect(s.calls).toEqual([]);
  });

  it("a cart deleted behind the shop's back: the cart error and a fresh cart", async () => {
    const s = await withPhoto(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    await s.api.carts.remove(old);
    expect(await s.cart.refresh()).toBe(true);
    expect(english(s.errors.current?.message)).toBe(
      "Your previous cart is no longer available, so a new one was started.",
    );
    expect(s.cart.cart?.shoppingCartId).not.toBe(old);
    expect([s.cart.unsynced, s.cart.count]).toEqual([[], 0]);
  });

  it("deleted behind the shop's back while an add was not yet read back: none of it is shown", async () => {
    const s = await withCart(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    s.setRule((m, p) => (GET_CART.test(`${m} ${p}`) ? 503 : null));
    expect(await s.cart.addPhoto(KAZAN, s.product, s.photos[0] as Photo, null)).toBe(true);
    expect(s.cart.unsynced).toHaveLength(1);
    await s.api.carts.remove(old);
    s.setRule(() => null);
    expect(await s.cart.refresh()).toBe(true);
    expect([s.cart.unsynced, s.cart.count]).toEqual([[], 0]);
    expect(s.cart.cart?.shoppingCartId).not.toBe(old);
  });

  it("a reply for a cart no longer open is not shown", async () => {
    const s = await withPhoto(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    let release: () => void = () => {};
    const held = new Promise<null>((go) => {
      release = () => go(null);
    });
    s.setRule((m, p) => (m === "GET" && p === `/shoppingCarts/${old}` ? held : null));
    const reading = s.cart.refresh();
    s.setRule(() => null);
    await s.cart.clear();
    const fresh = s.cart.cart?.shoppingCartId;
    release();
    expect(await reading).toBe(true);
    expect(s.cart.cart?.shoppingCartId).toBe(fresh);
    expect(s.errors.queue).toEqual([]);
  });
});

describe("other tabs (a storage event)", () => {
  it("another key moves nothing; the same cart unreadable is kept as it is", async () => {
    const s = await withPhoto(demo.origin);
    const before = s.calls.length;
    s.cart.onStorage("storefront.language", "en");
    await s.settled();
    expect(s.calls.length).toBe(before);
    s.setRule((m, p) => (GET_CART.test(`${m} ${p}`) ? 503 : null));
    const reads = s.count(GET_CART);
    s.cart.onStorage(CART_ENTRY_NAME, s.map.get(CART_ENTRY) ?? null);
    await until(() => s.count(GET_CART) > reads);
    await s.settled();
    expect([s.cart.status, s.cart.count, s.waits.length]).toEqual(["done", 1, 0]);
  });

  it("a tab with no cart open follows the cart another tab opened", async () => {
    const other = await withPhoto(demo.origin);
    const s = shop(demo.origin);
    s.setRule((m, p) => (CREATE.test(`${m} ${p}`) ? 503 : null));
    await s.cart.init();
    expect(s.cart.cart).toBeNull();
    s.setRule(() => null);
    s.cart.onStorage(CART_ENTRY_NAME, other.map.get(CART_ENTRY) ?? null);
    await until(() => s.cart.count === 1);
    expect(s.cart.cart?.shoppingCartId).toBe(other.cart.cart?.shoppingCartId);
  });
});

describe("the cart's Language and Theme (spec §3)", () => {
  it("set once per change of language, whatever the number of starts; none after dispose", async () => {
    const s = await withCart(demo.origin);
    await s.cart.init();
    const before = s.count(PATCH);
    await s.store.language.setLanguage("en");
    await until(() => s.count(PATCH) === before + 1);
    await s.settled();
    expect(s.count(PATCH)).toBe(before + 1);
    expect(s.cart.cart?.attributes).toEqual([
      { key: "Language", value: "en" },
      { key: "Theme", value: "MySport" },
    ]);
    s.cart.dispose();
    await s.store.language.setLanguage("ru");
    await s.settled();
    expect(s.count(PATCH)).toBe(before + 1);
  });

  it("a cart of another theme gets this shop's; its other attributes stay", async () => {
    const first = await withCart(demo.origin);
    const id = first.cart.cart?.shoppingCartId ?? "";
    await fetch(`${cartPath(id)}/attributes`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        attributes: [
          { key: "Source", value: "app" },
          { key: "Theme", value: "Winter" },
        ],
      }),
    });
    const reload = shop(demo.origin, first.map);
    await reload.cart.init();
    expect(reload.count(PATCH)).toBe(1);
    expect(reload.cart.cart?.attributes).toEqual([
      { key: "Source", value: "app" },
      { key: "Language", value: "ru" },
      { key: "Theme", value: "MySport" },
    ]);
  });

  it("not set: the attributes shown stay the backend's, and the next change tries again", async () => {
    const s = await withCart(demo.origin);
    s.setRule((m, p) => (PATCH.test(`${m} ${p}`) ? 503 : null));
    await s.store.language.setLanguage("en");
    await until(() => s.count(PATCH) === 1 + 1);
    await s.settled();
    expect(s.cart.cart?.attributes).toContainEqual({ key: "Language", value: "ru" });
    s.cart.dispose();
  });

  it("an answer that comes after another cart was opened is not applied to it", async () => {
    const s = await withCart(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    let release: () => void = () => {};
    const held = new Promise<Response>((go) => {
      release = () => go(new Response(null, { status: 204 }));
    });
    s.setRule((m, p) => (m === "PATCH" && p === `/shoppingCarts/${old}/attributes` ? held : null));
    await s.store.language.setLanguage("en");
    await until(() => s.count(PATCH) === 2);
    await s.store.language.setLanguage("ru");
    await s.cart.clear();
    release();
    await s.settled();
    expect(s.cart.cart?.shoppingCartId).not.toBe(old);
    expect(s.cart.cart?.attributes).toContainEqual({ key: "Language", value: "ru" });
    s.cart.dispose();
  });

  it("with no cart open, a change of language asks nothing", async () => {
    const s = shop(demo.origin);
    s.setRule(() => 503);
    await s.cart.init();
    const before = s.calls.length;
    await s.store.language.setLanguage("en");
    await s.settled();
    expect(s.calls.slice(before).filter((c) => c.includes("shoppingCarts"))).toEqual([]);
    s.cart.dispose();
  });
});

describe("stopping", () => {
  it("a disposed cart store reads the cart no more", async () => {
    const first = await withCart(demo.origin);
    const s = shop(demo.origin, first.map);
    s.setRule((m, p) => (GET_CART.test(`${m} ${p}`) ? 503 : null));
    await s.cart.init();
    await until(() => s.waits.length === 1);
    s.cart.dispose();
    s.setRule(() => null);
    s.waits[0]?.go();
    await s.settled();
    expect(s.count(GET_CART)).toBe(1);
    expect(s.cart.cart).toBeNull();
  });
});
