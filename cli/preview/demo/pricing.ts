/**
 * Cart pricing: original prices, 100 % promo discounts on all-photos packages, and
 * the duplicate flag on photos a package in the same cart already covers.
 */
import type { Product } from "../../../storefront/src/api/contracts/index.ts";
import type { PromoCode } from "./seed/promo-codes.ts";
import type { CartItemRecord, CartRecord, DemoState } from "./state.ts";
import type { World } from "./world.ts";

export interface PricedItem {
  record: CartItemRecord;
  product: Product;
  originalPrice: number;
  price: number;
  duplicate: boolean;
}

export interface PricedCart {
  items: PricedItem[];
  codes: PromoCode[];
  amount: number;
  discountAmount: number;
  totalAmount: number;
}

export function promoById(state: DemoState, codeId: string): PromoCode | undefined {
  for (const code of state.promoCodes.values()) if (code.codeId === codeId) return code;
  return undefined;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function priceCart(world: World, state: DemoState, cart: CartRecord): PricedCart {
  const withProduct = cart.items.flatMap((record) => {
    const product = world.product(record.productId);
    return product ? [{ record, product }] : [];
  });
  const packages = withProduct.filter((i) => i.product.productType === "photos_with_me");
  const covered = new Set(packages.flatMap((i) => i.record.photoIds));
  const codes = cart.codeIds.flatMap((id) => promoById(state, id) ?? []);
  // Each code pays for one package of its event (spec: 100 % off the all-photos package).
  const free = new Set<string>();
  for (const code of codes) {
    const target = packages.find(
      (p) =>
        !free.has(p.record.shoppingCartItemId) &&
        (code.eventId === null || p.product.eventId === code.eventId),
    );
    if (target) free.add(target.record.shoppingCartItemId);
  }
  const items = withProduct.map(({ record, product }) => ({
    record,
    product,
    originalPrice: product.price,
    price: free.has(record.shoppingCartItemId) ? 0 : product.price,
    duplicate:
      product.productType === "photo" && record.photoId !== null && covered.has(record.photoId),
  }));
  const amount = round2(items.reduce((sum, i) => sum + i.originalPrice, 0));
  const totalAmount = round2(items.reduce((sum, i) => sum + i.price, 0));
  return { items, codes, amount, discountAmount: round2(amount - totalAmount), totalAmount };
}
