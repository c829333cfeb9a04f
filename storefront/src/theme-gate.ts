import { THEME_READY_POLL_MS } from "./domain/constants.ts";

/** Set by the tenant theme stylesheet once its tokens apply. */
export const THEME_READY_PROPERTY = "--theme-ready";

/**
 * Resolves once the tenant theme stylesheet has applied (polled every 50 ms, spec §2),
 * or after `giveUpMs` so a lost stylesheet leaves a usable, if plain, shop.
 */
export function whenThemeReady(root: HTMLElement, giveUpMs = 10_000): Promise<boolean> {
  const isReady = () =>
    getComputedStyle(root).getPropertyValue(THEME_READY_PROPERTY).trim() === "1";
  return new Promise((resolve) => {
    if (isReady()) return resolve(true);
    const started = Date.now();
    const timer = setInterval(() => {
      const ready = isReady();
      if (ready || Date.now() - started > giveUpMs) {
        clearInterval(timer);
        resolve(ready);
      }
    }, THEME_READY_POLL_MS);
  });
}
