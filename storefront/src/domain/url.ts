/**
 * Addresses that come from outside the code (backend replies) before they become a link or a
 * navigation. Only web addresses pass: a `javascript:`, `data:` or `vbscript:` address would
 * run script or show content as the shop, so it is dropped.
 */

/** Schemes a link may use; anything else (javascript:, data:, file:, blob:…) is refused. */
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);
const WEB_SCHEMES = new Set(["http:", "https:"]);
/** Relative addresses are resolved against a web address: only their scheme is checked. */
const BASE = "https://relative.invalid/";

function schemeOf(url: unknown): string | null {
  if (typeof url !== "string" || url.trim() === "") return null;
  try {
    // Stryker disable BlockStatement: equivalent, an empty catch returns undefined, which both callers below read as no scheme, as they read null
    // The URL parser drops tabs and newlines and trims control characters and spaces, as
    // browsers do when they follow a link: "java\tscript:" is javascript: to them too.
    return new URL(url, BASE).protocol;
  } catch {
    return null;
  }
}

// Stryker restore BlockStatement
/**
 * The address as given when it is safe as a link (`<a href>`): http(s), mailto: or tel:,
 * absolute or relative; otherwise null.
 */
export function safeLinkUrl(url: string | null | undefined): string | null {
  const scheme = schemeOf(url);
  return scheme && LINK_SCHEMES.has(scheme) ? (url as string) : null;
}

/** Whether the shop may leave for this address (a bank's pay page): http(s) or relative. */
export function isWebAddress(url: string | null | undefined): url is string {
  const scheme = schemeOf(url);
  // Stryker disable next-line ConditionalExpression: equivalent, WEB_SCHEMES never has null
  return scheme !== null && WEB_SCHEMES.has(scheme);
}
