/**
 * Gift promo codes (spec §1: gifts among the package offers). When an order is paid, each of
 * its promocode items mints one real single-use code for the all-photos package of the item's
 * event, so a gift bought in preview can be redeemed in another cart. The code is derived from
 * the order and the item, so the same order always gives the same code.
 */
import { createRandom, hashString } from "./random.ts";
import type { PromoCode } from "./seed/promo-codes.ts";
import type { DemoState, OrderItemRecord, OrderRecord } from "./state.ts";
import type { World } from "./world.ts";

// No 0/O or 1/I: the code is read aloud and typed from a phone screen.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const FAR_FUTURE = Date.parse("2099-12-31T23:59:59Z");

/** The code of one gift item of an order: GIFT- and eight characters. */
export function giftCodeOf(order: Pick<OrderRecord, "orderId" | "number">, itemId: string): string {
  const random = createRandom(hashString(`gift:${order.orderId}:${order.number}:${itemId}`));
  let out = "";
  for (let i = 0; i < 8; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return `GIFT-${out}`;
}

/** Mints the codes of a Completed order's gift items (once; later calls change nothing). */
export function mintGiftCodes(world: World, state: DemoState, order: OrderRecord): void {
  if (order.state !== "Completed") return;
  for (const item of order.items) {
    const product = world.product(item.productId);
    if (product?.productType !== "promocode" || item.giftCodes) continue;
    const code = giftCodeOf(order, item.orderItemId);
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
