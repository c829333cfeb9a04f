/**
 * The shop: the stores of finding, buying and downloading photos, built once per RootStore on
 * first use, over the RootStore's transport. Only lazy code imports this module (the screens
 * that shop, and main.tsx with a dynamic import after the first render), so none of it, nor the
 * API contracts it brings, weighs on the first screen. Order matters: events and search tokens
 * first, then the stores using them, then the cart, then checkout and the paid order.
 */
import { type Api, apiOver } from "../api/index.ts";
import { AccountStore } from "./AccountStore.ts";
import { CartStore } from "./CartStore.ts";
import { CatalogStore } from "./CatalogStore.ts";
import { CheckoutStore } from "./CheckoutStore.ts";
import { trackCart } from "./cart-analytics.ts";
import { memoryCookies } from "./cookies.ts";
import { DownloadStore } from "./DownloadStore.ts";
import { EventStore } from "./EventStore.ts";
import { FaceSearchStore } from "./FaceSearchStore.ts";
import { FramePickerStore } from "./FramePickerStore.ts";
import { browserFiles, type FilePorts } from "./files.ts";
import { GalleryStore } from "./GalleryStore.ts";
import { MyPhotosStore } from "./MyPhotosStore.ts";
import { OrderStore } from "./OrderStore.ts";
import { PendingOrdersStore } from "./PendingOrdersStore.ts";
import {
  type BusinessRequestForm,
  businessRequestStore,
  type PhotographerRequestForm,
  photographerRequestStore,
} from "./RequestFormStore.ts";
import type { RootStore } from "./RootStore.ts";
import { SearchTokenStore } from "./SearchTokenStore.ts";
import { SelfieConsentStore } from "./SelfieConsentStore.ts";
import type { KeyValueStorage } from "./types.ts";

export class ShopStores {
  /** Every service: the first screen's transport with the shop's calls added. */
  readonly api: Api;
  // Find my photos: events, then the search token, then the stores using both.
  readonly events: EventStore;
  readonly searchTokens: SearchTokenStore;
  /** The events' product catalogs, shared by "My photos", the cart and the frame picker. */
  readonly catalog: CatalogStore;
  readonly gallery: GalleryStore;
  readonly myPhotos: MyPhotosStore;
  readonly faceSearch: FaceSearchStore;
  readonly selfieConsent: SelfieConsentStore;
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

  constructor(root: RootStore) {
    const { env } = root;
    this.api = apiOver(root.api.http, env.settings.requestsEndpoint);
    this.events = new EventStore(this.api, (id) => root.takeEarlyEvent(id));
    this.searchTokens = new SearchTokenStore(this.api);
    this.catalog = new CatalogStore(this.api);
    const search = { api: this.api, events: this.events, tokens: this.searchTokens };
    this.gallery = new GalleryStore({
      ...search,
      notifications: root.notifications,
      errors: root.errors,
    });
    this.myPhotos = new MyPhotosStore({ ...search, catalog: this.catalog });
    this.selfieConsent = new SelfieConsentStore(env.visitStorage ?? null);
    this.faceSearch = new FaceSearchStore({
      api: this.api,
      myPhotos: this.myPhotos,
      consent: this.selfieConsent,
    });
    const sleep = env.sleep ? { sleep: env.sleep } : {};
    this.cart = new CartStore({
      ...sleep,
      api: this.api,
      storage: root.storage,
      cookies: root.cookies ?? memoryCookies(),
      language: root.language,
      themeId: env.settings.theme.id,
      currencyId: root.settings.currencyId,
      tokens: this.searchTokens,
      notifications: root.notifications,
      errors: root.errors,
    });
    if (env.settings.analytics.enabled && env.analytics) trackCart(this.cart, env.analytics);
    this.framePicker = new FramePickerStore({
      api: this.api,
      tokens: this.searchTokens,
      cart: this.cart,
      catalog: this.catalog,
      myPhotos: this.myPhotos,
    });
    const files = env.files ?? browserFiles;
    this.pendingOrders = new PendingOrdersStore(root.storage, async (id) => {
      const found = await this.api.orders.get(id);
      if (found.ok) return found.data.state;
      // 404: the backend does not know it (gone); anything else says nothing about the order.
      return found.status === 404 ? null : undefined;
    });
    this.checkout = new CheckoutStore({
      api: this.api,
      cart: this.cart,
      events: this.events,
      pending: this.pendingOrders,
      files,
    });
    this.order = new OrderStore({ api: this.api, pending: this.pendingOrders, files, ...sleep });
    this.downloads = new DownloadStore({ api: this.api, files, ...sleep });
    this.files = files;
    this.storage = root.storage;
    this.account = new AccountStore(this.api);
    this.requests = {
      photographer: photographerRequestStore(this.api),
      business: businessRequestStore(this.api),
    };
  }
}

const shops = new WeakMap<RootStore, ShopStores>();

/** The root's shop, built on first call. Building it changes nothing observable (safe in render). */
export function shopOf(root: RootStore): ShopStores {
  let shop = shops.get(root);
  if (!shop) {
    shop = new ShopStores(root);
    shops.set(root, shop);
  }
  return shop;
}

type CoreStores = Pick<
  RootStore,
  "env" | "settings" | "language" | "errors" | "ui" | "notifications" | "auth" | "home"
>;

/** The first screen's stores and the shop's, as one object, for components that shop. */
export type AllStores = CoreStores & ShopStores;

const views = new WeakMap<RootStore, AllStores>();

/** The root's stores with the shop's beside them (the root's own fields, then the shop's). */
export function withShop(root: RootStore): AllStores {
  let view = views.get(root);
  if (!view) {
    const shop = shopOf(root);
    view = { ...pickCore(root), ...shop, api: shop.api } as AllStores;
    views.set(root, view);
  }
  return view;
}

function pickCore(root: RootStore): CoreStores {
  const { env, settings, language, errors, ui, notifications, auth, home } = root;
  return { env, settings, language, errors, ui, notifications, auth, home };
}
