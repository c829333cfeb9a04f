import type { MessageDescriptor } from "@lingui/core";
import { makeAutoObservable, runInAction } from "mobx";
import type { Api } from "../api/index.ts";
import { type PromoErrorKind, promoErrorKind } from "../domain/cart.ts";
import type { CartSession } from "./CartSession.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import type { ErrorStore } from "./ErrorStore.ts";

export interface PromoCodeDeps {
  api: Api;
  session: CartSession;
  errors: ErrorStore;
  /** Tells the cart screen's live region. */
  announce: (message: MessageDescriptor) => void;
}

/** The cart's promo codes (spec §7, §8): add one by its code, remove one; each error by name. */
export class PromoCodeStore {
  busy = false;
  /** The spec §8 error of the last code entered; null when it was taken (or none yet). */
  error: PromoErrorKind | null = null;
  private readonly deps: PromoCodeDeps;

  constructor(deps: PromoCodeDeps) {
    this.deps = deps;
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent: deps is set once here and read by no reaction; observable or not the store behaves the same
    makeAutoObservable<PromoCodeStore, "deps">(this, { deps: false });
  }

  /** POST promotionalCodes; on failure `error` names the spec §8 error. */
  async apply(code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (!trimmed) return false;
    this.busy = true;
    this.error = null;
    const { session } = this.deps;
    try {
      const cart = await session.ensureCart();
      if (!cart) {
        runInAction(() => {
          this.error = "other";
        });
        return false;
      }
      const result = await this.deps.api.carts.addPromoCode(cart.shoppingCartId, trimmed);
      if (result.ok) {
        await this.readBack();
        this.deps.announce(CART_MESSAGES.promoApplied);
        return true;
      }
      runInAction(() => {
        this.error = promoErrorKind(result.error.kind === "http" ? result.error.code : null);
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  /** DELETE promotionalCodes/{codeId}. */
  async remove(codeId: string): Promise<boolean> {
    const cart = this.deps.session.cart;
    if (!cart) return false;
    const result = await this.deps.api.carts.removePromoCode(cart.shoppingCartId, codeId);
    if (!result.ok) {
      this.deps.errors.show(CART_MESSAGES.removeFailed);
      return false;
    }
    await this.readBack();
    return true;
  }

  clearError(): void {
    this.error = null;
  }

  /** The cart after a change: read back (or later), and other tabs told. */
  private async readBack(): Promise<void> {
    const { session } = this.deps;
    if (!(await session.refresh())) session.resync();
    session.touch();
  }
}
