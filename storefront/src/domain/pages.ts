import { href, matchRoute, ROUTE_NAMES, type RoutesWith, routeEntry } from "../routes.ts";
import type { Language, MenuItem } from "../settings-types.ts";
import { detectLanguage } from "./language.ts";
import { menuAllows } from "./menu.ts";

/**
 * The pages the build prerenders (DESIGN 3a), derived from the route table (routes.ts `page`):
 * the screens whose main content needs no API data, rendered whole, and two shells (app bar,
 * drawer, footer and a loading state) for every other route. "cart-shell" exists because the
 * bar's cart button differs on the cart itself.
 */
export type FullPage = RoutesWith<"page", "full">;
export type PageKind = FullPage | "shell" | "cart-shell";

/** The routes prerendered whole, in the table's order. */
export const FULL_PAGES = ROUTE_NAMES.filter(
  (name): name is FullPage => routeEntry(name).page === "full",
);

/** The route the cart's shell is rendered at (the table has one). */
const CART_SHELL_ROUTE =
  // Stryker disable next-line LogicalOperator,ArrowFunction,StringLiteral: equivalent, the table's one cart-shell route is "cart", the fallback itself, so finding none is finding "cart"
  ROUTE_NAMES.find((name) => routeEntry(name).page === "cart-shell") ?? "cart";

/**
 * The path each page is rendered at: a full page's route's, the cart shell's route's, and for the
 * shell an event page's, which matches no menu item, no home and no cart.
 */
export const PAGE_PATHS = {
  ...(Object.fromEntries(FULL_PAGES.map((p) => [p, routeEntry(p).path])) as Record<
    FullPage,
    string
  >),
  "cart-shell": routeEntry(CART_SHELL_ROUTE).path,
  shell: href("event", { id: 0 }),
} satisfies Record<PageKind, string>;

/** The shells: pages whose route content waits for the app (no full page). */
export const SHELL_PAGES = ["shell", "cart-shell"] as const satisfies readonly PageKind[];

/** Whether a page is a shell. */
export function isShell(page: PageKind): boolean {
  return (SHELL_PAGES as readonly PageKind[]).includes(page);
}

/** The pages a tenant has: landing pages only where its menu lists them (spec §2). */
export function tenantPages(menu: readonly MenuItem[]): PageKind[] {
  const full = FULL_PAGES.filter((p) => p === "home" || menuAllows(menu, p));
  return [...full, "cart-shell", "shell"];
}

/** Which prerendered page answers a path: its route's (routes.ts `matchRoute`), else the shell. */
export function pageForPath(path: string, menu: readonly MenuItem[]): PageKind {
  const route = matchRoute(path)?.name;
  if (!route) return "shell";
  const page = routeEntry(route).page;
  if (page === "cart-shell") return page;
  if (
    tenantPages(menu).includes(route as FullPage) &&
    // Stryker disable next-line ConditionalExpression: equivalent, tenantPages holds full pages and the two shells, and no route is named as a shell
    page === "full"
  )
    return route as FullPage;
  return "shell";
}

/** The event id of an event page's path (a route whose stores prefetch the event), else null. */
export function eventIdOfPath(path: string): string | null {
  const route = matchRoute(path);
  if (!route || routeEntry(route.name).prefetch !== "event") return null;
  return route.params.id ?? null;
}

/** What a language cookie's name starts with; an older version used it alone, for every tenant. */
export const LANGUAGE_COOKIE_PREFIX = "storefront_lang";

/**
 * The cookie that mirrors a visitor's language choice for one tenant, so a server (nginx, the
 * preview) answers in it: `storefront_lang_{tenant}`, the one name the app, the generated
 * nginx.conf and the preview all use. Per tenant because several tenants can share a host and
 * cookies ignore the port. Letters, digits and `_` only: nginx reads it as `$cookie_{name}`,
 * where any other character (a `-`) silently ends the variable's name, and it is a cookie token
 * (RFC 6265). Tenant ids are words of [a-z0-9] joined by `-` (cli/config/schema.ts), so `-` →
 * `_` keeps two tenants' names apart; anything else, never in a valid id, also becomes `_`, so
 * the name is a token whatever it is given.
 */
export function languageCookieName(tenant: string): string {
  return `${LANGUAGE_COOKIE_PREFIX}_${tenant.replace(/[^a-z0-9]/g, "_")}`;
}

/** HTTP's optional whitespace around a value (RFC 9110 §5.6.3): spaces and tabs, nothing else. */
const OWS = /^[ \t]+|[ \t]+$/g;

/**
 * A language range (RFC 4647 §2.1) without the wildcard: 1–8 letters, then subtags of 1–8
 * letters or digits. A first entry that is not one ("1en", "-en", "ru en") counts as no
 * preference at all, on every server and in the generated nginx maps alike.
 */
export const LANGUAGE_RANGE = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * The first language range of an Accept-Language header ("ru-RU,ru;q=0.9" → "ru-RU"): the text
 * before the first comma, without its parameters and optional whitespace, when it is a language
 * range; otherwise undefined (no preference). nginx.conf's accept map is the same rule as a
 * regular expression (cli/build/nginx-pages.ts).
 */
export function firstAcceptedLanguage(header: string | null | undefined): string | undefined {
  // Stryker disable next-line OptionalChaining: equivalent, split always returns a first element
  const first = (header ?? "").split(",")[0]?.split(";")[0]?.replace(OWS, "") ?? "";
  return LANGUAGE_RANGE.test(first) ? first : undefined;
}

/** ASCII letters in lower case, nothing else (as nginx's ngx_strncasecmp compares). */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * A cookie's value as nginx reads `$cookie_NAME` (and so every server of the shop): the first
 * `name=value` pair of the header with that name, its ASCII letters in either case, whitespace
 * around the name and the value dropped, the value taken as it is (no decoding, so `en|x`
 * stays `en|x` and is no language).
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  const wanted = asciiLower(name);
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    if (asciiLower(part.slice(0, at).replace(OWS, "")) === wanted) {
      return part.slice(at + 1).replace(OWS, "");
    }
  }
  return null;
}

/**
 * The language a server answers in, by the spec's detection (§4) with what a request carries:
 * the cookie stands for the stored choice, Accept-Language for navigator.languages. The
 * client runs detectLanguage with its own inputs and gets the same answer.
 */
export function servedLanguage(input: {
  available: readonly Language[];
  defaultLanguage: Language;
  usVariant: boolean;
  hostLanguage?: Language | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language {
  const first = firstAcceptedLanguage(input.acceptLanguage);
  return detectLanguage({
    available: input.available,
    defaultLanguage: input.defaultLanguage,
    usVariant: input.usVariant,
    hostLanguage: input.hostLanguage,
    stored: input.cookie,
    browser: first ? [first] : [],
  });
}

/** Where a prerendered page lives in a bundle. */
export function pageFile(language: Language, page: PageKind): string {
  return `_pages/${language}/${page}.html`;
}
