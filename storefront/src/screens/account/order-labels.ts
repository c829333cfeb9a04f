/** Order state labels of spec §4 (a pure rule, in domain/). */
export { ORDER_STATE_LABELS } from "../../domain/order.ts";

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
