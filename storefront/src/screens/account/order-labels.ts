import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OrderState } from "../../api/index.ts";

/** Order state labels of spec §4. */
export const ORDER_STATE_LABELS: Record<OrderState, MessageDescriptor> = {
  AwaitingPayment: msg`awaiting payment`,
  Completed: msg`paid`,
  Canceled: msg`canceled`,
};

const LOCALES = { ru: "ru-RU", en: "en-US", es: "es-ES" } as const;

/** An order's date and time in the visitor's language. */
export function formatOrderDate(iso: string, language: keyof typeof LOCALES): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}
