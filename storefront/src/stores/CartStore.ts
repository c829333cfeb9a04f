import type { MessageDescriptor } from "@lingui/core";
import { makeAutoObservable, observable, reaction, runInAction } from "mobx";
import type {
  Api,
  ApiResult,
  Cart,
  CartItem,
  NewCartItem,
  Photo,
  Product,
  TokenRequest,
} from "../api/index.ts";
import {
  type EcommerceEvent,
  type EcommerceEventName,
  ecommerceEvent,
} from "../domain/analytics.ts";
import { cartBadgeCount } from "../domain/badge.ts";
import {
  CART_COOKIE_DAYS,
  CART_RESYNC_ATTEMPTS,
  type EventGroup,
  groupByEvent,
  holdsLine,
  isCartGone,
  isCartId,
  type LineKey,
  type PromoErrorKind,
  promoErrorKind,
  resyncDelay,
} from "../domain/cart.ts";
import { isTransientFailure } from "../domain/errors.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import type { CookieJar } from "./cookies.ts";
import type { ErrorStore } from "./ErrorStore.ts";
import type { LanguageStore } from "./LanguageStore.ts";
import type { Subject } from "./MyPhotosStore.ts";
import type { NotificationStore } from "./NotificationStore.ts";
import type { SearchTokenStore } from "./SearchTokenStore.ts";
import type { KeyValueStorage } from "./types.ts";

/** Local storage entry: the cart id and when this device last changed the cart (other tabs reload). */
export const CART_STORAGE_KEY = "storefront.cart";
export const CART_COOKIE = "cartId";

export interface CartDeps {
  api: Api;
  storage: KeyValueStorage;
  cookies: CookieJar;
  language: LanguageStore;
  themeId: string;
  tokens: SearchTokenStore;
  notifications: NotificationStore;
  errors: ErrorStore;
  /** Receives ecommerce events; null when the tenant has analytics off. */
  analytics: ((event: EcommerceEvent) => void) | null;
  /** A fresh cart id (carts are named by the client). */
  newId?: () => string;
  now?: () => number;
  /** Waits before the cart is read again after a failure (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

/** One product to add, with what the cart shows while the call is in flight. */
export interface CartAddition {
  product: Product;
  eventName: string;
  photo?: Photo | null;
  frameId?: string | null;
}

/** The search-token subject of "My photos" (packages need it: they are that person's photos). */
export function tokenRequestOf(subject: Subject): TokenRequest {
  return subject.kind === "competitor"
    ? { competitorId: subject.competitor.competitorId }
    : { selfieId: subject.selfieId, personId: subject.personId };
}

const PENDING = "pending-";

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

const lineOf = (a: CartAddition): LineKey => ({
  product: a.product,
  photoId: a.photo?.photoId ?? null,
  frameId: a.frameId ?? null,
});

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The shopping cart (spec §3, §4, §7, §8): its id in a 365-day cookie and local storage,
 * created when none exists, never loaded when Deleted; items added optimistically with the
 * event's search token and rolled back on failure; promo codes; kept in step across tabs.
 * Nothing is lost to a failed call: an add whose reply was lost is looked up before it counts
 * as failed, a change the backend took stays on screen when the cart cannot be read back, and
 * the cart is then read again a bounded number of times, each wait longer than the last.
 */
export class CartStore {
  cart: Cart | null = null;
  status: "idle" | "loading" | "ready" | "failed" = "idle";
  /** Items shown while their POST is in flight. */
  pendingAdds: CartItem[] = [];
  /** Items the backend took but the cart could not be read back since: still shown. */
  unsynced: CartItem[] = [];
  /** Item ids hidden while their DELETE is in flight. */
  readonly pendingRemovals = observable.set<string>();
  /** Catalog products by catalogId (photo product, package offers). */
  readonly catalogs = new Map<string, Product[]>();
  promoBusy = false;
  promoError: PromoErrorKind | null = null;
  /** The last change, for the cart screen's live region. */
  announcement: MessageDescriptor | null = null;
  private readonly deps: CartDeps;
  private opening: Promise<void> | null = null;
  /** Catalog calls in flight, so a page and its early prefetch share one. */
  private readonly catalogLoads = new Map<string, Promise<void>>();
  private seq = 0;
  private disposeReaction: (() => void) | null = null;
  private resyncing = false;
  private disposed = false;

