import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PromoErrorKind } from "../domain/cart.ts";

/** The texts of the promo code errors of spec §8. */
export const PROMO_ERROR_MESSAGES: Record<PromoErrorKind, MessageDescriptor> = {
  "not-found": msg`Promo code not found`,
  expired: msg`The promo code has expired`,
  inactive: msg`The promo code is inactive`,
  conflict: msg`This promo code conflicts with another promo code in the cart`,
  "usage-limit": msg`The promo code usage limit has been reached`,
  "not-applicable": msg`The promo code is not valid for the selected items`,
  other: msg`An error occurred while adding a promo code`,
};

/** The cart texts of spec §8 and the cart's own notices. */
export const CART_MESSAGES = {
  addFailed: msg`Error adding a product to the cart`,
  alreadyInCart: msg`This product is already in your cart`,
  added: msg`Added to the cart`,
  removed: msg`Removed from the cart`,
  removeFailed: msg`Could not remove the product from the cart. Try again.`,
  promoApplied: msg`The promo code is applied`,
  cleared: msg`The cart is empty now`,
  deleted: msg`Your previous cart is no longer available, so a new one was started.`,
  unavailable: msg`The cart is unavailable right now. Try again later.`,
} satisfies Record<string, MessageDescriptor>;
