import * as z from "zod/mini";
import { currencyId, id, money, page, productType } from "./common.ts";

export const frame = z.object({ frameId: id, title: z.string() });
export type Frame = z.infer<typeof frame>;

export const product = z.object({
  productId: id,
  catalogId: id,
  eventId: id,
  /** The distance it is sold for; null for every distance. */
  distance: z.nullable(z.string()),
  state: z.enum(["InCatalog", "Archived"]),
  title: z.string(),
  description: z.string(),
  productType,
  price: money,
  currencyId,
  /** Frame types to choose from (frame and photosWithFrame products). */
  frames: z.array(frame),
});
export type Product = z.infer<typeof product>;
export const productPage = page(product);
