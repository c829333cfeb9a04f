/**
 * Building blocks shared by the contracts. Objects strip unknown keys, so a backend
 * that adds fields keeps working; a missing or mistyped field is a ContractError.
 */
import * as z from "zod/mini";

export const id = z.string().check(z.minLength(1));
/** An amount of money in the currency's main unit (roubles, dollars), never negative. */
export const money = z.number().check(z.nonnegative());
/** ISO 4217 numeric currency code: 643 rouble, 840 US dollar, 978 euro. */
export const currencyId = z.int();
export const count = z.int().check(z.nonnegative());
/** An ISO 8601 date-time with time zone, e.g. 2025-09-21T08:00:00.000Z. */
export const dateTime = z.iso.datetime({ offset: true });

/** A paged list: `count` items in this page, `total` across all pages. */
export function page<T extends z.ZodMiniType>(item: T) {
  return z.object({ count, total: count, items: z.array(item) });
}
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
 */
export const productType = z.string().check(z.minLength(1));
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The product as an order, cart or pre-order line refers to it. */
export const productRef = z.object({ productId: id, title: z.string(), productType });
export type ProductRef = z.infer<typeof productRef>;

export const ORDER_STATES = ["AwaitingPayment", "Completed", "Canceled"] as const;
export const orderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderState>;

/** A bought photo: its download address is null until the order is paid. */
export const boughtPhoto = z.object({
  photoId: id,
  thumbnailUrl: z.string(),
  downloadUrl: z.nullable(z.string()),
});
export type BoughtPhoto = z.infer<typeof boughtPhoto>;

/** The JSON body of an error reply: a permanent code and an English message. */
export const errorBody = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
