/**
 * The paid orders a visitor opened, kept on the device so that such an order opens again
 * without a network (a race's finish area is where the network fails). Each kept order is one
 * cache of the browser's Cache API, named after the order and the tenant: its page (the shell
 * the server sent for its address), the order's reply, its thumbnails and the page's scripts
 * and styles. Nothing else: no reply of another call, nothing of another order. The service
 * worker (sw/worker.ts) answers from these caches only when the network fails; sign-out deletes
 * them all (stores/offline-orders.ts), as it removes the person's storage keys.
 */

/** How many paid orders a device keeps; opening another drops the one opened longest ago. */
export const MAX_KEPT_ORDERS = 10;
/** How many thumbnails of one order are kept (a bigger order keeps its first ones). */
export const MAX_KEPT_THUMBNAILS = 200;
/** How many of the page's own files (scripts, styles, catalogs) are kept with an order. */
export const MAX_KEPT_ASSETS = 60;

const PREFIX = "storefront.order:";
const PHOTOS = "storefront.photos:";

/** The cache of one kept order: `storefront.order:{orderId}@{tenant}` (storage keys' form). */
export function keptOrderCache(orderId: string, tenant: string): string {
  return `${PREFIX}${encodeURIComponent(orderId)}@${tenant}`;
}

/** Whether a cache is a kept order of this tenant (another tenant's on the same origin is not). */
export function isKeptOrderCache(name: string, tenant: string): boolean {
  return isNamed(name, PREFIX, tenant);
}

/**
 * The bought photos of one purchase ("order:42") downloaded in the background (Background
 * Fetch: the download goes on with the tab closed): `storefront.photos:{key}@{tenant}`. The
 * same name is the background fetch's id. Deleted once every photo is saved, and at sign-out.
 */
export function photosCache(purchaseKey: string, tenant: string): string {
  return `${PHOTOS}${encodeURIComponent(purchaseKey)}@${tenant}`;
}

/** Whether a cache holds a purchase's photos downloaded in the background, this tenant's. */
export function isPhotosCache(name: string, tenant: string): boolean {
  return isNamed(name, PHOTOS, tenant);
}

/**
 * Whether a request may be for a photo downloaded in the background: one the page fetches ("Save
 * all" reads each file: no destination) or shows (an image). A script, a stylesheet, a font, a
 * page or a manifest never is, so the worker answers those without looking through the caches.
 */
export function mayBeKeptPhoto(destination: string): boolean {
  return destination === "" || destination === "image";
}

/** Whether a cache holds anything of the person (a kept order, downloaded photos): sign-out. */
export function isPersonCache(name: string, tenant: string): boolean {
  return isKeptOrderCache(name, tenant) || isPhotosCache(name, tenant);
}

/**
 * The page of the purchase whose photos a cache holds (/order/{id}, /preorder/{id}): where a tap
 * on the browser's download notification leads. Null for any other name.
 */
export function pageOfPhotos(name: string, tenant: string): string | null {
  if (!isPhotosCache(name, tenant)) return null;
  let key: string;
  try {
    key = decodeURIComponent(name.slice(PHOTOS.length, name.length - tenant.length - 1));
  } catch {
    return null;
  }
  const match = /^(order|preorder):(.+)$/.exec(key);
  return match?.[1] && match[2] ? `/${match[1]}/${encodeURIComponent(match[2])}` : null;
}

function isNamed(name: string, prefix: string, tenant: string): boolean {
  const suffix = `@${tenant}`;
  return (
    name.startsWith(prefix) && name.endsWith(suffix) && name.length > prefix.length + suffix.length
  );
}

/**
 * The kept orders to delete before one more is kept: the oldest (caches are listed in the order
 * they were made) beyond MAX_KEPT_ORDERS − 1, this tenant's only.
 */
export function ordersToDrop(names: readonly string[], tenant: string): string[] {
  const kept = names.filter((name) => isKeptOrderCache(name, tenant));
  return kept.slice(0, Math.max(0, kept.length - (MAX_KEPT_ORDERS - 1)));
}

/** What the page holds of a paid order, for keeping it. */
export interface OrderToKeep {
  /** The order page's own address, without its query (the bank's return parameters). */
  page: string;
  /** The order's reply (GET order-service /orders/{id}). */
  reply: string;
  thumbnails: readonly string[];
  /** Addresses of the files the page loaded (performance entries, the document's own). */
  loaded: readonly string[];
}

/** The addresses one kept order holds: the page and its reply (both needed), then the rest. */
export interface KeptAddresses {
  page: string;
  reply: string;
  /** Thumbnails, then the page's own files: each kept when it can be fetched. */
  extras: string[];
}

/**
 * What one kept order holds: its page (without query or fragment), its reply, its thumbnails
 * (distinct, at most MAX_KEPT_THUMBNAILS) and the page's files under /assets/ of the page's own
 * origin (at most MAX_KEPT_ASSETS: the hashed scripts, styles and catalogs it needs to come
 * alive). Anything that is not an http(s) address is left out; null when the page or the reply
 * is not one.
 */
export function addressesToKeep(order: OrderToKeep): KeptAddresses | null {
  const page = webAddress(order.page);
  const reply = page && webAddress(order.reply, page.href);
  if (!page || !reply) return null;
  page.search = "";
  page.hash = "";
  const seen = new Set<string>([page.href, reply.href]);
  const extras: string[] = [];
  const add = (url: URL) => {
    seen.add(url.href);
    extras.push(url.href);
  };
  for (const raw of order.thumbnails) {
    if (extras.length >= MAX_KEPT_THUMBNAILS) break;
    const url = webAddress(raw, page.href);
    if (url && !seen.has(url.href)) add(url);
  }
  const thumbnails = extras.length;
  for (const raw of order.loaded) {
    if (extras.length - thumbnails >= MAX_KEPT_ASSETS) break;
    const url = webAddress(raw, page.href);
    if (!url || url.origin !== page.origin || !url.pathname.startsWith("/assets/")) continue;
    url.hash = "";
    if (!seen.has(url.href)) add(url);
  }
  return { page: page.href, reply: reply.href, extras };
}

function webAddress(raw: string, base?: string): URL | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}
