// @vitest-environment node
/**
 * The cart session when the cart on screen changes under a call in flight (spec §3, §4): a
 * reply or an attribute change that comes back after the cart was cleared and no new one could
 * be started, and removals the backend made on another cart than the one open now.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../demo/demo-server.ts";
import { CART_ENTRY, shop, withCart, withPhoto } from "../faults/shop.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const CREATE = /^POST \/shoppingCarts$/;
const PATCH = /^PATCH \/shoppingCarts\/[^/]+\/attributes$/;

/** A promise the test resolves: a reply held back until then. */
function held<T>(value: T) {
  let release: () => void = () => {};
  const reply = new Promise<T>((go) => {
    release = () => go(value);
  });
  return { reply, release };
}

describe("a call that comes back after the cart was cleared and none could be started", () => {
  it("a read of the old cart is not shown, and does not fail", async () => {
    const s = await withPhoto(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    const get = held(null);
    s.setRule((m, p) => (m === "GET" && p === `/shoppingCarts/${old}` ? get.reply : null));
    const reading = s.cart.refresh();
    s.setRule((m, p) => (CREATE.test(`${m} ${p}`) ? 503 : null));
    await s.cart.clear();
    expect(s.cart.cart).toBeNull();
    get.release();
    expect(await reading).toBe(true);
    expect([s.cart.cart, s.cart.status]).toEqual([null, "failed"]);
    s.cart.dispose();
  });

  it("the old cart's new Language is not applied to any cart, and nothing fails", async () => {
    const s = await withCart(demo.origin);
    const old = s.cart.cart?.shoppingCartId ?? "";
    // The change is sent here, not by the language's reaction, so its end can be awaited.
    s.cart.dispose();
    await s.store.language.setLanguage("en");
    const patch = held(new Response(null, { status: 204 }));
    s.setRule((m, p) =>
      m === "PATCH" && p === `/shoppingCarts/${old}/attributes` ? patch.reply : null,
    );
    const before = s.count(PATCH);
    const syncing = s.cart.session.syncAttributes();
    while (s.count(PATCH) === before) await new Promise((r) => setTimeout(r, 5));
    s.setRule((m, p) => (CREATE.test(`${m} ${p}`) ? 503 : null));
    await s.cart.clear();
    expect(s.cart.cart).toBeNull();
    patch.release();
    await syncing;
    expect(s.cart.cart).toBeNull();
  });
});

describe("what the session tells, and takes off, with no cart or another cart", () => {
  it("with no cart open, other tabs are told nothing", async () => {
    const s = shop(demo.origin);
    s.setRule(() => 503);
    await s.cart.init();
    expect(s.cart.cart).toBeNull();
    s.cart.session.touch();
    expect(s.map.has(CART_ENTRY)).toBe(false);
    s.cart.dispose();
  });

  it("removals read back from another cart leave this cart's items; with no cart, nothing happens", async () => {
    const s = await withPhoto(demo.origin);
    const items = s.cart.cart?.items ?? [];
    s.cart.session.dropUnread(
      "another-cart",
      items.map((i) => i.shoppingCartItemId),
    );
    expect(s.cart.cart?.items).toEqual(items);
    s.cart.dispose();
    const none = shop(demo.origin);
    none.setRule(() => 503);
    await none.cart.init();
    none.cart.session.dropUnread("another-cart", ["item-1"]);
    expect(none.cart.cart).toBeNull();
    none.cart.dispose();
  });
});
