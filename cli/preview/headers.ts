/**
 * The tenant's security headers on the bundle's responses in the preview: the same set the
 * generated nginx.conf sends, from the same code (../build/deploy.ts), so what support staff
 * see is what the CSP allows in production, and a hostile asset cannot run on the preview's
 * origin. The demo pay page and the identity provider's pages are not the bundle: they stand
 * for third-party sites and keep their own headers.
 */
import type { ServerResponse } from "node:http";
import { type CspConfig, type Header, securityHeaders } from "../build/security-headers.ts";

export type HeadersFor = (pathname: string) => Header[];

/** Headers per path: /auth-callback of a tenant with sign-in may be framed by the shop itself. */
export function previewHeaders(config: CspConfig = { api: {} }): HeadersFor {
  const normal = securityHeaders(config);
  const callback = config.auth ? securityHeaders(config, true) : normal;
  return (pathname) => (pathname === "/auth-callback" ? callback : normal);
}

/** Sets the headers on the response before the static server writes its own. */
export function applyHeaders(res: ServerResponse, headers: Header[]): void {
  for (const { name, value } of headers) res.setHeader(name, value);
}