  constructor(deps: CartDeps) {
    this.deps = deps;
    makeAutoObservable<
      CartStore,
      "deps" | "opening" | "catalogLoads" | "seq" | "disposeReaction" | "resyncing" | "disposed"
    >(this, {
      deps: false,
      opening: false,
      catalogLoads: false,
      seq: false,
      disposeReaction: false,
      resyncing: false,
      disposed: false,
    });
  }

  /**
   * What the cart shows: its items minus those being removed, plus those being added. A
   * checked-out cart shows none: its items are the order's now (paid, or waiting in the
   * pending-order banner), not something left to buy again.
   */
  get items(): CartItem[] {
    const server = this.checkedOut
      ? []
      : (this.cart?.items ?? []).filter((i) => !this.pendingRemovals.has(i.shoppingCartItemId));
    return [...server, ...this.unsynced, ...this.pendingAdds];
  }

  /** The badge count of spec §9. */
  get count(): number {
    return cartBadgeCount(this.items);
  }

  get groups(): EventGroup<CartItem>[] {
    return groupByEvent(this.items);
  }

  /** Spec §4: checkout is done when the cart has an orderId. */
  get checkedOut(): boolean {
    return this.cart?.orderId != null;
  }

  get currencyId(): number | null {
    return this.cart?.currencyId ?? null;
  }

  isPending(item: CartItem): boolean {
    return item.shoppingCartItemId.startsWith(PENDING);
  }

  /** True when the cart holds this product for this photo (and frame). */
  has(productId: string, photoId: string | null = null, frameId: string | null = null): boolean {
    return this.items.some(
      (i) =>
        i.product.productId === productId &&
        (i.photoId ?? null) === photoId &&
        (i.frameId ?? null) === frameId,
    );
  }

  /** The event's photo product ("Digital photo"), once its catalog has loaded. */
  photoProduct(catalogId: string): Product | null {
    return (
      this.catalogs
        .get(catalogId)
        ?.find((p) => p.productType === "photo" && p.state === "InCatalog") ?? null
    );
  }

  /** All-photos package offers of a catalog (state InCatalog), for any or the given distance. */
  offers(catalogId: string, distance: string | null = null): Product[] {
    return (this.catalogs.get(catalogId) ?? []).filter(
      (p) =>
        p.productType === "photos_with_me" &&
        p.state === "InCatalog" &&
        (p.distance === null || p.distance === distance),
    );
  }

  /** The event's gift promo code product (a package offer of spec §1), once its catalog has loaded. */
  gift(catalogId: string): Product | null {
    return (
      this.catalogs
        .get(catalogId)
        ?.find((p) => p.productType === "promocode" && p.state === "InCatalog") ?? null
    );
  }

  /** Opens the cart of this device (or creates one); call once at start-up. */
  init(): Promise<void> {
    if (!this.disposeReaction) {
      // Spec §3: the cart's Language attribute follows the visitor's language.
      this.disposeReaction = reaction(
        () => this.deps.language.language,
        () => void this.syncAttributes(),
      );
    }
    return this.open(this.readId());
  }

  dispose(): void {
    this.disposeReaction?.();
    this.disposeReaction = null;
    this.disposed = true;
  }

  /** Another tab changed the cart (a `storage` event): follow it. */
  onStorage(key: string | null, value: string | null): void {
    if (key !== CART_STORAGE_KEY || value === null) return;
    const id = parseEntry(value);
    if (!id) return;
    if (id === this.cart?.shoppingCartId) void this.refresh();
    else void this.open(id);
  }

