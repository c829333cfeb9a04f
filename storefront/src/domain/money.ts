import type { Language } from "../settings-types.ts";

const LOCALES: Record<Language, string> = { ru: "ru-RU", en: "en-US", es: "es-ES" };
const ISO: Record<number, string> = { 643: "RUB", 840: "USD", 978: "EUR" };

/**
 * Price display: whole amounts have no decimals; roubles (643) in Russian get the "Р" suffix
 * (spec §1); other currencies use the locale's own currency format.
 */
export function formatMoney(amount: number, currencyId: number, language: Language): string {
  const whole = Number.isInteger(amount);
  const digits = whole ? 0 : 2;
  const locale = LOCALES[language];
  if (currencyId === 643 && language === "ru") {
    const n = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
    return `${n}\u00a0Р`;
  }
  const code = ISO[currencyId];
  if (!code) {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(amount);
  }
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: code,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
