/**
 * The names under which the shop keeps things on a device (before the tenant is added, see
 * stores/tenant-storage.ts). Constants only, in a module of their own: the first screen (the
 * sign-out, the storage migration) names them without loading the cart's rules.
 */

/** Local storage entry: the cart id and when this device last changed the cart (other tabs reload). */
export const CART_STORAGE_KEY = "storefront.cart";
/** The cookie that also keeps the cart id (spec §9). */
export const CART_COOKIE = "cartId";
/** Spec §9: the cart id cookie lives 365 days. */
export const CART_COOKIE_DAYS = 365;
/**
 * Local storage entry: which bought photos "Save all to Photos" handed over, per purchase
 * (domain/save-photos.ts).
 */
export const SAVED_PHOTOS_KEY = "storefront.savedPhotos";
