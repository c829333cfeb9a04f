/**
 * What listens to the cart beside it: the ecommerce analytics (spec §7: add and remove events
 * with product id, name, price, category, quantity) and the resync's waits, which are real
 * timers when no sleep is given.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartChange, CartStore } from "../../../storefront/src/stores/CartStore.ts";
import { trackCart } from "../../../storefront/src/stores/cart-analytics.ts";
import { backoff } from "../../../storefront/src/stores/resync.ts";

afterEach(() => vi.useRealTimers());

describe("cart analytics", () => {
  it("one event per change that names products; a change without products pushes nothing", () => {
    let listener: ((change: CartChange) => void) | undefined;
    const cart = {
      listen: (fn: (change: CartChange) => void) => {
        listener = fn;
        return () => {};
      },
    } as unknown as CartStore;
    const pushed: unknown[] = [];
    trackCart(cart, (event) => pushed.push(event));
    const print = { productId: "p1", title: "Print 10×15", productType: "Print", price: 300 };
    listener?.({ kind: "added", products: [] });
    listener?.({ kind: "removed", products: [] });
    listener?.({ kind: "removed", products: [print] });
    expect(pushed).toEqual([
      {
        event: "remove_from_cart",
        ecommerce: {
          items: [
            {
              item_id: "p1",
              item_name: "Print 10×15",
              price: 300,
              item_category: "Print",
              quantity: 1,
            },
          ],
        },
      },
    ]);
  });
});

describe("the resync's waits", () => {
  it("without a sleep of its own, the first try waits 2 s on the clock", async () => {
    vi.useFakeTimers();
    const tries: number[] = [];
    const loop = backoff(async () => {
      tries.push(Date.now());
      return true;
    });
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(tries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toEqual([start + 2_000]);
  });
});
