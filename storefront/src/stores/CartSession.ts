import { makeAutoObservable, reaction, runInAction } from "mobx";
import type { Api, Cart, CartItem } from "../api/index.ts";
import {
  type CartIdentityDeps,
  cartIdOfStorageEvent,
  freshCartId,
  keepCartId,
  readCartId,
} from "./cart-identity.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import type { ErrorStore } from "./ErrorStore.ts";
import type { LanguageStore } from "./LanguageStore.ts";
import { type Backoff, backoff } from "./resync.ts";
import type { LoadState } from "./types.ts";

export interface CartSessionDeps extends CartIdentityDeps {
  api: Api;
  language: LanguageStore;
  themeId: string;
  errors: ErrorStore;
  /** Waits before the cart is read again after a failure (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Which cart is open and what the backend last said of it (spec §3, §4): opened by the id this
 * device keeps, or created when none exists; never loaded when Deleted; read again after each
 * change, and after a failure a bounded number of times with growing waits; its Language and
 * Theme attributes follow the visitor. What the visitor does with the cart is CartStore's.
 */
export class CartSession {
  cart: Cart | null = null;
  status: LoadState = "idle";
  /** Items the backend took but the cart could not be read back since: still shown. */
  unsynced: CartItem[] = [];
  private readonly deps: CartSessionDeps;
  private readonly backoff: Backoff;
  private opening: Promise<void> | null = null;
  private disposeReaction: (() => void) | null = null;

  constructor(deps: CartSessionDeps) {
    this.deps = deps;
    this.backoff = backoff(() => (this.cart ? this.refresh() : this.reopen()), deps.sleep);
    // Stryker disable ObjectLiteral,BooleanLiteral: equivalent: which fields stay plain; deps and backoff are set once here, opening and disposeReaction are read by no reaction, so observable or not the store behaves the same
    makeAutoObservable<CartSession, "deps" | "backoff" | "opening" | "disposeReaction">(this, {
      deps: false,
      backoff: false,
      opening: false,
      disposeReaction: false,
    });
  }

  // Stryker restore ObjectLiteral,BooleanLiteral
  /** Spec §4: checkout is done when the cart has an orderId. */
  get checkedOut(): boolean {
    return this.cart?.orderId != null;
  }

  /** Opens the cart of this device (or creates one); call once at start-up. */
  async init(): Promise<void> {
    if (!this.disposeReaction) {
      // Spec §3: the cart's Language attribute follows the visitor's language.
      this.disposeReaction = reaction(
        () => this.deps.language.language,
        () => void this.syncAttributes(),
      );
    }
    // A change made before the shop opened (an "Add to cart" tapped at once) may have opened or
    // created the cart already: that is the cart, and a second one must not replace it.
    if (this.opening) await this.opening;
    if (this.cart) return;
    return this.open(readCartId(this.deps));
  }

  dispose(): void {
    this.disposeReaction?.();
    this.disposeReaction = null;
    this.backoff.stop();
  }

  /** Another tab changed the cart (a `storage` event): follow it. */
  onStorage(key: string | null, value: string | null): void {
    const id = cartIdOfStorageEvent(key, value);
    if (!id) return;
    if (id === this.cart?.shoppingCartId) void this.refresh();
    else void this.open(id);
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
    // Stryker disable next-line StringLiteral: equivalent: the session never holds a Deleted cart (open and refresh start a fresh one instead, create holds a new one)
    if (this.cart && this.cart.state !== "Deleted" && !this.checkedOut) return this.cart;
    if (this.status === "failed" && !this.cart) {
      // It never opened (offline): the kept cart first, nothing in it is lost; when it was
      // checked out meanwhile, its items are the order's and a fresh cart takes the change.
      await this.open(readCartId(this.deps));
      if (this.checkedOut) await this.hold(this.create());
    } else await this.hold(this.create());
    return this.cart && !this.checkedOut ? this.cart : null;
  }

  /** POST /shoppingCarts with a new id (201); false (and the cart error) when that fails. */
  async create(): Promise<boolean> {
    const result = await this.deps.api.carts.create(freshCartId(this.deps));
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
      this.status = "done";
    });
    // Stryker disable next-line BooleanLiteral: equivalent: a created cart's id is fresh, so the kept entry never names it yet and is written either way
    keepCartId(this.deps, result.data.shoppingCartId, true);
    await this.syncAttributes();
    return true;
  }

  /** PATCH attributes Language and Theme (204) when they differ from the current ones. */
  async syncAttributes(): Promise<void> {
    const cart = this.cart;
    // Stryker disable next-line StringLiteral: equivalent: the session never holds a Deleted cart (see ensureCart)
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

  /** The cart changed here: other tabs follow (their `storage` event). */
  touch(): void {
    const id = this.cart?.shoppingCartId;
    if (id) keepCartId(this.deps, id, true);
  }

  /** The backend took these items but the cart could not be read: keep them, read it later. */
  keepUnsynced(items: readonly CartItem[]): void {
    this.unsynced.push(...items);
    this.resync();
  }

  /** The backend removed these items but the cart could not be read: take them off here too. */
  dropUnread(cartId: string, itemIds: readonly string[]): void {
    const cart = this.cart;
    if (cart?.shoppingCartId === cartId) {
      this.cart = {
        ...cart,
        items: cart.items.filter((i) => !itemIds.includes(i.shoppingCartItemId)),
      };
    }
    this.resync();
  }

  /**
   * Reads the cart again (or opens it again, when it never opened) after growing waits, until
   * that works or the tries are spent; one such loop at a time.
   */
  resync(): void {
    this.backoff.start();
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
            this.status = "done";
          });
          keepCartId(this.deps, id, false);
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

  /** A cart being made counts as the cart opening: whoever opens meanwhile waits for it. */
  private hold(work: Promise<unknown>): Promise<void> {
    const run = work.then(() => undefined);
    this.opening = run;
    return run.finally(() => {
      if (this.opening === run) this.opening = null;
    });
  }

  private async reopen(): Promise<boolean> {
    if (this.opening) await this.opening;
    else await this.open(readCartId(this.deps));
    return this.cart !== null;
  }
}
