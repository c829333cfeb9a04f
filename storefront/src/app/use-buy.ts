import { type AllStores, withShop } from "../stores/shop.ts";
import { useStores } from "./stores-context.tsx";

/**
 * Every store, the shop's buying ones too (the cart, checkout, the paid order, downloads,
 * accounts): the hook of a screen or part that buys. It imports the whole shop, so that chunk
 * loads with the screen or part that uses it (the event's photo screen, which only finds, comes
 * alive without it).
 */
export function useBuy(): AllStores {
  return withShop(useStores());
}
