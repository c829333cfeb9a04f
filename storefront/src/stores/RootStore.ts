import { configure } from "mobx";
import type { Language, RuntimeSettings } from "../../../cli/config/schema.ts";
import { type Api, createApi } from "../api/index.ts";
import type { EcommerceEvent } from "../domain/analytics.ts";
import { AccountStore } from "./AccountStore.ts";
import { AuthStore } from "./AuthStore.ts";
import { CartStore } from "./CartStore.ts";
import { CheckoutStore } from "./CheckoutStore.ts";
import { type CookieJar, memoryCookies } from "./cookies.ts";
import { DownloadStore } from "./DownloadStore.ts";
import { ErrorStore } from "./ErrorStore.ts";
import { EventStore } from "./EventStore.ts";
import { FaceSearchStore } from "./FaceSearchStore.ts";
import { FramePickerStore } from "./FramePickerStore.ts";
import { browserFiles, type FilePorts } from "./files.ts";
import { GalleryStore } from "./GalleryStore.ts";
import { HomeStore } from "./HomeStore.ts";
import { LanguageStore } from "./LanguageStore.ts";
import { MyPhotosStore } from "./MyPhotosStore.ts";
import { NotificationStore } from "./NotificationStore.ts";
import { OrderStore } from "./OrderStore.ts";
import { PendingOrdersStore } from "./PendingOrdersStore.ts";
import {
  type BusinessRequestForm,
  businessRequestStore,
  type PhotographerRequestForm,
  photographerRequestStore,
} from "./RequestFormStore.ts";
import { SearchTokenStore } from "./SearchTokenStore.ts";
import { SettingsStore } from "./SettingsStore.ts";
import type { KeyValueStorage } from "./types.ts";
import { UiStore } from "./UiStore.ts";

configure({ enforceActions: "observed" });

export interface Environment {
  settings: RuntimeSettings;
  host: string;
  storage: KeyValueStorage;
  browserLanguages: readonly string[];
  width: number;
  touch: boolean;
  loadCatalog: (language: Language) => Promise<void>;
  /** The page's origin; the API is there unless the tenant names another origin. */
  origin: string;
  /** Tests pass a fake fetch; the browser's is used otherwise. */
  fetch?: typeof fetch;
  /** The document's cookies (the cart id); in memory when absent. */
  cookies?: CookieJar;
  /** Where ecommerce events go (window.dataLayer); used only when the tenant enables analytics. */
  analytics?: (event: EcommerceEvent) => void;
  /** Saving and sharing files, and the redirect to the pay page; the browser's when absent. */
  files?: FilePorts;
  /** Waits between polls (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

/** Builds every store with its dependencies passed in. Order matters: settings first. */
export class RootStore {
  readonly settings: SettingsStore;
  readonly language: LanguageStore;
  readonly errors: ErrorStore;
  readonly ui: UiStore;
  readonly notifications: NotificationStore;
  readonly auth: AuthStore;
  readonly api: Api;
  readonly home: HomeStore;
  // Find my photos (issue #4): events, then the search token, then the stores using both.
  readonly events: EventStore;
  readonly searchTokens: SearchTokenStore;
  readonly gallery: GalleryStore;
  readonly myPhotos: MyPhotosStore;
  readonly faceSearch: FaceSearchStore;
  // The cart (issue #5): after language, notifications, errors and search tokens.
  readonly cart: CartStore;
  readonly framePicker: FramePickerStore;
  // Checkout, payment and the paid order (issue #6): after the cart and events.
  readonly pendingOrders: PendingOrdersStore;
  readonly checkout: CheckoutStore;
  readonly order: OrderStore;
  readonly downloads: DownloadStore;
  // Accounts and the request forms (issue #7).
  readonly account: AccountStore;
  readonly requests: { photographer: PhotographerRequestForm; business: BusinessRequestForm };

  constructor(env: Environment) {
    this.settings = new SettingsStore(env.settings, env.host);
    this.language = new LanguageStore({
      settings: this.settings,
      storage: env.storage,
      browserLanguages: env.browserLanguages,
      loadCatalog: env.loadCatalog,
    });
    this.errors = new ErrorStore();
    this.ui = new UiStore(env.width, env.touch);
    this.notifications = new NotificationStore(this.ui);
    this.auth = new AuthStore({ settings: env.settings.auth, origin: env.origin });
    // One transport for every store: language and token are read at call time.
    this.api = createApi({
      origin: env.settings.api.origin ?? env.origin,
      getLanguage: () => this.language.language,
      getToken: () => this.auth.token,
      requestsEndpoint: env.settings.requestsEndpoint,
      ...(env.fetch ? { fetch: env.fetch } : {}),
    });
    this.home = new HomeStore({
      api: this.api,
      storage: env.storage,
      themeId: env.settings.theme.id,
      showBanners: !env.settings.hideBannerOnHome,
    });
    this.events = new EventStore(this.api);
    this.searchTokens = new SearchTokenStore(this.api);
    const search = { api: this.api, events: this.events, tokens: this.searchTokens };
    this.gallery = new GalleryStore({
      ...search,
      notifications: this.notifications,
      errors: this.errors,
    });
    this.myPhotos = new MyPhotosStore(search);
    this.faceSearch = new FaceSearchStore({ api: this.api, myPhotos: this.myPhotos });
    this.cart = new CartStore({
      api: this.api,
      storage: env.storage,
      cookies: env.cookies ?? memoryCookies(),
      language: this.language,
      themeId: env.settings.theme.id,
      tokens: this.searchTokens,
      notifications: this.notifications,
      errors: this.errors,
      analytics: env.settings.analytics.enabled ? (env.analytics ?? null) : null,
    });
    this.framePicker = new FramePickerStore({
      api: this.api,
      tokens: this.searchTokens,
      cart: this.cart,
      myPhotos: this.myPhotos,
    });
    const files = env.files ?? browserFiles;
    const sleep = env.sleep ? { sleep: env.sleep } : {};
    this.pendingOrders = new PendingOrdersStore(env.storage);
    this.checkout = new CheckoutStore({
      api: this.api,
      cart: this.cart,
      events: this.events,
      pending: this.pendingOrders,
      files,
    });
    this.order = new OrderStore({ api: this.api, pending: this.pendingOrders, files, ...sleep });
    this.downloads = new DownloadStore({ api: this.api, files, ...sleep });
    this.account = new AccountStore(this.api);
    this.requests = {
      photographer: photographerRequestStore(this.api),
      business: businessRequestStore(this.api),
    };
  }
}
