/** catalog-service: an event's products, filtered by state and distance. */

import { pageOf, paging } from "../http/paging.ts";
import { fail, json } from "../http/reply.ts";
import type { Handler } from "../router.ts";

export const catalogRoutes: Record<string, Handler> = {
  "GET /catalog/products": (ctx) => {
    const catalogId = ctx.query.get("catalogId");
    if (!catalogId) return fail(400, "CatalogRequired", "catalogId is required");
    if (!ctx.world.eventByCatalog(catalogId))
      return fail(404, "CatalogNotFound", "No such catalog");
    const state = ctx.query.get("state");
    const distance = ctx.query.get("distance");
    const { offset, count } = paging(ctx.query, 100);
    const products = ctx.world.products.filter(
      (p) =>
        p.catalogId === catalogId &&
        (!state || p.state === state) &&
        (!distance || p.distance === null || p.distance === distance),
    );
    return json(200, pageOf(products, offset, count));
  },
  "GET /catalog/products/:productId": (ctx) => {
    const product = ctx.world.product(ctx.params.productId ?? "");
    return product ? json(200, product) : fail(404, "ProductNotFound", "No such product");
  },
};
