/**
 * The storefront's backend API: one module per service over one transport.
 * Stores build on this; nothing here shows UI or navigates.
 */
import { findApiOver } from "./find-api.ts";
import { createHttp, type Http, type HttpOptions } from "./http.ts";
import { type Api, shopApiOver } from "./shop-api.ts";

export interface ApiOptions extends HttpOptions {
  /** Path (on the API origin) or URL the request forms are posted to; tenant `requestsEndpoint`. */
  requestsEndpoint?: string;
}

export function createApi(options: ApiOptions): Api {
  return apiOver(createHttp(options), options.requestsEndpoint);
}

/**
 * Every service over an existing transport. The shop builds the same in two steps, so the
 * finding stores' chunk carries only theirs: findApiOver (./find-api.ts), then shopApiOver
 * (./shop-api.ts) with the shop. The storefront never imports this module's values.
 */
export function apiOver(http: Http, requestsEndpoint?: string): Api {
  return shopApiOver(findApiOver(http), requestsEndpoint);
}

export type { ArchiveCreated, ArchiveRequest, ArchivesApi } from "./archives.ts";
export type { CartAttributes, CartsApi } from "./carts.ts";
export type { CatalogApi } from "./catalog.ts";
export { PRODUCTS_PER_REQUEST } from "./catalog.ts";
export type { CompetitorsApi, TokenRequest } from "./competitors.ts";
export * from "./contracts/index.ts";
export {
  type ApiError,
  ContractError,
  HttpError,
  NETWORK_FAILURE_STATUS,
  NetworkError,
} from "./errors.ts";
export type { EventQuery, EventsApi } from "./events.ts";
export type { FindApi } from "./find-api.ts";
export type { FramesApi } from "./frames.ts";
export { type ApiResult, type Contract, createHttp, type Http, type HttpOptions } from "./http.ts";
export type { InvoicesApi } from "./invoices.ts";
export { type CallOptions, SEARCH_TOKEN_HEADER, type SearchOptions } from "./options.ts";
export type { OrdersApi } from "./orders.ts";
export type { ItsMeBody, ListAllOptions, PhotoQuery, PhotosApi } from "./photos.ts";
export { PHOTOS_PER_PAGE } from "./photos.ts";
export type { PreordersApi } from "./preorders.ts";
export type { ReceiptFileType, ReceiptsApi } from "./receipts.ts";
export type { RecognitionApi } from "./recognition.ts";
export { MAX_SELFIE_BYTES, SELFIE_FILE_NAME } from "./recognition.ts";
export type { RequestsApi } from "./requests.ts";
export { DEFAULT_REQUESTS_ENDPOINT } from "./requests.ts";
export type { Api } from "./shop-api.ts";
export type { ThemesApi } from "./themes.ts";
export { DEFAULT_THEME_ID, THEME_IMAGES_PER_REQUEST } from "./themes.ts";
