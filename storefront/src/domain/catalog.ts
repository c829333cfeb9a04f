/**
 * Pure rules of an event's product catalog (spec §1, §3, §4): which of its products the shop
 * offers. Only products in state InCatalog are on sale.
 */

/** What the rules read of a product. */
export interface CatalogProduct {
  productType: string;
  state: string;
  distance: string | null;
}

const onSale = (p: CatalogProduct) => p.state === "InCatalog";

/** The event's photo product ("Digital photo"); null when the catalog has none on sale. */
export function photoProductOf<P extends CatalogProduct>(products: readonly P[]): P | null {
  return products.find((p) => p.productType === "photo" && onSale(p)) ?? null;
}

/**
 * The all-photos package offers ("All my photos") for a participant's distance: an offer for
 * any distance (none named) or for exactly theirs; with no distance known, only the former.
 */
export function packageOffers<P extends CatalogProduct>(
  products: readonly P[],
  distance: string | null = null,
): P[] {
  return products.filter(
    (p) =>
      p.productType === "photos_with_me" &&
      onSale(p) &&
      (p.distance === null || p.distance === distance),
  );
}

/** The event's gift promo code product (a package offer of spec §1); null when none on sale. */
export function giftOf<P extends CatalogProduct>(products: readonly P[]): P | null {
  return products.find((p) => p.productType === "promocode" && onSale(p)) ?? null;
}
