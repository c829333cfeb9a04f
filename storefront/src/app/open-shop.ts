import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { needAllMessages } from "../i18n.ts";
import type { LoadedShop, RootStore } from "../stores/RootStore.ts";
import type { ShopStores } from "../stores/shop.ts";

/** Each root's opening under way or done (a page has one root). */
const opening = new WeakMap<RootStore, Promise<LoadedShop | null>>();

/**
 * Opens the shop once per page (per root): loads the whole shop (the cart, checkout, the paid
 * order) with the whole catalog, attaches it (the bar shows the cart from then on), keeps the
 * cart in step with the other tabs and opens the cart. main.tsx opens it once the first screen has settled; a
 * part that shows the finding stores but offers "Add to cart" (the event's gift) opens it on the
 * tap that needs it. Null when its chunk cannot load (reported; the next call tries again).
 */
export function openShop(store: RootStore): Promise<LoadedShop | null> {
  let opened = opening.get(store);
  if (!opened) {
    opened = open(store).then((shop) => {
      if (!shop) opening.delete(store);
      return shop;
    });
    opening.set(store, opened);
  }
  return opened;
}

async function open(store: RootStore): Promise<LoadedShop | null> {
  let shop: ShopStores;
  try {
    const [{ shopOf }] = await Promise.all([
      withTimeout(import("../stores/shop.ts"), CHUNK_LOAD_TIMEOUT_MS),
      needAllMessages(),
    ]);
    shop = shopOf(store);
  } catch (error) {
    // A failed chunk load: the screens that buy say so themselves when they load.
    store.errors.report(error);
    return null;
  }
  store.attachShop(shop);
  window.addEventListener("storage", (event) =>
    shop.cart.onStorage(store.storage.nameOf(event.key), event.newValue),
  );
  await shop.cart.init();
  return shop;
}
