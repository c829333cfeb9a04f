/** Money as the demo's own pages show it (the storefront has its own rules). */
export function formatMoney(amount: number, currencyId: number): string {
  const whole = Number.isInteger(amount);
  const n = whole ? String(amount) : amount.toFixed(2);
  if (currencyId === 840) return `$${n}`;
  if (currencyId === 978) return `€${n}`;
  return `${n} ₽`;
}

/** Rounds to kopecks / cents. */
export const round2 = (x: number) => Math.round(x * 100) / 100;
