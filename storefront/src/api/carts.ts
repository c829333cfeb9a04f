import { type Cart, cart, type NewCartItem } from "./contracts/carts.ts";
import type { ApiResult, Http, Method } from "./http.ts";
import { type CallOptions, type SearchOptions, searchHeaders } from "./options.ts";
import { path } from "./path.ts";

/** The cart attributes the storefront sets (spec §3: Language and Theme). */
export interface CartAttributes {
  language: string;
  theme: string;
}

export interface CartsApi {
  /** POST /shoppingCarts {shoppingCartId}: 201 with the new cart. */
  create(shoppingCartId: string, options?: CallOptions): Promise<ApiResult<Cart>>;
  /** GET /shoppingCarts/{id}: 200; a deleted cart answers with state Deleted. */
  get(shoppingCartId: string, options?: CallOptions): Promise<ApiResult<Cart>>;
  /** POST /shoppingCarts/{id}/items: 204; 409 ProductAlreadyInCart for a duplicate. */
  addItem(id: string, item: NewCartItem, options?: SearchOptions): Promise<ApiResult<null>>;
  /** POST /shoppingCarts/{id}/items/v2: several items at once (buy all, frames for all); 204. */
  addItems(
    id: string,
    items: readonly NewCartItem[],
    options?: SearchOptions,
  ): Promise<ApiResult<null>>;
  /** DELETE /shoppingCarts/{id}/items/{itemId}: 204. */
  removeItem(id: string, itemId: string, options?: CallOptions): Promise<ApiResult<null>>;
  /** DELETE /shoppingCarts/{id}/items with the item ids in the body: 204. */
  removeItems(
    id: string,
    itemIds: readonly string[],
    options?: CallOptions,
  ): Promise<ApiResult<null>>;
  /** POST /shoppingCarts/{id}/promotionalCodes {code}: 204, else HttpError with a PromoCode* code. */
  addPromoCode(id: string, code: string, options?: CallOptions): Promise<ApiResult<null>>;
  /** DELETE /shoppingCarts/{id}/promotionalCodes/{codeId}: 204. */
  removePromoCode(id: string, codeId: string, options?: CallOptions): Promise<ApiResult<null>>;
  /** DELETE /shoppingCarts/{id}: 204; the cart then has state Deleted. */
  remove(id: string, options?: CallOptions): Promise<ApiResult<null>>;
  /** PATCH /shoppingCarts/{id}/attributes (Language and Theme): 204. */
  setAttributes(
    id: string,
    attributes: CartAttributes,
    options?: CallOptions,
  ): Promise<ApiResult<null>>;
  /** PUT /shoppingCarts/{id}/customer {email}: 204. */
  setCustomer(id: string, email: string, options?: CallOptions): Promise<ApiResult<null>>;
  /** POST /shoppingCarts/{id} with an empty body: checkout; the cart gets its orderId. */
  checkout(id: string, options?: CallOptions): Promise<ApiResult<Cart>>;
}

export function createCartsApi(http: Http): CartsApi {
  // `status`: the success status spec §7 names, where it names one.
  const send = (
    method: Method,
    at: string,
    body: unknown,
    options?: SearchOptions,
    status?: number,
  ) =>
    http.request("shoppingcart-service", at, {
      method,
      body,
      status,
      responseType: "none",
      auth: true,
      headers: searchHeaders(options),
      signal: options?.signal,
    });
  const cartCall = (
    method: Method,
    at: string,
    body: unknown,
    options?: CallOptions,
    status?: number,
  ) =>
    http.request("shoppingcart-service", at, {
      method,
      body,
      status,
      contract: cart,
      auth: true,
      signal: options?.signal,
    });

  return {
    create: (id, options) =>
      cartCall("POST", "/shoppingCarts", { shoppingCartId: id }, options, 201),
    get: (id, options) => cartCall("GET", path`/shoppingCarts/${id}`, undefined, options, 200),
    addItem: (id, item, options) =>
      send("POST", path`/shoppingCarts/${id}/items`, item, options, 204),
    addItems: (id, items, options) =>
      send("POST", path`/shoppingCarts/${id}/items/v2`, { items }, options, 204),
    removeItem: (id, itemId, options) =>
      send("DELETE", path`/shoppingCarts/${id}/items/${itemId}`, undefined, options),
    removeItems: (id, itemIds, options) =>
      send("DELETE", path`/shoppingCarts/${id}/items`, { shoppingCartItemIds: itemIds }, options),
    addPromoCode: (id, code, options) =>
      send("POST", path`/shoppingCarts/${id}/promotionalCodes`, { code }, options, 204),
    removePromoCode: (id, codeId, options) =>
      send("DELETE", path`/shoppingCarts/${id}/promotionalCodes/${codeId}`, undefined, options),
    remove: (id, options) => send("DELETE", path`/shoppingCarts/${id}`, undefined, options),
    setAttributes: (id, { language, theme }, options) =>
      send(
        "PATCH",
        path`/shoppingCarts/${id}/attributes`,
        {
          attributes: [
            { key: "Language", value: language },
            { key: "Theme", value: theme },
          ],
        },
        options,
        204,
      ),
    setCustomer: (id, email, options) =>
      send("PUT", path`/shoppingCarts/${id}/customer`, { email }, options, 204),
    checkout: (id, options) => cartCall("POST", path`/shoppingCarts/${id}`, undefined, options),
  };
}
