/**
 * The storefront's backend API: one module per service over one transport.
 * Stores build on this; nothing here shows UI or navigates.
 */
import { type ArchivesApi, createArchivesApi } from "./archives.ts";
import { type CartsApi, createCartsApi } from "./carts.ts";
import { type CatalogApi, createCatalogApi } from "./catalog.ts";
import { type CompetitorsApi, createCompetitorsApi } from "./competitors.ts";
import { createEventsApi, type EventsApi } from "./events.ts";
import { createFramesApi, type FramesApi } from "./frames.ts";
import { createHttp, type Http, type HttpOptions } from "./http.ts";
import { createInvoicesApi, type InvoicesApi } from "./invoices.ts";
import { createOrdersApi, type OrdersApi } from "./orders.ts";
import { createPhotosApi, type PhotosApi } from "./photos.ts";
import { createPreordersApi, type PreordersApi } from "./preorders.ts";
import { createReceiptsApi, type ReceiptsApi } from "./receipts.ts";
import { createRecognitionApi, type RecognitionApi } from "./recognition.ts";
import { createRequestsApi, type RequestsApi } from "./requests.ts";
import { createThemesApi, type ThemesApi } from "./themes.ts";

export interface ApiOptions extends HttpOptions {
  /** Path (on the API origin) or URL the request forms are posted to; tenant `requestsEndpoint`. */
  requestsEndpoint?: string;
}

export interface Api {
  readonly http: Http;
  readonly themes: ThemesApi;
  readonly events: EventsApi;
  readonly photos: PhotosApi;
  readonly competitors: CompetitorsApi;
  readonly recognition: RecognitionApi;
  readonly catalog: CatalogApi;
  readonly frames: FramesApi;
  readonly carts: CartsApi;
  readonly orders: OrdersApi;
  readonly invoices: InvoicesApi;
  readonly preorders: PreordersApi;
  readonly archives: ArchivesApi;
  readonly receipts: ReceiptsApi;
  readonly requests: RequestsApi;
}

export function createApi(options: ApiOptions): Api {
  return apiOver(createHttp(options), options.requestsEndpoint);
}

/** Every service over an existing transport (the shop extends the first screen's this way). */
export function apiOver(http: Http, requestsEndpoint?: string): Api {
  return {
    http,
    themes: createThemesApi(http),
    events: createEventsApi(http),
    photos: createPhotosApi(http),
    competitors: createCompetitorsApi(http),
    recognition: createRecognitionApi(http),
    catalog: createCatalogApi(http),
    frames: createFramesApi(http),
    carts: createCartsApi(http),
    orders: createOrdersApi(http),
    invoices: createInvoicesApi(http),
    preorders: createPreordersApi(http),
    archives: createArchivesApi(http),
    receipts: createReceiptsApi(http),
    requests: createRequestsApi(http, requestsEndpoint),
  };
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
export type { ThemesApi } from "./themes.ts";
export { DEFAULT_THEME_ID, THEME_IMAGES_PER_REQUEST } from "./themes.ts";
