/**
 * Building blocks shared by the contracts (checks from ./plain.ts, no zod). Objects strip unknown
 * keys, so a backend that adds fields keeps working; a missing or mistyped field is a
 * ContractError.
 */
import { id, int, nullable, object, type Plain, str } from "./plain.ts";
import { oneOf } from "./shop-checks.ts";

export { count, id, page } from "./plain.ts";
export { dateTime, money } from "./shop-checks.ts";
/** ISO 4217 numeric currency code: 643 rouble, 840 US dollar, 978 euro. */
export const currencyId: Plain<number> = int;

export interface Page<T> {
  count: number;
  total: number;
  items: T[];
}

export const PRODUCT_TYPES = [
  "photos_with_me",
  "photo",
  "frame",
  "promocode",
  "photosWithFrame",
] as const;
/**
 * A product type: one of PRODUCT_TYPES, or a type the backend added since. An unknown type keeps
 * the cart and orders working: the shop shows it by the backend's title (domain/products.ts).
 * Any non-empty string, then.
 */
export const productType: Plain<string> = id;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The product as an order, cart or pre-order line refers to it. */
export interface ProductRef {
  productId: string;
  title: string;
  productType: string;
}
export const productRef = object<ProductRef>({ productId: id, title: str, productType });

export const ORDER_STATES = ["AwaitingPayment", "Completed", "Canceled"] as const;
export const orderState = oneOf(ORDER_STATES);
export type OrderState = (typeof ORDER_STATES)[number];

/** A bought photo: its download address is null until the order is paid. */
export interface BoughtPhoto {
  photoId: string;
  thumbnailUrl: string;
  downloadUrl: string | null;
}
export const boughtPhoto = object<BoughtPhoto>({
  photoId: id,
  thumbnailUrl: str,
  downloadUrl: nullable(str),
});

/** The JSON body of an error reply: a permanent code and an English message. */
export interface ErrorBody {
  code: string;
  message: string;
}
export const errorBody = object<ErrorBody>({ code: str, message: str });
