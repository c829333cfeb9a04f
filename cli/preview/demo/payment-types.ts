/** Payment types: card everywhere; the fast payment system (5 % off) for roubles only. */
import type { PaymentType } from "../../../storefront/src/api/contracts/index.ts";
import { round2 } from "./render/money.ts";

export const FAST_PAYMENT_DISCOUNT_PERCENT = 5;

export function paymentTypesFor(amount: number, currencyId: number): PaymentType[] {
  const card = {
    paymentTypeId: "Card",
    title: "Bank card",
    discountPercent: 0,
    amount,
    currencyId,
  };
  if (currencyId !== 643) return [card];
  const fast = {
    paymentTypeId: "FastPayment",
    title: "Fast payment system",
    discountPercent: FAST_PAYMENT_DISCOUNT_PERCENT,
    amount: round2(amount * (1 - FAST_PAYMENT_DISCOUNT_PERCENT / 100)),
    currencyId,
  };
  return [card, fast];
}
