import { type EcommerceEvent, ecommerceEvent } from "../domain/analytics.ts";
import type { CartChange, CartStore } from "./CartStore.ts";

/**
 * Ecommerce analytics of the cart (spec §7): listens to the cart's changes and pushes an
 * add_to_cart or remove_from_cart event for each; the cart itself knows nothing of analytics.
 * Returns what stops listening.
 */
export function trackCart(cart: CartStore, push: (event: EcommerceEvent) => void): () => void {
  return cart.listen((change: CartChange) => {
    if (change.products.length === 0) return;
    push(
      ecommerceEvent(change.kind === "added" ? "add_to_cart" : "remove_from_cart", change.products),
    );
  });
}
