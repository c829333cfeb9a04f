import * as z from "zod/mini";
import { currencyId, dateTime, id, money } from "./common.ts";

export const paymentType = z.object({
  paymentTypeId: id,
  title: z.string(),
  /** 5 for the fast payment system, 0 for cards. */
  discountPercent: z.number().check(z.minimum(0), z.maximum(100)),
  /** What this payment type charges for the queried amount. */
  amount: money,
  currencyId,
});
export type PaymentType = z.infer<typeof paymentType>;
export const paymentTypes = z.array(paymentType);

/** The special payment type recording a discount (e.g. a 100 % promo code). */
export const DISCOUNT_PAYMENT_TYPE = "Discount";

export const payment = z.object({
  paymentId: id,
  invoiceId: id,
  paymentTypeId: id,
  state: z.enum(["Pending", "Completed", "Declined", "Canceled"]),
  amount: money,
  currencyId,
  /** Where the payer goes to pay; null for Discount payments. */
  payUrl: z.nullable(z.string()),
  createdOn: dateTime,
});
export type Payment = z.infer<typeof payment>;
export const payments = z.array(payment);
