import { type FindView, withFind } from "../stores/find.ts";
import { useStores } from "./stores-context.tsx";

/**
 * The first screen's stores and the shop's finding ones (events, the gallery, the participant's
 * photos, the face search), as one object. It imports the finding stores, so only lazy code
 * (screens, parts) may use it; a part that buys uses useBuy() (./use-buy.ts), and the shell, on
 * the first screen, follows the shop with useLoadedShop() instead.
 */
export function useShop(): FindView {
  return withFind(useStores());
}
