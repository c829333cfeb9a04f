import type { Order } from "../api/index.ts";

/** Orders shown per "Show more" step of the order history. */
export const ORDERS_PER_PAGE = 10;

/** Order history order (spec §7): newest createdOn first, whatever order pages arrive in. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
}

/** Adds a page to the list once per order id (a page can overlap after a new order). */
export function mergeOrders(current: readonly Order[], page: readonly Order[]): Order[] {
  const seen = new Set(current.map((o) => o.orderId));
  return newestFirst([...current, ...page.filter((o) => !seen.has(o.orderId))]);
}
