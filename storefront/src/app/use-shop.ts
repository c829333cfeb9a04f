import { type AllStores, withShop } from "../stores/shop.ts";
import { useStores } from "./stores-context.tsx";

/**
 * The first screen's stores and the shop's, as one object: the one way screens and their shared
 * parts reach the shop's stores. It imports the shop, so only lazy code (screens, parts) may use
 * it; the shell, on the first screen, follows the shop with useLoadedShop() instead.
 */
export function useShop(): AllStores {
  return withShop(useStores());
}
