import * as z from "zod/mini";
import { currencyId, id, money, productRef } from "./common.ts";

export const CART_STATES = ["Updated", "Processed", "Deleted"] as const;

export const cartItem = z.object({
  shoppingCartItemId: id,
  product: productRef,
  catalog: z.object({ catalogId: id, title: z.string() }),
  eventId: id,
  /** The photo of a photo or frame item; null for packages and promo codes. */
  photoId: z.nullable(z.string()),
  /** Every photo the item covers (a package covers the participant's photos). */
  photoIds: z.array(z.string()),
  frameId: z.nullable(z.string()),
  originalPrice: money,
  /** Price after promo codes. */
  price: money,
  currencyId,
  /** A photo already covered by an all-photos package in the same cart. */
  duplicate: z.boolean(),
  thumbnailUrl: z.nullable(z.string()),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartAttribute = z.object({ key: z.string(), value: z.string() });
export type CartAttribute = z.infer<typeof cartAttribute>;

export const promotionalCode = z.object({ codeId: id, code: z.string() });
export type PromotionalCode = z.infer<typeof promotionalCode>;

export const cart = z.object({
  shoppingCartId: id,
  state: z.enum(CART_STATES),
  currencyId,
  /** Sum of the items' original prices. */
  amount: money,
  discountAmount: money,
  /** What the customer pays: amount minus discounts. */
  totalAmount: money,
  customer: z.nullable(z.object({ email: z.string() })),
  /** Set once the cart is checked out. */
  orderId: z.nullable(z.string()),
  items: z.array(cartItem),
  attributes: z.array(cartAttribute),
  promotionalCodes: z.array(promotionalCode),
});
export type Cart = z.infer<typeof cart>;
export type CartState = Cart["state"];

/** What is added to a cart: a product, with the photo and frame it applies to. */
export interface NewCartItem {
  productId: string;
  photoId?: string;
  frameId?: string;
}

/**
 * Error codes of the cart and promo code calls (the `code` of an HttpError).
 * Promo codes: not found, expired, inactive, conflicting with another code, usage
 * limit reached, not valid on the selected items.
 */
export const CART_ERROR_CODES = [
  "CartNotFound",
  "CartDeleted",
  "CartProcessed",
  "CartEmpty",
  "CustomerRequired",
  "InvalidEmail",
  "ProductNotFound",
  "ProductAlreadyInCart",
  "PhotoRequired",
  "FrameRequired",
  "CurrencyMismatch",
  "CartItemNotFound",
  "PromoCodeNotFound",
  "PromoCodeExpired",
  "PromoCodeInactive",
  "PromoCodeConflict",
  "PromoCodeUsageLimit",
  "PromoCodeNotApplicable",
  "PromoCodeNotInCart",
  "SearchTokenRequired",
  "SearchTokenInvalid",
  "SearchTokenExpired",
] as const;
export type CartErrorCode = (typeof CART_ERROR_CODES)[number];
