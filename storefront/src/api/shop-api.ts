/**
 * The buying services (frames, carts, orders, invoices, preorders, archives, receipts, the
 * request forms) added to the finding ones over the same transport: the whole API, which the
 * shop's buying stores hold. Only the shop's chunk imports this module.
 */
import { type ArchivesApi, createArchivesApi } from "./archives.ts";
import { type CartsApi, createCartsApi } from "./carts.ts";
import type { FindApi } from "./find-api.ts";
import { createFramesApi, type FramesApi } from "./frames.ts";
import { createInvoicesApi, type InvoicesApi } from "./invoices.ts";
import { createOrdersApi, type OrdersApi } from "./orders.ts";
import { createPreordersApi, type PreordersApi } from "./preorders.ts";
import { createReceiptsApi, type ReceiptsApi } from "./receipts.ts";
import { createRequestsApi, type RequestsApi } from "./requests.ts";

export interface Api extends FindApi {
  readonly frames: FramesApi;
  readonly carts: CartsApi;
  readonly orders: OrdersApi;
  readonly invoices: InvoicesApi;
  readonly preorders: PreordersApi;
  readonly archives: ArchivesApi;
  readonly receipts: ReceiptsApi;
  readonly requests: RequestsApi;
}

/** The finding services with the buying ones beside them, over the finding services' transport. */
export function shopApiOver(find: FindApi, requestsEndpoint?: string): Api {
  const { http } = find;
  return {
    ...find,
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
