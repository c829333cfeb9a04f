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

/** A price shown before any search: the lowest, and whether others cost more ("from"). */
export interface StartingPrice {
  price: number;
  from: boolean;
}

function lowest(prices: number[]): StartingPrice | null {
  if (prices.length === 0) return null;
  const price = Math.min(...prices);
  return { price, from: prices.some((p) => p !== price) };
}

/**
 * What the event page says things cost before the visitor has searched: a single photo (the
 * photo product and photo in a frame: always "from", a frame costs more) and the all-my-photos
 * package (its lowest price over the distances, "from" when they differ). Only products on sale.
 */
export function startingPrices<P extends CatalogProduct & { price: number }>(
  products: readonly P[],
): { photo: StartingPrice | null; allMine: StartingPrice | null } {
  const sale = products.filter(onSale);
  const photo = lowest(
    sale.filter((p) => p.productType === "photo" || p.productType === "frame").map((p) => p.price),
  );
  const allMine = lowest(
    sale.filter((p) => p.productType === "photos_with_me").map((p) => p.price),
  );
  return { photo: photo && { ...photo, from: true }, allMine };
}
