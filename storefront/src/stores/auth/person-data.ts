/**
 * What a signed-in person leaves on the device and sign-out takes away (spec §6, a shared
 * phone): the cart's id (local storage and cookie), the unpaid orders' way back, the recent
 * searches, which bought photos were saved to the phone. The next person starts with a fresh anonymous cart: a cart made while signed in is
 * the account's and never carried into their session. Sign-in tokens (oidc.* keys) are the
 * OIDC client's to remove. The language choice is the device's, not the person's: it stays.
 */
import { msg } from "@lingui/core/macro";
import { CART_COOKIE, CART_STORAGE_KEY, SAVED_PHOTOS_KEY } from "../../domain/device-keys.ts";
import { PENDING_ORDERS_KEY } from "../../domain/pending-orders.ts";
import type { CookieJar } from "../cookies.ts";
import { RECENT_SEARCHES_KEY } from "../HomeStore.ts";
import type { KeyValueStorage } from "../types.ts";

/** The notice on the first page after sign-out. */
export const SIGNED_OUT_MESSAGE = msg`You have signed out. Your cart and orders are no longer kept on this device.`;

/** Set at sign-out, read once by the page the provider sends the browser back to. */
export const SIGNED_OUT_KEY = "storefront.signedOut";

export const PERSON_KEYS = [
  CART_STORAGE_KEY,
  PENDING_ORDERS_KEY,
  RECENT_SEARCHES_KEY,
  SAVED_PHOTOS_KEY,
] as const;

/** Removes the person's data from the tenant's storage and cookies, and notes the sign-out. */
export function forgetPerson(storage: KeyValueStorage, cookies: CookieJar | undefined): void {
  for (const key of PERSON_KEYS) storage.removeItem(key);
  // A cookie is removed by setting it again with no life left.
  cookies?.set(CART_COOKIE, "", 0);
  // Stryker disable next-line StringLiteral: equivalent, takeSignedOut asks only whether the key is there
  storage.setItem(SIGNED_OUT_KEY, "1");
}

/** Whether this page is the first after a sign-out (then forgotten: the notice shows once). */
export function takeSignedOut(storage: KeyValueStorage): boolean {
  const signedOut = storage.getItem(SIGNED_OUT_KEY) !== null;
  // Stryker disable next-line ConditionalExpression: equivalent, removing a key that is not there changes nothing
  if (signedOut) storage.removeItem(SIGNED_OUT_KEY);
  return signedOut;
}
