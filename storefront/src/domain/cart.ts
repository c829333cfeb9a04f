/**
 * Pure cart rules (spec §3, §4, §5, §8, §9): the cart id, promo code errors, cart lines,
 * grouping by event and when to suggest replacing single photos by the all-photos package.
 */
import type { CartErrorCode, CartItem, NewCartItem, Photo, Product } from "../api/index.ts";

/** Cart ids are chosen by the client; anything else in storage or a cookie is corrupted. */
const CART_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function isCartId(value: unknown): value is string {
  return typeof value === "string" && CART_ID.test(value);
}

export { CART_COOKIE_DAYS } from "./device-keys.ts";

/** The promo code errors of spec §8, by name; their texts live with the UI messages. */
export type PromoErrorKind =
  | "not-found"
  | "expired"
  | "inactive"
  | "conflict"
  | "usage-limit"
  | "not-applicable"
  | "other";

/*
 * Error codes are typed against the contract's CART_ERROR_CODES: a misspelt or unknown code
 * does not compile (the list itself is not shipped; only the codes the shop acts on are).
 */
const PROMO_ERRORS: Readonly<Record<string, PromoErrorKind>> = {
  PromoCodeNotFound: "not-found",
  PromoCodeExpired: "expired",
  PromoCodeInactive: "inactive",
  PromoCodeConflict: "conflict",
  PromoCodeUsageLimit: "usage-limit",
  PromoCodeNotApplicable: "not-applicable",
} satisfies { [C in CartErrorCode]?: PromoErrorKind };

/** The promo code error for the backend's error code; anything unknown is "other". */
export function promoErrorKind(code: string | null | undefined): PromoErrorKind {
  return (code && PROMO_ERRORS[code]) || "other";
}

/** Cart changes that fail because the cart itself is gone: start a fresh cart and retry. */
export function isCartGone(code: string | null | undefined): boolean {
  return CART_GONE.some((gone) => gone === code);
}

/** Deleted, checked out (spec §4: Processed) or unknown to the backend. */
const CART_GONE: readonly CartErrorCode[] = ["CartDeleted", "CartProcessed", "CartNotFound"];

/** The backend's answer to a product (and photo, frame) the cart already holds (spec §5). */
export const ALREADY_IN_CART: CartErrorCode = "ProductAlreadyInCart";

/** The backend's answer to an e-mail it does not take as the cart's customer (spec §5). */
export const INVALID_EMAIL: CartErrorCode = "InvalidEmail";

/**
 * When the backend took a change but the cart could not be read back (or not opened at all),
 * the cart is read again after these waits: 2 s, 4 s, 8 s, 16 s, then it waits for the
 * visitor's next action. Bounded, and each wait longer than the one before.
 */
export const CART_RESYNC_ATTEMPTS = 4;

export function resyncDelay(attempt: number): number {
  return 2000 * 2 ** Math.min(attempt, CART_RESYNC_ATTEMPTS - 1);
}

/** What identifies a cart line: the product, and for photo products the photo and frame. */
export interface LineKey {
  product: { productId: string };
  photoId?: string | null;
  frameId?: string | null;
}

/** True when `items` hold the line of `wanted` (same product, photo and frame). */
export function holdsLine(items: readonly LineKey[], wanted: LineKey): boolean {
  return items.some(
    (i) =>
      i.product.productId === wanted.product.productId &&
      (i.photoId ?? null) === (wanted.photoId ?? null) &&
      (i.frameId ?? null) === (wanted.frameId ?? null),
  );
}

/** One product to add, with what the cart shows while the call is in flight. */
export interface CartAddition {
  product: Product;
  eventName: string;
  photo?: Photo | null;
  frameId?: string | null;
}

/** The line an addition makes. */
export function lineOf(a: CartAddition): LineKey {
  return { product: a.product, photoId: a.photo?.photoId ?? null, frameId: a.frameId ?? null };
}

/** What the cart is asked to add (POST items): the product, and its photo and frame if any. */
export function newItemOf(a: CartAddition): NewCartItem {
  return {
    productId: a.product.productId,
    ...(a.photo ? { photoId: a.photo.photoId } : {}),
    ...(a.frameId ? { frameId: a.frameId } : {}),
  };
}

/** Item ids of lines shown while their add is in flight start with this. */
export const PENDING_ITEM_PREFIX = "pending-";

/** The line the cart shows while an add is in flight, under a temporary id of `n`. */
export function pendingItem(a: CartAddition, n: number): CartItem {
  const p = a.product;
  return {
    shoppingCartItemId: `${PENDING_ITEM_PREFIX}${n}`,
    product: { productId: p.productId, title: p.title, productType: p.productType },
    catalog: { catalogId: p.catalogId, title: a.eventName },
    eventId: p.eventId,
    photoId: a.photo?.photoId ?? null,
    photoIds: a.photo ? [a.photo.photoId] : [],
    frameId: a.frameId ?? null,
    originalPrice: p.price,
    price: p.price,
    currencyId: p.currencyId,
    duplicate: false,
    thumbnailUrl: a.photo?.thumbnailUrl ?? null,
  };
}

export interface GroupableItem {
  eventId: string;
  catalog: { catalogId: string; title: string };
}

export interface EventGroup<T> {
  eventId: string;
  catalogId: string;
  title: string;
  items: T[];
}

/** Cart items grouped by event, in the order each event first appears. */
export function groupByEvent<T extends GroupableItem>(items: readonly T[]): EventGroup<T>[] {
  const groups = new Map<string, EventGroup<T>>();
  for (const item of items) {
    let group = groups.get(item.eventId);
    if (!group) {
      group = {
        eventId: item.eventId,
        catalogId: item.catalog.catalogId,
        title: item.catalog.title,
        items: [],
      };
      groups.set(item.eventId, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

export interface HintItem {
  product: { productType: string };
  originalPrice: number;
  duplicate: boolean;
}

export type PackageHint =
  /** Photos a package in the cart already covers: remove them. */
  | { kind: "duplicates"; count: number }
  /** Single photos cost more than the package: buy the package instead. */
  | { kind: "cheaper-package"; count: number; photosPrice: number; packagePrice: number }
  | null;

/**
 * The replace-by-package hint of one event's items (spec §2, §5): duplicates first (a photo
 * already in a package); else, when the event's single photos cost more than its all-photos
 * package (and the cart has none), suggest the package.
 */
export function packageHint(items: readonly HintItem[], packagePrice: number | null): PackageHint {
  const duplicates = items.filter((i) => i.duplicate).length;
  if (duplicates > 0) return { kind: "duplicates", count: duplicates };
  if (items.some((i) => i.product.productType === "photos_with_me")) return null;
  const photos = items.filter((i) => i.product.productType === "photo");
  if (packagePrice === null || photos.length < 2) return null;
  const photosPrice = photos.reduce((sum, i) => sum + i.originalPrice, 0);
  return photosPrice > packagePrice
    ? { kind: "cheaper-package", count: photos.length, photosPrice, packagePrice }
    : null;
}
