/** Business constants of spec §9. */
export const SNACKBAR_REFRESH_MS = 7000;
export const DROPDOWN_TOGGLE_DELAY_MS = 250;
export const THEME_READY_POLL_MS = 50;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const BREAKPOINTS = { tablet: 768, desktop: 1200 } as const;
export const GRID = { xs: 0, sm: 724, md: 1045, lg: 1302 } as const;
export const BAR_HEIGHT = { mobile: 56, desktop: 64 } as const;
export const CART_COOKIE_DAYS = 365;
export const SELFIE_MAX_BYTES = 8 * 1024 * 1024;
export const PAGE_SIZE = { themeImages: 50, catalog: 100, photos: 100 } as const;
export const FAST_PAYMENT_DISCOUNT = 0.05;

export type Viewport = "mobile" | "tablet" | "desktop";

/** mobile < 768, tablet 768–1199, desktop ≥ 1200. */
export function viewportOf(width: number): Viewport {
  if (width < BREAKPOINTS.tablet) return "mobile";
  if (width < BREAKPOINTS.desktop) return "tablet";
  return "desktop";
}
