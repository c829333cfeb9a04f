/**
 * Seeded promo codes, one per error case. Every valid code is single use and gives
 * 100 % off the all-photos package (spec §5). See docs/demo-data.md.
 */
export interface PromoCode {
  codeId: string;
  code: string;
  /** The event whose package it applies to; null for any event. */
  eventId: string | null;
  active: boolean;
  expiresAt: number;
  usageLimit: number;
  used: number;
}

const FAR_FUTURE = Date.parse("2099-12-31T23:59:59Z");

const code = (c: string, rest: Partial<PromoCode> = {}): PromoCode => ({
  codeId: `pc-${c.toLowerCase()}`,
  code: c,
  eventId: null,
  active: true,
  expiresAt: FAR_FUTURE,
  usageLimit: 1,
  used: 0,
  ...rest,
});

export function seedPromoCodes(): PromoCode[] {
  return [
    code("DEMO100"),
    code("CONFLICT"),
    code("MOSCOW100", { eventId: "1001" }),
    code("EXPIRED", { expiresAt: Date.parse("2024-12-31T23:59:59Z") }),
    code("INACTIVE", { active: false }),
    code("USEDUP", { used: 1 }),
    code("NOTVALID", { eventId: "1002" }),
  ];
}

/** FREE-<anything> is a fresh valid single-use code, so repeated test runs never run out. */
export const FREE_CODE_PATTERN = /^FREE-[A-Z0-9-]{1,32}$/;

export function freeCode(text: string): PromoCode {
  return code(text);
}