  /** Loads the catalog of an event once (photo product and package offers). */
  loadCatalog(catalogId: string): Promise<void> {
    if (this.catalogs.has(catalogId)) return Promise.resolve();
    let load = this.catalogLoads.get(catalogId);
    if (!load) {
      load = this.deps.api.catalog.products({ catalogId }).then((result) => {
        this.catalogLoads.delete(catalogId);
        if (result.ok) runInAction(() => this.catalogs.set(catalogId, result.data.items));
      });
      this.catalogLoads.set(catalogId, load);
    }
    return load;
  }

  /** Adds one photo of an event; with the participant's token when "My photos" are known. */
  addPhoto(
    event: { eventId: string; name: string },
    product: Product,
    photo: Photo,
    subject: Subject | null,
  ): Promise<boolean> {
    return this.add(event.eventId, [{ product, eventName: event.name, photo }], subject);
  }

  /** Adds the "all photos with me" package of the participant or face of `subject`. */
  addPackage(
    event: { eventId: string; name: string },
    product: Product,
    subject: Subject,
  ): Promise<boolean> {
    return this.add(event.eventId, [{ product, eventName: event.name }], subject);
  }

  /** Adds a gift promo code: no photo and no search token, anyone can buy one for a runner. */
  addGift(event: { eventId: string; name: string }, product: Product): Promise<boolean> {
    return this.add(event.eventId, [{ product, eventName: event.name }], null);
  }

  /** Adds the package, then removes the event's single photos it now covers (duplicates). */
  async replaceWithPackage(
    event: { eventId: string; name: string },
    product: Product,
    subject: Subject,
  ): Promise<boolean> {
    if (!(await this.addPackage(event, product, subject))) return false;
    const covered = this.items
      .filter((i) => i.eventId === event.eventId && i.duplicate)
      .map((i) => i.shoppingCartItemId);
    if (covered.length > 0) await this.remove(covered);
    return true;
  }

  /**
   * Adds products (POST items, or items/v2 for several), showing them at once and taking
   * them back if the call fails; the other items are never touched.
   */
  async add(
    eventId: string,
    additions: readonly CartAddition[],
    subject: Subject | null,
  ): Promise<boolean> {
    const wanted = additions.filter(
      (a) => !(a.photo && this.has(a.product.productId, a.photo.photoId, a.frameId ?? null)),
    );
    if (wanted.length === 0) {
      this.deps.errors.show(CART_MESSAGES.alreadyInCart);
      return false;
    }
    const placeholders = wanted.map((a) => this.placeholder(a));
    const temporary = new Set(placeholders.map((p) => p.shoppingCartItemId));
    this.pendingAdds.push(...placeholders);
    try {
      const body: NewCartItem[] = wanted.map((a) => ({
        productId: a.product.productId,
        ...(a.photo ? { photoId: a.photo.photoId } : {}),
        ...(a.frameId ? { frameId: a.frameId } : {}),
      }));
      let result = await this.sendItems(eventId, body, subject);
      if (result && !result.ok && result.error.kind === "http" && isCartGone(result.error.code)) {
        // The cart was deleted or checked out elsewhere: start a fresh one and try once more.
        if (await this.create()) result = await this.sendItems(eventId, body, subject);
      }
      if (result?.ok) {
        // Added. When the cart cannot be read back, the items stay on screen all the same.
        if (!(await this.refresh())) this.keepUnsynced(placeholders);
        this.added(wanted);
        return true;
      }
      const error = result && !result.ok ? result.error : null;
      if (error?.kind === "http" && error.code === "ProductAlreadyInCart") {
        this.deps.errors.show(CART_MESSAGES.alreadyInCart);
        await this.refresh();
        return false;
      }
      // No reply or a server error: the backend may have added them before the reply was
      // lost. Look before telling the visitor it failed (and before they add them twice).
      if (
        error &&
        isTransientFailure(error.status) &&
        (await this.refresh()) &&
        wanted.every((a) => holdsLine(this.cart?.items ?? [], lineOf(a)))
      ) {
        this.added(wanted);
        return true;
      }
      this.deps.errors.show(CART_MESSAGES.addFailed);
      return false;
    } finally {
      runInAction(() => {
        this.pendingAdds = this.pendingAdds.filter((p) => !temporary.has(p.shoppingCartItemId));
      });
    }
  }

