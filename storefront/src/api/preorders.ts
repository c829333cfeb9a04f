import { type Preorder, preorder } from "./contracts/orders.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

export interface PreordersApi {
  /** GET preorder-service /preorders/{id}/details. */
  details(preorderId: string, options?: CallOptions): Promise<ApiResult<Preorder>>;
}

export function createPreordersApi(http: Http): PreordersApi {
  return {
    details: (preorderId, options) =>
      http.request("preorder-service", path`/preorders/${preorderId}/details`, {
        contract: preorder,
        signal: options?.signal,
      }),
  };
}
