import {
  type BoughtPhoto,
  boughtPhoto,
  currencyId,
  dateTime,
  id,
  money,
  type OrderState,
  orderState,
  type ProductRef,
  page,
  productRef,
} from "./common.ts";
import { array, nullable, object, str } from "./plain.ts";
import { optional } from "./shop-checks.ts";

export interface OrderItem {
  orderItemId: string;
  product: ProductRef;
  eventId: string;
  frameId: string | null;
  originalPrice: number;
  totalPrice: number;
  photos: BoughtPhoto[];
  /** The promo codes a gift (promocode) item bought, once its order is paid. */
  promotionalCodes?: { code: string }[] | undefined;
}
export const orderItem = object<OrderItem>({
  orderItemId: id,
  product: productRef,
  eventId: id,
  frameId: nullable(str),
  originalPrice: money,
  totalPrice: money,
  photos: array(boughtPhoto),
  promotionalCodes: optional(array(object({ code: id }))),
});
export const orderItems = array(orderItem);

export interface Order {
  orderId: string;
  number: string;
  state: OrderState;
  currencyId: number;
  invoiceId: string;
  amount: number;
  discountAmount: number;
  totalAmount: number;
  catalogId: string;
  eventId: string;
  customer: { email: string };
  createdOn: string;
  items: OrderItem[];
}
export const order = object<Order>({
  orderId: id,
  number: str,
  state: orderState,
  currencyId,
  invoiceId: id,
  amount: money,
  discountAmount: money,
  totalAmount: money,
  catalogId: id,
  eventId: id,
  customer: object({ email: str }),
  createdOn: dateTime,
  items: array(orderItem),
});
export const orderPage = page(order);

export interface PreorderItem {
  preorderItemId: string;
  product: ProductRef;
  photos: BoughtPhoto[];
}
export const preorderItem = object<PreorderItem>({
  preorderItemId: id,
  product: productRef,
  photos: array(boughtPhoto),
});
export interface Preorder {
  preorderId: string;
  catalogId: string;
  eventId: string;
  state: OrderState;
  email: string;
  number: string;
  createdOn: string;
  items: PreorderItem[];
}
export const preorder = object<Preorder>({
  preorderId: id,
  catalogId: id,
  eventId: id,
  state: orderState,
  email: str,
  number: str,
  createdOn: dateTime,
  items: array(preorderItem),
});
