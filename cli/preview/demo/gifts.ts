/**
 * Gift promo codes (spec §1: gifts among the package offers). When an order is paid, each of
 * its promocode items mints one real single-use code for the all-photos package of the item's
 * event, so a gift bought in preview can be redeemed in another cart. A code is a bearer
 * secret (whoever types it gets the photos), so it comes from the operating system's
 * cryptographic randomness: 16 characters of a 32-letter alphabet, 80 bits, far beyond what
 * anyone can try against the promo-code call; it is minted once and kept on its order item.
 */
import { randomBytes } from "node:crypto";
import type { PromoCode } from "./seed/promo-codes.ts";
import type { DemoState, OrderItemRecord, OrderRecord } from "./state.ts";
import type { World } from "./world.ts";

// No 0/O or 1/I: the code is read aloud and typed from a phone screen. 32 letters, so each
// random byte's low 5 bits pick one uniformly.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Random characters in a code (5 bits each), in groups of four for reading aloud. */
export const GIFT_CODE_CHARS = 16;
const FAR_FUTURE = Date.parse("2099-12-31T23:59:59Z");

/** A fresh gift code: GIFT- and four groups of four characters (GIFT-ABCD-EFGH-JKLM-NPQR). */
export function newGiftCode(): string {
  const chars = [...randomBytes(GIFT_CODE_CHARS)].map((b) => ALPHABET[b & 31]).join("");
  return `GIFT-${chars.match(/.{4}/g)?.join("-")}`;
}

/** Mints the codes of a Completed order's gift items (once; later calls change nothing). */
export function mintGiftCodes(world: World, state: DemoState, order: OrderRecord): void {
  if (order.state !== "Completed") return;
  for (const item of order.items) {
    const product = world.product(item.productId);
    if (product?.productType !== "promocode" || item.giftCodes) continue;
    const code = newGiftCode();
    state.promoCodes.set(code, giftPromo(code, product.eventId));
    item.giftCodes = [code];
  }
}

function giftPromo(code: string, eventId: string): PromoCode {
  return {
    codeId: `pc-${code.toLowerCase()}`,
    code,
    eventId,
    active: true,
    expiresAt: FAR_FUTURE,
    usageLimit: 1,
    used: 0,
  };
}

/** The codes an order item shows: only gift items of a paid order have any. */
export function giftCodesOf(item: OrderItemRecord): { code: string }[] | undefined {
  return item.giftCodes?.map((code) => ({ code }));
}
