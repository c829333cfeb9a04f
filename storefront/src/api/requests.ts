import type { RequestForm } from "./contracts/requests.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";

/** Where request forms go unless the tenant's `requestsEndpoint` says otherwise. */
export const DEFAULT_REQUESTS_ENDPOINT = "/public/requests";

export interface RequestsApi {
  /** POST {requestsEndpoint} {kind, ...fields}: 201 or 204 on success; never sends the Bearer. */
  send(form: RequestForm, options?: CallOptions): Promise<ApiResult<null>>;
}

export function createRequestsApi(
  http: Http,
  endpoint: string = DEFAULT_REQUESTS_ENDPOINT,
): RequestsApi {
  return {
    send: (form, options) =>
      http.requestUrl(endpoint, {
        method: "POST",
        body: form,
        responseType: "none",
        signal: options?.signal,
      }),
  };
}
