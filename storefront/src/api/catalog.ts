import { type Product, product, productPage } from "./contracts/catalog.ts";
import type { Page } from "./contracts/common.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

/** Spec §9: catalog products 100 per request, filtered to state InCatalog. */
export const PRODUCTS_PER_REQUEST = 100;

export interface CatalogApi {
  /** GET catalog-service /catalog/products (state=InCatalog, count=100). */
  products(
    query: { catalogId: string; distance?: string | null },
    options?: CallOptions,
  ): Promise<ApiResult<Page<Product>>>;
  /** GET catalog-service /catalog/products/{productId}. */
  product(productId: string, options?: CallOptions): Promise<ApiResult<Product>>;
}

export function createCatalogApi(http: Http): CatalogApi {
  return {
    products: ({ catalogId, distance }, options) =>
      http.request("catalog-service", "/catalog/products", {
        query: { catalogId, distance, state: "InCatalog", count: PRODUCTS_PER_REQUEST },
        contract: productPage,
        signal: options?.signal,
      }),
    product: (productId, options) =>
      http.request("catalog-service", path`/catalog/products/${productId}`, {
        contract: product,
        signal: options?.signal,
      }),
  };
}
