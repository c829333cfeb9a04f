/** Pending (unpaid) orders kept in local storage (spec §3): each once, newest last. */
export const PENDING_ORDERS_KEY = "storefront.pendingOrders";
const MAX = 20;
/** An order id as the backend gives it; anything else in storage is junk, never a link. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The stored list; anything corrupted is an empty list. */
export function parsePendingOrders(raw: string | null): string[] {
  // Stryker disable next-line ConditionalExpression: equivalent, JSON.parse of "" throws and of null gives null, both read as []
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    // Stryker disable next-line ConditionalExpression: equivalent, filter on a non-list throws and the catch reads it as []
    if (!Array.isArray(value)) return [];
    const ids = value.filter((v): v is string => typeof v === "string" && ORDER_ID.test(v));
    return [...new Set(ids)];
  } catch {
    return [];
  }
}

export function addPendingOrder(list: readonly string[], orderId: string): string[] {
  if (list.includes(orderId)) return [...list];
  return [...list, orderId].slice(-MAX);
}

export function removePendingOrder(list: readonly string[], orderId: string): string[] {
  return list.filter((id) => id !== orderId);
}