  /** Removes one or several items (DELETE item, or DELETE items with the list). */
  async remove(itemIds: readonly string[]): Promise<boolean> {
    const cart = this.cart;
    const ids = itemIds.filter((id) => !id.startsWith(PENDING));
    if (!cart || ids.length === 0) return false;
    const removed = cart.items.filter((i) => ids.includes(i.shoppingCartItemId));
    for (const id of ids) this.pendingRemovals.add(id);
    try {
      const [first] = ids;
      const result =
        ids.length === 1 && first
          ? await this.deps.api.carts.removeItem(cart.shoppingCartId, first)
          : await this.deps.api.carts.removeItems(cart.shoppingCartId, ids);
      const gone = !result.ok && result.error.kind === "http" && result.status === 404;
      if (result.ok || gone) {
        if (!(await this.refresh())) {
          // Removed, but the cart cannot be read back: take them off here too, read it later.
          runInAction(() => {
            if (this.cart?.shoppingCartId !== cart.shoppingCartId) return;
            this.cart = {
              ...this.cart,
              items: this.cart.items.filter((i) => !ids.includes(i.shoppingCartItemId)),
            };
          });
          this.resync();
        }
        this.touch();
        this.track("remove_from_cart", removed.map(productOf));
        runInAction(() => {
          this.announcement = CART_MESSAGES.removed;
        });
        return true;
      }
      this.deps.errors.show(CART_MESSAGES.removeFailed);
      return false;
    } finally {
      runInAction(() => {
        for (const id of ids) this.pendingRemovals.delete(id);
      });
    }
  }

  /** Clear all: DELETE the cart, then start a fresh one. */
  async clear(): Promise<boolean> {
    const cart = this.cart;
    if (!cart) return false;
    const ids = cart.items.map((i) => i.shoppingCartItemId);
    for (const id of ids) this.pendingRemovals.add(id);
    try {
      const result = await this.deps.api.carts.remove(cart.shoppingCartId);
      if (!result.ok && !(result.error.kind === "http" && isCartGone(result.error.code))) {
        this.deps.errors.show(CART_MESSAGES.removeFailed);
        return false;
      }
      this.track("remove_from_cart", cart.items.map(productOf));
      await this.create();
      runInAction(() => {
        this.announcement = CART_MESSAGES.cleared;
      });
      return true;
    } finally {
      runInAction(() => {
        for (const id of ids) this.pendingRemovals.delete(id);
      });
    }
  }

  /** POST promotionalCodes; on failure `promoError` names the spec §8 error. */
  async applyPromoCode(code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (!trimmed) return false;
    this.promoBusy = true;
    this.promoError = null;
    try {
      const cart = await this.ensureCart();
      if (!cart) {
        runInAction(() => {
          this.promoError = "other";
        });
        return false;
      }
      const result = await this.deps.api.carts.addPromoCode(cart.shoppingCartId, trimmed);
      if (result.ok) {
        if (!(await this.refresh())) this.resync();
        this.touch();
        runInAction(() => {
          this.announcement = CART_MESSAGES.promoApplied;
        });
        return true;
      }
      runInAction(() => {
        this.promoError = promoErrorKind(result.error.kind === "http" ? result.error.code : null);
      });
      return false;
    } finally {
      runInAction(() => {
        this.promoBusy = false;
      });
    }
  }

  async removePromoCode(codeId: string): Promise<boolean> {
    const cart = this.cart;
    if (!cart) return false;
    const result = await this.deps.api.carts.removePromoCode(cart.shoppingCartId, codeId);
    if (!result.ok) {
      this.deps.errors.show(CART_MESSAGES.removeFailed);
      return false;
    }
    if (!(await this.refresh())) this.resync();
    this.touch();
    return true;
  }

  clearPromoError(): void {
    this.promoError = null;
  }

