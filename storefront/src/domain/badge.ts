/** The product types of spec §1. */
export type ProductType = "photos_with_me" | "photo" | "frame" | "promocode" | "photosWithFrame";

const COUNTED: ReadonlySet<string> = new Set([
  "photos_with_me",
  "photo",
  "frame",
  "photosWithFrame",
]);

/**
 * Cart badge count (spec §9): every photos_with_me, photo, frame and photosWithFrame item,
 * plus promocode items counted once per event.
 */
export function cartBadgeCount(
  items: readonly { product: { productType: string }; eventId: string }[],
): number {
  let count = 0;
  const promoEvents = new Set<string>();
  for (const item of items) {
    if (COUNTED.has(item.product.productType)) count++;
    else if (item.product.productType === "promocode") promoEvents.add(item.eventId);
  }
  return count + promoEvents.size;
}
