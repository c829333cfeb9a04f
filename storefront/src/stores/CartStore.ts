import type { MessageDescriptor } from "@lingui/core";
import { makeAutoObservable, observable, runInAction } from "mobx";
import type { ApiResult, Cart, CartItem, NewCartItem, Photo, Product } from "../api/index.ts";
import type { AnalyticsProduct } from "../domain/analytics.ts";
import { cartBadgeCount } from "../domain/badge.ts";
import {
  ALREADY_IN_CART,
  type CartAddition,
  type EventGroup,
  groupByEvent,
  holdsLine,
  isCartGone,
  lineOf,
  newItemOf,
  PENDING_ITEM_PREFIX,
  pendingItem,
} from "../domain/cart.ts";
import { isTransientFailure } from "../domain/errors.ts";
import type { Subject } from "../domain/search.ts";
import { CartSession, type CartSessionDeps } from "./CartSession.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import type { NotificationStore } from "./NotificationStore.ts";
import { PromoCodeStore } from "./PromoCodeStore.ts";
import { type SearchTokenStore, tokenRequestOf } from "./SearchTokenStore.ts";
import type { LoadState } from "./types.ts";

export interface CartDeps extends CartSessionDeps {
  /** The tenant's currency (spec §9: 643, 840 on US hosts): a cart not yet open has no other. */
  currencyId: number;
  tokens: SearchTokenStore;
  notifications: NotificationStore;
}

/** What changed in the cart, for whoever listens (analytics). */
export interface CartChange {
  kind: "added" | "removed";
  products: readonly AnalyticsProduct[];
}

/**
 * The shopping cart as the visitor changes it (spec §3, §5, §7, §8): items added
 * optimistically with the event's search token and rolled back on failure, removals, clearing
 * and promo codes. Which cart is open, and reading it back, is its CartSession's.
 * Nothing is lost to a failed call: an add whose reply was lost is looked up before it counts
 * as failed, and a change the backend took stays on screen when the cart cannot be read back.
 */
export class CartStore {
  readonly session: CartSession;
  readonly promoCodes: PromoCodeStore;
  /** Items shown while their POST is in flight. */
  pendingAdds: CartItem[] = [];
  /** Item ids hidden while their DELETE is in flight. */
  readonly pendingRemovals = observable.set<string>();
  /** The last change, for the cart screen's live region. */
  announcement: MessageDescriptor | null = null;
  private readonly deps: CartDeps;
  private readonly listeners = new Set<(change: CartChange) => void>();
  private seq = 0;

  constructor(deps: CartDeps) {
    this.deps = deps;
    this.session = new CartSession(deps);
    this.promoCodes = new PromoCodeStore({
      ...deps,
      session: this.session,
      announce: (message) => this.announce(message),
    });
    // Stryker disable ObjectLiteral,BooleanLiteral: equivalent: which fields stay plain; deps, session and promoCodes are set once here, listeners and seq are read by no reaction, so observable or not the store behaves the same
    makeAutoObservable<CartStore, "deps" | "listeners" | "seq">(this, {
      session: false,
      promoCodes: false,
      deps: false,
      listeners: false,
      seq: false,
    });
  }

  // Stryker restore ObjectLiteral,BooleanLiteral
  get cart(): Cart | null {
    return this.session.cart;
  }

  get status(): LoadState {
    return this.session.status;
  }

  /** Items the backend took but the cart could not be read back since: still shown. */
  get unsynced(): CartItem[] {
    return this.session.unsynced;
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
    return this.session.checkedOut;
  }

  /** The cart's currency; the tenant's while no cart is open. */
  get currencyId(): number {
    return this.cart?.currencyId ?? this.deps.currencyId;
  }

  isPending(item: CartItem): boolean {
    return item.shoppingCartItemId.startsWith(PENDING_ITEM_PREFIX);
  }

  /** True when the cart holds this product for this photo (and frame). */
  has(productId: string, photoId: string | null = null, frameId: string | null = null): boolean {
    return holdsLine(this.items, { product: { productId }, photoId, frameId });
  }

  /** Calls `listener` after each change the backend took; returns what stops it. */
  listen(listener: (change: CartChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Opens the cart of this device (or creates one); call once at start-up. */
  init(): Promise<void> {
    return this.session.init();
  }

  dispose(): void {
    this.session.dispose();
  }

  /** Another tab changed the cart (a `storage` event): follow it. */
  onStorage(key: string | null, value: string | null): void {
    this.session.onStorage(key, value);
  }

  /** Reads the cart again; false when it could not be read (see CartSession.refresh). */
  refresh(): Promise<boolean> {
    return this.session.refresh();
  }

  /** The cart to change: the current one, or a fresh one when it is gone or checked out. */
  ensureCart(): Promise<Cart | null> {
    return this.session.ensureCart();
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
    const placeholders = wanted.map((a) => pendingItem(a, ++this.seq));
    const temporary = new Set(placeholders.map((p) => p.shoppingCartItemId));
    this.pendingAdds.push(...placeholders);
    try {
      const body = wanted.map(newItemOf);

      let result = await this.sendItems(eventId, body, subject);
      if (result && !result.ok && result.error.kind === "http" && isCartGone(result.error.code)) {
        // The cart was deleted or checked out elsewhere: start a fresh one and try once more.
        if (await this.session.create()) result = await this.sendItems(eventId, body, subject);
      }
      if (result?.ok) {
        // Added. When the cart cannot be read back, the items stay on screen all the same.
        if (!(await this.refresh())) this.session.keepUnsynced(placeholders);
        this.added(wanted);
        return true;
      }
      const error = result && !result.ok ? result.error : null;
      if (error?.kind === "http" && error.code === ALREADY_IN_CART) {
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
    const ids = itemIds.filter((id) => !id.startsWith(PENDING_ITEM_PREFIX));
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
          this.session.dropUnread(cart.shoppingCartId, ids);
        }
        this.session.touch();
        this.emit("removed", removed.map(productOf));
        this.announce(CART_MESSAGES.removed);
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
      this.emit("removed", cart.items.map(productOf));
      await this.session.create();
      this.announce(CART_MESSAGES.cleared);
      return true;
    } finally {
      runInAction(() => {
        for (const id of ids) this.pendingRemovals.delete(id);
      });
    }
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

  /** What a successful add tells: other tabs, listeners, a notification, the live region. */
  private added(wanted: readonly CartAddition[]): void {
    this.session.touch();
    this.emit(
      "added",
      wanted.map((a) => a.product),
    );
    this.deps.notifications.notify(CART_MESSAGES.added);
    this.announce(CART_MESSAGES.added);
  }

  private announce(message: MessageDescriptor): void {
    this.announcement = message;
  }

  private emit(kind: CartChange["kind"], products: readonly AnalyticsProduct[]): void {
    for (const listener of this.listeners) listener({ kind, products });
  }
}

function productOf(item: CartItem): AnalyticsProduct {
  return { ...item.product, price: item.price };
}