  /**
   * Reloads the cart from the server (after a change here or in another tab); false when it
   * could not be read (the cart on screen is then kept as it is).
   */
  async refresh(): Promise<boolean> {
    const id = this.cart?.shoppingCartId;
    if (!id) return false;
    const result = await this.deps.api.carts.get(id);
    if (!result.ok) return false;
    if (result.data.shoppingCartId !== this.cart?.shoppingCartId) return true;
    if (result.data.state === "Deleted") {
      this.deps.errors.show(CART_MESSAGES.deleted);
      runInAction(() => {
        this.unsynced = [];
      });
      await this.create();
      return true;
    }
    runInAction(() => {
      this.cart = result.data;
      this.unsynced = [];
    });
    return true;
  }

  /** The cart to change: the current one, or a fresh one when it is gone or checked out. */
  async ensureCart(): Promise<Cart | null> {
    if (this.opening) await this.opening;
    if (this.cart && this.cart.state !== "Deleted" && !this.checkedOut) return this.cart;
    if (this.status === "failed" && !this.cart) await this.open(this.readId());
    else await this.create();
    return this.cart && !this.checkedOut ? this.cart : null;
  }

  private open(id: string | null): Promise<void> {
    const run = (async () => {
      runInAction(() => {
        this.status = "loading";
      });
      if (id) {
        const result = await this.deps.api.carts.get(id);
        if (result.ok && result.data.state !== "Deleted") {
          runInAction(() => {
            this.cart = result.data;
            this.status = "ready";
          });
          this.persist(id, false);
          await this.syncAttributes();
          return;
        }
        if (result.ok) {
          // Spec §4: a Deleted cart is not loaded; it sets a cart error and a new cart starts.
          this.deps.errors.show(CART_MESSAGES.deleted);
        } else if (!(result.error.kind === "http" && result.status === 404)) {
          // Offline or a server failure: keep the id (nothing is lost) and try again later.
          runInAction(() => {
            this.status = "failed";
          });
          this.resync();
          return;
        }
      }
      await this.create();
    })();
    this.opening = run;
    return run.finally(() => {
      if (this.opening === run) this.opening = null;
    });
  }

  /** POST /shoppingCarts with a new id (201). */
  private async create(): Promise<boolean> {
    const id = (this.deps.newId ?? randomId)();
    const result = await this.deps.api.carts.create(id);
    if (!result.ok) {
      runInAction(() => {
        this.cart = null;
        this.status = "failed";
      });
      this.deps.errors.show(CART_MESSAGES.unavailable);
      return false;
    }
    runInAction(() => {
      this.cart = result.data;
      this.status = "ready";
    });
    this.persist(result.data.shoppingCartId, true);
    await this.syncAttributes();
    return true;
  }

  /** PATCH attributes Language and Theme (204) when they differ from the current ones. */
  async syncAttributes(): Promise<void> {
    const cart = this.cart;
    if (!cart || cart.state === "Deleted" || this.checkedOut) return;
    const language = this.deps.language.language;
    const theme = this.deps.themeId;
    const value = (key: string) => cart.attributes.find((a) => a.key === key)?.value;
    if (value("Language") === language && value("Theme") === theme) return;
    const result = await this.deps.api.carts.setAttributes(cart.shoppingCartId, {
      language,
      theme,
    });
    if (!result.ok) return;
    runInAction(() => {
      if (this.cart?.shoppingCartId !== cart.shoppingCartId) return;
      this.cart.attributes = [
        ...this.cart.attributes.filter((a) => a.key !== "Language" && a.key !== "Theme"),
        { key: "Language", value: language },
        { key: "Theme", value: theme },
      ];
    });
  }

  private async sendItems(
    eventId: string,
    items: NewCartItem[],
    subject: Subject | null,
  ): Promise<ApiResult<null> | null> {
    const cart = await this.ensureCart();
    if (!cart) return null;
    const call = (searchToken: string | null) => {
      const [one] = items;
      return items.length === 1 && one
        ? this.deps.api.carts.addItem(cart.shoppingCartId, one, { searchToken })
        : this.deps.api.carts.addItems(cart.shoppingCartId, items, { searchToken });
    };
    // A single photo needs no token; a package is "my photos", so the token says whose.
    return subject
      ? this.deps.tokens.withToken(eventId, tokenRequestOf(subject), call)
      : call(null);
  }

