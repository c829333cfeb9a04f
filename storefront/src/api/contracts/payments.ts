import { currencyId, dateTime, id, money } from "./common.ts";
import { array, nullable, object, str } from "./plain.ts";
import { oneOf, percent } from "./shop-checks.ts";

export interface PaymentType {
  paymentTypeId: string;
  title: string;
  /** 5 for the fast payment system, 0 for cards. */
  discountPercent: number;
  /** What this payment type charges for the queried amount. */
  amount: number;
  currencyId: number;
}
export const paymentType = object<PaymentType>({
  paymentTypeId: id,
  title: str,
  discountPercent: percent,
  amount: money,
  currencyId,
});
export const paymentTypes = array(paymentType);

/** The special payment type recording a discount (e.g. a 100 % promo code). */
export const DISCOUNT_PAYMENT_TYPE = "Discount";

export interface Payment {
  paymentId: string;
  invoiceId: string;
  paymentTypeId: string;
  state: "Pending" | "Completed" | "Declined" | "Canceled";
  amount: number;
  currencyId: number;
  /** Where the payer goes to pay; null for Discount payments. */
  payUrl: string | null;
  createdOn: string;
}
export const payment = object<Payment>({
  paymentId: id,
  invoiceId: id,
  paymentTypeId: id,
  state: oneOf(["Pending", "Completed", "Declined", "Canceled"]),
  amount: money,
  currencyId,
  payUrl: nullable(str),
  createdOn: dateTime,
});
export const payments = array(payment);
