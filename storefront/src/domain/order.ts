import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  DISCOUNT_PAYMENT_TYPE,
  type Order,
  type OrderState,
  type Payment,
} from "../api/contracts/index.ts";

/** Order state labels of spec §4. */
export const ORDER_STATE_LABELS: Record<OrderState, MessageDescriptor> = {
  AwaitingPayment: msg`awaiting payment`,
  Completed: msg`paid`,
  Canceled: msg`canceled`,
};

// One @, no spaces, a dot in the domain and a top-level domain of two letters or more.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** The checkout e-mail check (spec §5): "missing" or "invalid", null when it is fine. */
export function emailProblem(value: string): "missing" | "invalid" | null {
  const email = value.trim();
  if (!email) return "missing";
  return EMAIL.test(email) && email.length <= 254 ? null : "invalid";
}

/** Spec §4: the payment that counts is the latest non-Discount payment by createdOn. */
export function currentPayment(payments: readonly Payment[]): Payment | null {
  let best: Payment | null = null;
  for (const p of payments) {
    if (p.paymentTypeId === DISCOUNT_PAYMENT_TYPE) continue;
    if (!best || Date.parse(p.createdOn) >= Date.parse(best.createdOn)) best = p;
  }
  return best;
}

/**
 * What the return-from-the-bank screen shows, from the server's order and payments only:
 * "checking" while the bank has not answered yet (keep polling).
 */
export type PaymentOutcome = "paid" | "declined" | "awaiting" | "canceled" | "checking";

export function paymentOutcome(
  order: Pick<Order, "state">,
  payment: Pick<Payment, "state"> | null,
): PaymentOutcome {
  if (order.state === "Completed") return "paid";
  if (order.state === "Canceled") return "canceled";
  if (!payment || payment.state === "Canceled") return "awaiting";
  if (payment.state === "Declined") return "declined";
  // Pending, or Completed while the order has not caught up yet.
  return "checking";
}

/** Polling delays: 1 s growing by half each time, at most 5 s. */
export function pollDelay(attempt: number): number {
  return Math.min(1000 * 1.5 ** attempt, 5000);
}

/** How many times the validation screen asks before it shows "awaiting payment" (~45 s). */
export const PAYMENT_CHECKS = 12;
/** How many times an archive is polled before it counts as failed (~3 min). */
export const ARCHIVE_CHECKS = 40;

/** The backend's answer to paying an order that is already paid (a second tab, a free order). */
export const ORDER_ALREADY_PAID = "OrderAlreadyPaid";

/**
 * A free order (spec §5: a promo code gives 100 % off; gift codes): nothing to pay, so no
 * payment step. An order of nothing is not free: it is empty.
 */
export function isFreeOrder(totalAmount: number, itemCount: number): boolean {
  return itemCount > 0 && totalAmount <= 0;
}
