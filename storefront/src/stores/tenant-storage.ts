/**
 * Each tenant's storage its own: several tenants can be served from one origin (previews on
 * one host, `preview --all`), and local storage and cookies are shared by the whole origin
 * (cookies even ignore the port). Every key the shop writes is therefore named after the
 * tenant, so one tenant never reads another's cart, pending orders, recent searches or
 * language. Stores keep their plain key names; this port adds the tenant.
 */
import { CART_COOKIE_DAYS } from "../domain/device-keys.ts";
import { LANGUAGE_COOKIE_PREFIX } from "../domain/pages.ts";
import type { CookieJar } from "./cookies.ts";
import type { KeyValueStorage } from "./types.ts";

/** The keys an older version wrote without a tenant (migrated once, then removed). */
export const LEGACY_STORAGE_KEYS = [
  "storefront.cart",
  "storefront.pendingOrders",
  "storefront.recentSearches",
  "storefront.language",
] as const;
/** The cookie an older version wrote without a tenant. */
export const LEGACY_CART_COOKIE = "cartId";
/**
 * The language cookie an older version shared by every tenant on a host. Never read again, only
 * removed: it was a copy of the `storefront.language` entry, which is migrated and mirrored to
 * the tenant's own cookie on this load (LanguageStore.init); and since cookies ignore the port,
 * its value may be another tenant's choice, the very mix-up the per-tenant name ends.
 */
export const LEGACY_LANGUAGE_COOKIE = LANGUAGE_COOKIE_PREFIX;

/** The key on the device for a store's `name` ("storefront.cart" → "storefront.cart@mysport"). */
export const tenantKey = (tenant: string, name: string) => `${name}@${tenant}`;

/** A cookie's name for the tenant ("cartId" → "cartId-mysport"; tenant ids are [a-z0-9-]). */
export const tenantCookieName = (tenant: string, name: string) => `${name}-${tenant}`;

export interface TenantStorage extends KeyValueStorage {
  /** A store's key name of a raw key on the device (a `storage` event's); null when not this tenant's. */
  nameOf(rawKey: string | null): string | null;
}

/** The tenant's view of the device storage: every key read and written carries the tenant. */
export function tenantStorage(storage: KeyValueStorage, tenant: string): TenantStorage {
  const suffix = `@${tenant}`;
  return {
    getItem: (name) => storage.getItem(tenantKey(tenant, name)),
    setItem: (name, value) => storage.setItem(tenantKey(tenant, name), value),
    removeItem: (name) => storage.removeItem(tenantKey(tenant, name)),
    nameOf: (rawKey) =>
      rawKey?.endsWith(suffix) ? rawKey.slice(0, rawKey.length - suffix.length) : null,
  };
}

/** The tenant's cookies: same names as the stores use, with the tenant added. */
export function tenantCookies(cookies: CookieJar, tenant: string): CookieJar {
  return {
    get: (name) => cookies.get(tenantCookieName(tenant, name)),
    set: (name, value, days) => cookies.set(tenantCookieName(tenant, name), value, days),
  };
}

/**
 * Data an older version kept without a tenant: taken over by the tenant that loads first (in
 * production one host serves one tenant, so it is theirs) unless that tenant already has its
 * own, then removed, so no second tenant on the origin ever sees it. Never throws: the values
 * are checked by the stores that read them, as any stored value is.
 */
export function migrateLegacyStorage(
  raw: KeyValueStorage,
  cookies: CookieJar | undefined,
  tenant: string,
): void {
  for (const name of LEGACY_STORAGE_KEYS) {
    const value = raw.getItem(name);
    if (value === null) continue;
    if (raw.getItem(tenantKey(tenant, name)) === null) raw.setItem(tenantKey(tenant, name), value);
    raw.removeItem(name);
  }
  const cartCookie = cookies?.get(LEGACY_CART_COOKIE);
  if (cookies && cartCookie) {
    const scoped = tenantCookieName(tenant, LEGACY_CART_COOKIE);
    if (!cookies.get(scoped)) cookies.set(scoped, cartCookie, CART_COOKIE_DAYS);
    cookies.set(LEGACY_CART_COOKIE, "", 0);
  }
  if (cookies?.get(LEGACY_LANGUAGE_COOKIE) != null) cookies.set(LEGACY_LANGUAGE_COOKIE, "", 0);
}