  /** What a successful add tells: other tabs, analytics, a notification, the live region. */
  private added(wanted: readonly CartAddition[]): void {
    this.touch();
    this.track(
      "add_to_cart",
      wanted.map((a) => a.product),
    );
    this.deps.notifications.notify(CART_MESSAGES.added);
    runInAction(() => {
      this.announcement = CART_MESSAGES.added;
    });
  }

  /** The backend took these items but the cart could not be read: keep them, read it later. */
  private keepUnsynced(items: readonly CartItem[]): void {
    runInAction(() => {
      this.unsynced.push(...items);
    });
    this.resync();
  }

  /**
   * Reads the cart again (or opens it again, when it never opened) after growing waits, until
   * that works or CART_RESYNC_ATTEMPTS tries are spent; one such loop at a time.
   */
  private resync(): void {
    if (this.resyncing || this.disposed) return;
    this.resyncing = true;
    const sleep = this.deps.sleep ?? realSleep;
    void (async () => {
      try {
        for (let attempt = 0; attempt < CART_RESYNC_ATTEMPTS; attempt++) {
          await sleep(resyncDelay(attempt));
          if (this.disposed) return;
          const done = this.cart ? await this.refresh() : await this.reopen();
          if (done) return;
        }
      } finally {
        this.resyncing = false;
      }
    })();
  }

  private async reopen(): Promise<boolean> {
    if (this.opening) await this.opening;
    else await this.open(this.readId());
    return this.cart !== null;
  }

  private placeholder(a: CartAddition): CartItem {
    const p = a.product;
    return {
      shoppingCartItemId: `${PENDING}${++this.seq}`,
      product: { productId: p.productId, title: p.title, productType: p.productType },
      catalog: { catalogId: p.catalogId, title: a.eventName },
      eventId: p.eventId,
      photoId: a.photo?.photoId ?? null,
      photoIds: a.photo ? [a.photo.photoId] : [],
      frameId: a.frameId ?? null,
      originalPrice: p.price,
      price: p.price,
      currencyId: p.currencyId,
      duplicate: false,
      thumbnailUrl: a.photo?.thumbnailUrl ?? null,
    };
  }

  private readId(): string | null {
    const stored = parseEntry(this.deps.storage.getItem(CART_STORAGE_KEY));
    if (stored) return stored;
    const cookie = this.deps.cookies.get(CART_COOKIE);
    return isCartId(cookie) ? cookie : null;
  }

  /** Keeps the id in the cookie (365 days) and local storage; `touch` tells other tabs. */
  private persist(id: string, touch: boolean): void {
    this.deps.cookies.set(CART_COOKIE, id, CART_COOKIE_DAYS);
    if (!touch && parseEntry(this.deps.storage.getItem(CART_STORAGE_KEY)) === id) return;
    const now = (this.deps.now ?? Date.now)();
    this.deps.storage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartId: id, updatedAt: now }));
  }

  private touch(): void {
    const id = this.cart?.shoppingCartId;
    if (id) this.persist(id, true);
  }

  private track(name: EcommerceEventName, products: readonly AnalyticsSource[]): void {
    if (!this.deps.analytics || products.length === 0) return;
    this.deps.analytics(ecommerceEvent(name, products));
  }
}

type AnalyticsSource = { productId: string; title: string; productType: string; price: number };

function productOf(item: CartItem): AnalyticsSource {
  return { ...item.product, price: item.price };
}

/** The cart id of a storage entry; null for a missing or corrupted one. */
function parseEntry(value: string | null): string | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    const id =
      parsed && typeof parsed === "object" ? (parsed as { cartId?: unknown }).cartId : null;
    return isCartId(id) ? id : null;
  } catch {
    return null;
  }
}
