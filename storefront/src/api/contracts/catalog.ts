import { currencyId, id, money, page, productType } from "./common.ts";
import { array, nullable, object, str } from "./plain.ts";
import { oneOf } from "./shop-checks.ts";

export interface Frame {
  frameId: string;
  title: string;
}
export const frame = object<Frame>({ frameId: id, title: str });

export interface Product {
  productId: string;
  catalogId: string;
  eventId: string;
  /** The distance it is sold for; null for every distance. */
  distance: string | null;
  state: "InCatalog" | "Archived";
  title: string;
  description: string;
  productType: string;
  price: number;
  currencyId: number;
  /** Frame types to choose from (frame and photosWithFrame products). */
  frames: Frame[];
}
export const product = object<Product>({
  productId: id,
  catalogId: id,
  eventId: id,
  distance: nullable(str),
  state: oneOf(["InCatalog", "Archived"]),
  title: str,
  description: str,
  productType,
  price: money,
  currencyId,
  frames: array(frame),
});
export const productPage = page(product);
