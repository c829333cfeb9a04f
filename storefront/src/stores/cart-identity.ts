/**
 * Which cart is this device's (spec §3, §9): its id in a 365-day cookie and in local storage,
 * where a change also tells the other tabs (their `storage` event) to read the cart again.
 */
import { isCartId } from "../domain/cart.ts";
import { CART_COOKIE, CART_COOKIE_DAYS, CART_STORAGE_KEY } from "../domain/device-keys.ts";
import type { CookieJar } from "./cookies.ts";
import type { KeyValueStorage } from "./types.ts";

export { CART_COOKIE, CART_STORAGE_KEY };

export interface CartIdentityDeps {
  storage: KeyValueStorage;
  cookies: CookieJar;
  /** A fresh cart id (carts are named by the client). */
  newId?: () => string;
  now?: () => number;
}

/** The id this device keeps (local storage first, then the cookie); null for none or junk. */
export function readCartId(deps: CartIdentityDeps): string | null {
  const stored = parseEntry(deps.storage.getItem(CART_STORAGE_KEY));
  if (stored) return stored;
  const cookie = deps.cookies.get(CART_COOKIE);
  return isCartId(cookie) ? cookie : null;
}

/** A new id for a cart about to be created. */
export function freshCartId(deps: CartIdentityDeps): string {
  return (deps.newId ?? randomId)();
}

/**
 * Keeps the id in the cookie (365 days) and local storage; `changed` (the cart changed here)
 * rewrites the entry's time so other tabs follow, else an entry already naming it is left.
 */
export function keepCartId(deps: CartIdentityDeps, id: string, changed: boolean): void {
  deps.cookies.set(CART_COOKIE, id, CART_COOKIE_DAYS);
  if (!changed && parseEntry(deps.storage.getItem(CART_STORAGE_KEY)) === id) return;
  const now = (deps.now ?? Date.now)();
  deps.storage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartId: id, updatedAt: now }));
}

/** The cart id another tab wrote (a `storage` event), or null when the event is not about it. */
export function cartIdOfStorageEvent(key: string | null, value: string | null): string | null {
  return key === CART_STORAGE_KEY ? parseEntry(value) : null;
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The cart id of a storage entry; null for a missing or corrupted one. */
function parseEntry(value: string | null): string | null {
  // Stryker disable next-line ConditionalExpression: equivalent, JSON.parse of an empty entry throws (caught: null) and of null is null (no id)
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    const id =
      // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, a scalar has no cartId (undefined: no id) and null's throws (caught: null)
      parsed && typeof parsed === "object" ? (parsed as { cartId?: unknown }).cartId : null;
    return isCartId(id) ? id : null;
  } catch {
    return null;
  }
}
