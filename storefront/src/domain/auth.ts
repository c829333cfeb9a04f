/** Sign-in rules (spec §6): where the identity provider is and what the storefront keeps. */
import { routes } from "../routes.ts";

export interface AuthSettings {
  authority?: string | undefined;
  realm: string;
  clientId: string;
}

/** The provider's issuer: the tenant's `auth.authority`, else {origin}/auth/realms/{realm} (Keycloak). */
export function authorityOf(auth: AuthSettings, origin: string): string {
  if (auth.authority) return auth.authority.replace(/\/+$/, "");
  return `${origin}/auth/realms/${encodeURIComponent(auth.realm)}`;
}

/** Where the provider sends the browser back after sign-in (also the silent check's iframe). */
export const AUTH_CALLBACK_PATH = routes["auth-callback"].path;

/** Every key oidc-client-ts writes (user, state) starts with this prefix. */
export const OIDC_KEY_PREFIX = "oidc.";

export const isOidcKey = (key: string) => key.startsWith(OIDC_KEY_PREFIX);

/** The silent check on load gives up after this long: the shop never waits for the provider. */
export const SILENT_CHECK_TIMEOUT_MS = 4_000;
/**
 * An anonymous visitor's silent check waits this long after the page has loaded (then for an
 * idle moment): it boots the shop a second time in a hidden frame, which a slow phone feels if
 * it happens while the visitor starts using the page. A tab with a session checks at once, and
 * a screen that needs the answer (/my-account) asks for it at once.
 */
export const ANONYMOUS_SILENT_CHECK_DELAY_MS = 5_000;

/**
 * Where to return after sign-in: an in-app path only (never another origin, never the
 * callback itself), home otherwise.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  if (value.startsWith(AUTH_CALLBACK_PATH)) return "/";
  return value;
}
