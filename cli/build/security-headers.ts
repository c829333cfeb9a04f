/**
 * The security headers every response of a tenant carries (the CSP first), and the names of the
 * files a bundle carries for the operator. Apart from deploy.ts (which writes them into the
 * templates) so that reading them (the manifest check, the preview) never loads Handlebars.
 */
import { cspOrigin, type OriginKind } from "../config/origin.ts";
import type { TenantConfig } from "../config/schema.ts";

/**
 * What the security headers depend on: where the API and the identity provider are, and the
 * hashes of the pages' inline styles (render.ts inlines the first screen's CSS).
 */
export type CspConfig = Pick<TenantConfig, "api" | "auth"> & {
  styleHashes?: readonly string[] | undefined;
  /**
   * `storefront dev --core` only (never a build): the one response's nonce, allowed for its
   * scripts and styles, for the <style> elements and the module scripts Vite's dev server
   * writes into the page (cli/dev/core-server.ts).
   */
  nonce?: string | undefined;
};

export interface Header {
  name: string;
  value: string;
}

/** Hashed files change name when they change content, so a year and `immutable` are safe. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The app page and other unhashed files: reuse only after revalidating (ETag), so a deploy shows at once. */
export const REVALIDATE = "no-cache";

/** The files a bundle carries for the operator, never served to visitors. */
export const DEPLOY_FILE_NAMES = [
  "nginx.conf",
  "nginx-default.conf",
  "_headers",
  "_redirects",
  "build-manifest.json",
] as const;

/** Throws on anything but a plain https origin, even if it got past the schema. */
const originOf = (url: string | undefined, kind: OriginKind): string[] =>
  url === undefined ? [] : [cspOrigin(url, kind)];

/**
 * The tenant's CSP: scripts and styles only from the bundle itself (no 'unsafe-inline' or
 * 'unsafe-eval': the settings are a JSON data block, never inline script; the one inline style
 * is allowed by its hash), API calls and
 * photos only from the API origin, sign-in only with the tenant's identity provider.
 */
export function contentSecurityPolicy(config: CspConfig, frameable = false): string {
  const api = originOf(config.api.origin, "origin");
  const idp = originOf(config.auth?.authority, "base");
  const nonce = config.nonce === undefined ? [] : [nonceSource(config.nonce)];
  const directives: string[][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...nonce],
    ["style-src", "'self'", ...(config.styleHashes ?? []).map(styleHash), ...nonce],
    ["img-src", "'self'", "data:", "blob:", ...api],
    ["connect-src", "'self'", ...api, ...idp],
    // oidc-client-ts checks the session silently in a hidden iframe on the provider's origin.
    ...(idp.length > 0 ? [["frame-src", "'self'", ...idp]] : []),
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    // The sign-in callback page is framed by the shop itself for the silent session check.
    ["frame-ancestors", frameable ? "'self'" : "'none'"],
  ];
  return directives.map((d) => [...new Set(d)].join(" ")).join("; ");
}

/** A hash source as the build wrote it; anything else is refused, not written into a header. */
function styleHash(source: string): string {
  if (!/^'sha256-[A-Za-z0-9+/]{43}='$/.test(source)) throw new Error(`not a style hash: ${source}`);
  return source;
}

/** A nonce source; anything but base64 of at least 128 bits is refused, not written. */
function nonceSource(nonce: string): string {
  if (!/^[A-Za-z0-9+/]{22,}={0,2}$/.test(nonce)) throw new Error(`not a nonce: ${nonce}`);
  return `'nonce-${nonce}'`;
}

/** Headers every response carries, errors included. */
export function securityHeaders(config: CspConfig, frameable = false): Header[] {
  return [
    { name: "Content-Security-Policy", value: contentSecurityPolicy(config, frameable) },
    // No includeSubDomains: a tenant's host (mysport.ru) shares its domain with sites this
    // build knows nothing about, and HSTS on them cannot be taken back for a year.
    { name: "Strict-Transport-Security", value: "max-age=31536000" },
    { name: "X-Content-Type-Options", value: "nosniff" },
    // The sign-in callback page (the frameable one) has the provider's code in its address:
    // none of its requests may carry it in a Referer.
    {
      name: "Referrer-Policy",
      value: frameable ? "no-referrer" : "strict-origin-when-cross-origin",
    },
    // The camera is for the selfie search (face search); nothing else is ever asked for.
    { name: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
    // frame-ancestors covers current browsers; this covers the ones that predate it.
    { name: "X-Frame-Options", value: frameable ? "SAMEORIGIN" : "DENY" },
  ];
}
