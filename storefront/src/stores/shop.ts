/**
 * The shop: the finding stores (./find.ts) and the stores of buying and downloading photos,
 * built once per RootStore on first use, over the RootStore's transport. Only lazy code imports
 * this module (the screens that buy, and main.tsx once the first screen is live), so none of it,
 * nor the API contracts it brings, weighs on the first screen or on the event's photo screen.
 * Order matters: the finding stores first, then the cart, then checkout and the paid order.
 */
import { type Api, shopApiOver } from "../api/shop-api.ts";
import { AccountStore } from "./AccountStore.ts";
import { CartStore } from "./CartStore.ts";
import { CheckoutStore } from "./CheckoutStore.ts";
import { trackCart } from "./cart-analytics.ts";
import { memoryCookies } from "./cookies.ts";
import { DownloadStore } from "./DownloadStore.ts";
import { FramePickerStore } from "./FramePickerStore.ts";
import { browserFiles, type FilePorts } from "./files.ts";
import { type FindStores, type FindView, findOf, perRoot, pickCore } from "./find.ts";
import { OrderStore } from "./OrderStore.ts";
import { PendingOrdersStore } from "./PendingOrdersStore.ts";
import {
  type BusinessRequestForm,
  businessRequestStore,
  type PhotographerRequestForm,
  photographerRequestStore,
} from "./RequestFormStore.ts";
import type { RootStore } from "./RootStore.ts";
import type { KeyValueStorage } from "./types.ts";

/** The stores of buying: the cart, checkout, the paid order, downloads, accounts, requests. */
export class BuyStores {
  /** Every service: the finding ones with the buying ones added, over the same transport. */
  readonly api: Api;
  // The cart: after language, notifications, errors and search tokens.
  readonly cart: CartStore;
  readonly framePicker: FramePickerStore;
  // Checkout, payment and the paid order: after the cart and events.
  readonly pendingOrders: PendingOrdersStore;
  readonly checkout: CheckoutStore;
  readonly order: OrderStore;
  readonly downloads: DownloadStore;
  /** The browser's file ports and the tenant's storage, for the order chunk's "Save all". */
  readonly files: FilePorts;
  readonly storage: KeyValueStorage;
  // Accounts and the request forms.
  readonly account: AccountStore;
  readonly requests: { photographer: PhotographerRequestForm; business: BusinessRequestForm };

  constructor(root: RootStore, find: FindStores) {
    const { env } = root;
    const api = shopApiOver(find.api, env.settings.requestsEndpoint);
    this.api = api;
    const sleep = env.sleep ? { sleep: env.sleep } : {};
    this.cart = new CartStore({
      ...sleep,
      api,
      storage: root.storage,
      cookies: root.cookies ?? memoryCookies(),
      language: root.language,
      themeId: env.settings.theme.id,
      currencyId: root.settings.currencyId,
      tokens: find.searchTokens,
      notifications: root.notifications,
      errors: root.errors,
    });
    if (env.settings.analytics.enabled && env.analytics) trackCart(this.cart, env.analytics);
    this.framePicker = new FramePickerStore({
      api,
      tokens: find.searchTokens,
      cart: this.cart,
      catalog: find.catalog,
      myPhotos: find.myPhotos,
    });
    const files = env.files ?? browserFiles;
    this.pendingOrders = new PendingOrdersStore(root.storage, async (id) => {
      const found = await api.orders.get(id);
      if (found.ok) return found.data.state;
      // 404: the backend does not know it (gone); anything else says nothing about the order.
      return found.status === 404 ? null : undefined;
    });
    this.checkout = new CheckoutStore({
      api,
      cart: this.cart,
      events: find.events,
      pending: this.pendingOrders,
      files,
    });
    this.order = new OrderStore({ api, pending: this.pendingOrders, files, ...sleep });
    this.downloads = new DownloadStore({ api, files, ...sleep });
    this.files = files;
    this.storage = root.storage;
    this.account = new AccountStore(api);
    this.requests = {
      photographer: photographerRequestStore(api),
      business: businessRequestStore(api),
    };
  }
}

/** The whole shop: the finding stores and the buying ones. */
export type ShopStores = FindStores & BuyStores;

/** The root's shop, built on first call; the finding stores are the ones findOf() built. */
export const shopOf = perRoot((root): ShopStores => {
  const find = findOf(root);
  return Object.assign(Object.create(null) as object, find, new BuyStores(root, find));
});

/** The first screen's stores and the whole shop's, as one object, for components that buy. */
export type AllStores = FindView & BuyStores;

/** The root's stores with the shop's beside them (the root's own fields, then the shop's). */
export const withShop = perRoot((root): AllStores => {
  const shop = shopOf(root);
  return { ...pickCore(root), ...shop, api: shop.api };
});
