/**
 * The provider's answer at /auth-callback (`?code=…&state=…`) leaves the address bar before
 * any request leaves the page: taken once at start-up, kept in memory for the callback screen,
 * and the address replaced by the bare callback path. The code then never travels in a
 * Referer, the history, or a shared screenshot (the page is also served with
 * `Referrer-Policy: no-referrer` for what loads before this runs).
 */
import { AUTH_CALLBACK_PATH } from "../../domain/auth.ts";

let taken: string | null = null;

/** At start-up, in the top window: keeps the callback's full address and clears the bar. */
export function takeCallbackUrl(win: Pick<Window, "location" | "history">): void {
  if (!win.location.pathname.startsWith(AUTH_CALLBACK_PATH)) return;
  if (!win.location.search && !win.location.hash) return;
  taken = win.location.href;
  win.history.replaceState(win.history.state, "", AUTH_CALLBACK_PATH);
}

/** The callback's address as the provider sent it (once), or null: nothing to complete. */
export function callbackUrl(): string | null {
  const url = taken;
  taken = null;
  return url;
}
