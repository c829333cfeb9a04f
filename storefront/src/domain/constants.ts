/**
 * Business constants of spec §9 that the shell and the first screen use. The others live with
 * what they rule: the cart cookie's 365 days in domain/cart.ts, page sizes with their API calls
 * (api/themes.ts, api/catalog.ts, api/photos.ts), the layout grid and bar heights in
 * styles/_breakpoints.scss, the fast payment's 5 % in the payment types the backend sends.
 */
export const SNACKBAR_REFRESH_MS = 7000;
export const DROPDOWN_TOGGLE_DELAY_MS = 250;
export const THEME_READY_POLL_MS = 50;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const BREAKPOINTS = { tablet: 768, desktop: 1200 } as const;
export const SELFIE_MAX_BYTES = 8 * 1024 * 1024;

export type Viewport = "mobile" | "tablet" | "desktop";

/** mobile < 768, tablet 768–1199, desktop ≥ 1200. */
export function viewportOf(width: number): Viewport {
  if (width < BREAKPOINTS.tablet) return "mobile";
  if (width < BREAKPOINTS.desktop) return "tablet";
  return "desktop";
}

/** Spec §9: photos are asked for 100 per page (api/photos.ts; the boot script's first page). */
export const PHOTOS_PER_PAGE = 100;

/** The status every network failure (no response, dropped connection, time-out) reports. */
export const NETWORK_FAILURE_STATUS = 1001;
