import type { Page } from "./contracts/common.ts";
import { type Order, type OrderItem, order, orderItems, orderPage } from "./contracts/orders.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

/** Spec §7: an order call answered with anything but 200 sets an order error. */
export interface OrdersApi {
  /** GET order-service /orders/{id}. */
  get(orderId: string, options?: CallOptions): Promise<ApiResult<Order>>;
  /** GET order-service /orders: the signed-in user's orders, newest (createdOn) first. */
  list(
    query?: { offset?: number; count?: number },
    options?: CallOptions,
  ): Promise<ApiResult<Page<Order>>>;
  /** GET order-service /orders/{id}/items. */
  items(orderId: string, options?: CallOptions): Promise<ApiResult<OrderItem[]>>;
  /** The request `get` sends, unsent (the paid order kept for offline fetches it again). */
  getRequest(orderId: string): Request;
}

export function createOrdersApi(http: Http): OrdersApi {
  return {
    get: (orderId, options) =>
      http.request("order-service", path`/orders/${orderId}`, {
        contract: order,
        status: 200,
        auth: true,
        signal: options?.signal,
      }),
    list: ({ offset = 0, count = 10 } = {}, options) =>
      http.request("order-service", "/orders", {
        query: { offset, count, sortBy: "createdOn", sortDirection: "desc" },
        contract: orderPage,
        status: 200,
        auth: true,
        signal: options?.signal,
      }),
    getRequest: (orderId) =>
      http.getRequest("order-service", path`/orders/${orderId}`, { auth: true }),
    items: (orderId, options) =>
      http.request("order-service", path`/orders/${orderId}/items`, {
        contract: orderItems,
        status: 200,
        auth: true,
        signal: options?.signal,
      }),
  };
}
