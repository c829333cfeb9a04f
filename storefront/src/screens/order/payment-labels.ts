import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Names of the payment methods the backend knows; others show the backend's title. */
export const PAYMENT_TYPE_LABELS: Record<string, MessageDescriptor> = {
  Card: msg`Bank card`,
  FastPayment: msg`Fast payment system (bank app)`,
  Discount: msg`Promo code`,
};
