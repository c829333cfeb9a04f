import * as z from "zod/mini";
import {
  boughtPhoto,
  currencyId,
  dateTime,
  id,
  money,
  orderState,
  page,
  productRef,
} from "./common.ts";

export const orderItem = z.object({
  orderItemId: id,
  product: productRef,
  eventId: id,
  frameId: z.nullable(z.string()),
  originalPrice: money,
  totalPrice: money,
  photos: z.array(boughtPhoto),
  /** The promo codes a gift (promocode) item bought, once its order is paid. */
  promotionalCodes: z.optional(z.array(z.object({ code: z.string().check(z.minLength(1)) }))),
});
export type OrderItem = z.infer<typeof orderItem>;
export const orderItems = z.array(orderItem);

export const order = z.object({
  orderId: id,
  number: z.string(),
  state: orderState,
  currencyId,
  invoiceId: id,
  amount: money,
  discountAmount: money,
  totalAmount: money,
  catalogId: id,
  eventId: id,
  customer: z.object({ email: z.string() }),
  createdOn: dateTime,
  items: z.array(orderItem),
});
export type Order = z.infer<typeof order>;
export const orderPage = page(order);

export const preorderItem = z.object({
  preorderItemId: id,
  product: productRef,
  photos: z.array(boughtPhoto),
});
export const preorder = z.object({
  preorderId: id,
  catalogId: id,
  eventId: id,
  state: orderState,
  email: z.string(),
  number: z.string(),
  createdOn: dateTime,
  items: z.array(preorderItem),
});
export type Preorder = z.infer<typeof preorder>;
