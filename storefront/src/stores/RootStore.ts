import { configure, observable, runInAction } from "mobx";
import { createEventsApi, type EventsApi } from "../api/events.ts";
import { createHttp, type Http } from "../api/http.ts";
import { createThemesApi, type ThemesApi } from "../api/themes.ts";
import type { EcommerceEvent } from "../domain/analytics.ts";
import type { Language, RuntimeSettings } from "../settings-types.ts";
import { AuthStore } from "./AuthStore.ts";
import { forgetPerson, SIGNED_OUT_MESSAGE, takeSignedOut } from "./auth/person-data.ts";
import type { BackgroundPorts } from "./BackgroundPhotosStore.ts";
import type { CartStore } from "./CartStore.ts";
import type { CookieJar } from "./cookies.ts";
import { ErrorStore } from "./ErrorStore.ts";
import type { FramePickerStore } from "./FramePickerStore.ts";
import type { FilePorts } from "./files.ts";
import { HomeStore } from "./HomeStore.ts";
import { LanguageStore } from "./LanguageStore.ts";
import { NotificationStore } from "./NotificationStore.ts";
import type { OfflinePorts } from "./offline-cache.ts";
import { SettingsStore } from "./SettingsStore.ts";
import {
  migrateLegacyStorage,
  type TenantStorage,
  tenantCookies,
  tenantStorage,
} from "./tenant-storage.ts";
import type { KeyValueStorage } from "./types.ts";
import { UiStore } from "./UiStore.ts";

// Stryker disable next-line ObjectLiteral: equivalent, "observed" is MobX's default; the line says it outright
configure({ enforceActions: "observed" });

export interface Environment {
  settings: RuntimeSettings;
  host: string;
  storage: KeyValueStorage;
  /** Storage for this visit only (sessionStorage): the face-search agreement. In memory when absent. */
  visitStorage?: KeyValueStorage;
  browserLanguages: readonly string[];
  width: number;
  touch: boolean;
  loadMessages: (language: Language) => Promise<void>;
  /** The page's origin; the API is there unless the tenant names another origin. */
  origin: string;
  /** Tests pass a fake fetch; the browser's is used otherwise. */
  fetch?: typeof fetch;
  /** Answers the boot script asked for before the app arrived (api/http.ts `early`). */
  early?: ((key: string, language: string) => Promise<Response | undefined>) | undefined;
  /** The document's cookies (the cart id); in memory when absent. */
  cookies?: CookieJar;
  /** Where ecommerce events go (window.dataLayer); used only when the tenant enables analytics. */
  analytics?: (event: EcommerceEvent) => void;
  /** Saving and sharing files, and the redirect to the pay page; the browser's when absent. */
  files?: FilePorts;
  /** Waits between polls (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
  /** The paid orders kept on the device (Cache API, service worker); the browser's when absent. */
  offline?: OfflinePorts;
  /** Downloads in the background (Background Fetch); the browser's when absent. */
  background?: BackgroundPorts | undefined;
}

/** The API calls the first screen makes; every other service is built with the shop. */
export interface CoreApi {
  readonly http: Http;
  readonly themes: ThemesApi;
  readonly events: EventsApi;
}

/**
 * What the shell follows of the shop once its chunk has loaded: the cart (the badge) and the
 * frame picker (its host). The shop's ShopStores (./shop.ts) has them; naming only these keeps
 * the RootStore independent of the shop (no import cycle).
 */
export interface LoadedShop {
  readonly cart: CartStore;
  readonly framePicker: FramePickerStore;
}

/**
 * The stores every screen needs, built at start-up with their dependencies passed in (settings
 * first): settings, language, errors, layout, notifications, sign-in and home. The stores of
 * finding, buying and downloading photos (the shop, ./shop.ts) live in a lazy chunk: the screens
 * that use them import it, and main.tsx loads it right after the first render and attaches it
 * here, so the shell (the cart badge, the frame picker) can follow it.
 */
export class RootStore {
  readonly env: Environment;
  readonly settings: SettingsStore;
  readonly language: LanguageStore;
  readonly errors: ErrorStore;
  readonly ui: UiStore;
  readonly notifications: NotificationStore;
  readonly auth: AuthStore;
  readonly api: CoreApi;
  readonly home: HomeStore;
  /** The device's storage as this tenant sees it: every key carries the tenant (never shared). */
  readonly storage: TenantStorage;
  /** The tenant's own cookies (the cart id); undefined when the environment has none. */
  readonly cookies: CookieJar | undefined;
  private readonly attached = observable.box<LoadedShop | null>(null, { deep: false });
  private readonly earlyEvents = new Map<string, ReturnType<EventsApi["get"]>>();

  constructor(env: Environment) {
    this.env = env;
    migrateLegacyStorage(env.storage, env.cookies, env.settings.id);
    this.storage = tenantStorage(env.storage, env.settings.id);
    this.cookies = env.cookies && tenantCookies(env.cookies, env.settings.id);
    this.settings = new SettingsStore(env.settings, env.host);
    this.language = new LanguageStore({
      settings: this.settings,
      storage: this.storage,
      browserLanguages: env.browserLanguages,
      loadMessages: env.loadMessages,
      ...(env.cookies ? { cookies: env.cookies } : {}),
    });
    this.errors = new ErrorStore();
    this.ui = new UiStore(env.width, env.touch);
    this.notifications = new NotificationStore(this.ui);
    this.auth = new AuthStore({
      settings: env.settings.auth,
      origin: env.origin,
      forgetPerson: () => {
        forgetPerson(this.storage, this.cookies);
        // The paid orders kept for offline, and their worker (offline-cache.ts, loaded now).
        return import("./offline-cache.ts").then(
          (m) => m.forgetKeptOrders(env.offline, env.settings.id),
          () => {},
        );
      },
      leave: (path) => globalThis.location?.assign(path),
    });
    // One transport for every store: language and token are read at call time.
    const http = createHttp({
      origin: env.settings.api.origin ?? env.origin,
      getLanguage: () => this.language.language,
      getToken: () => this.auth.token,
      ...(env.fetch ? { fetch: env.fetch } : {}),
      early: env.early,
    });
    this.api = { http, themes: createThemesApi(http), events: createEventsApi(http) };
    this.home = new HomeStore({
      api: this.api,
      storage: this.storage,
      themeId: env.settings.theme.id,
      showBanners: !env.settings.hideBannerOnHome,
    });
  }

  /**
   * An event page's event, asked for as soon as the app has its settings, while the shop's chunk
   * (whose EventStore takes the answer) is still on its way: the page's cover comes sooner.
   */
  prefetchEvent(id: string): void {
    if (!this.earlyEvents.has(id)) this.earlyEvents.set(id, this.api.events.get(id));
  }

  /** The prefetched call for an event, once (later loads ask the backend again). */
  takeEarlyEvent(id: string): ReturnType<EventsApi["get"]> | undefined {
    const early = this.earlyEvents.get(id);
    this.earlyEvents.delete(id);
    return early;
  }

  /**
   * Once the first page after a sign-out is live: says that this device no longer keeps the
   * person's cart and orders (the provider's sign-out page brought the browser back here).
   */
  announceSignOut(): void {
    if (takeSignedOut(this.storage)) this.notifications.notify(SIGNED_OUT_MESSAGE);
  }

  /** The shop's stores once loaded (observable: the shell shows the cart badge from then on). */
  get shop(): LoadedShop | null {
    return this.attached.get();
  }

  attachShop(shop: LoadedShop): void {
    runInAction(() => this.attached.set(shop));
  }
}
