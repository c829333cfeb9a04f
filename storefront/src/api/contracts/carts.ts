import { currencyId, id, money, type ProductRef, productRef } from "./common.ts";
import { array, bool, nullable, object, str } from "./plain.ts";
import { oneOf } from "./shop-checks.ts";

export const CART_STATES = ["Updated", "Processed", "Deleted"] as const;

export interface CartItem {
  shoppingCartItemId: string;
  product: ProductRef;
  catalog: { catalogId: string; title: string };
  eventId: string;
  /** The photo of a photo or frame item; null for packages and promo codes. */
  photoId: string | null;
  /** Every photo the item covers (a package covers the participant's photos). */
  photoIds: string[];
  frameId: string | null;
  originalPrice: number;
  /** Price after promo codes. */
  price: number;
  currencyId: number;
  /** A photo already covered by an all-photos package in the same cart. */
  duplicate: boolean;
  thumbnailUrl: string | null;
}
export const cartItem = object<CartItem>({
  shoppingCartItemId: id,
  product: productRef,
  catalog: object({ catalogId: id, title: str }),
  eventId: id,
  photoId: nullable(str),
  photoIds: array(str),
  frameId: nullable(str),
  originalPrice: money,
  price: money,
  currencyId,
  duplicate: bool,
  thumbnailUrl: nullable(str),
});

export interface CartAttribute {
  key: string;
  value: string;
}
export const cartAttribute = object<CartAttribute>({ key: str, value: str });

export interface PromotionalCode {
  codeId: string;
  code: string;
}
export const promotionalCode = object<PromotionalCode>({ codeId: id, code: str });

export type CartState = (typeof CART_STATES)[number];
export interface Cart {
  shoppingCartId: string;
  state: CartState;
  currencyId: number;
  /** Sum of the items' original prices. */
  amount: number;
  discountAmount: number;
  /** What the customer pays: amount minus discounts. */
  totalAmount: number;
  customer: { email: string } | null;
  /** Set once the cart is checked out. */
  orderId: string | null;
  items: CartItem[];
  attributes: CartAttribute[];
  promotionalCodes: PromotionalCode[];
}
export const cart = object<Cart>({
  shoppingCartId: id,
  state: oneOf(CART_STATES),
  currencyId,
  amount: money,
  discountAmount: money,
  totalAmount: money,
  customer: nullable(object({ email: str })),
  orderId: nullable(str),
  items: array(cartItem),
  attributes: array(cartAttribute),
  promotionalCodes: array(promotionalCode),
});

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
