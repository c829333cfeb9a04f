/**
 * Promo code rules, checked in this order: not found, inactive, expired, usage limit
 * reached, conflict with another code in the cart, not valid on the cart's items.
 */
import { fail, type Reply } from "./http/reply.ts";
import { FREE_CODE_PATTERN, freeCode, type PromoCode } from "./seed/promo-codes.ts";
import type { CartRecord, DemoState } from "./state.ts";
import type { World } from "./world.ts";

export type PromoCheck =
  | { ok: true; promo: PromoCode; alreadyInCart: boolean }
  | { ok: false; reply: Reply };

export function findPromoCode(state: DemoState, text: string): PromoCode | undefined {
  const key = text.trim().toUpperCase();
  const known = state.promoCodes.get(key);
  if (known || !FREE_CODE_PATTERN.test(key)) return known;
  const fresh = freeCode(key);
  state.promoCodes.set(key, fresh);
  return fresh;
}

/** Whether the cart holds an all-photos package the code can pay for. */
export function isApplicable(world: World, cart: CartRecord, promo: PromoCode): boolean {
  return cart.items.some((item) => {
    const product = world.product(item.productId);
    return (
      product?.productType === "photos_with_me" &&
      (promo.eventId === null || product.eventId === promo.eventId)
    );
  });
}

export function checkPromoCode(
  world: World,
  state: DemoState,
  cart: CartRecord,
  text: string,
  now: number,
): PromoCheck {
  const promo = findPromoCode(state, text);
  if (!promo) return no(404, "PromoCodeNotFound", `Promo code ${text} does not exist`);
  if (cart.codeIds.includes(promo.codeId)) return { ok: true, promo, alreadyInCart: true };
  if (!promo.active) return no(400, "PromoCodeInactive", `Promo code ${promo.code} is not active`);
  if (promo.expiresAt < now) return no(400, "PromoCodeExpired", `Promo code ${promo.code} expired`);
  if (promo.used >= promo.usageLimit) {
    return no(409, "PromoCodeUsageLimit", `Promo code ${promo.code} has already been used`);
  }
  if (cart.codeIds.length > 0) {
    return no(409, "PromoCodeConflict", "Another promo code is already applied to this cart");
  }
  if (!isApplicable(world, cart, promo)) {
    return no(
      400,
      "PromoCodeNotApplicable",
      `Promo code ${promo.code} is not valid on these items`,
    );
  }
  return { ok: true, promo, alreadyInCart: false };
}

function no(status: number, code: string, message: string): PromoCheck {
  return { ok: false, reply: fail(status, code, message) };
}
