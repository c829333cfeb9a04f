/**
 * The route table (spec §2, with the spec's route names): the one place a route is declared.
 * Everything else about a route is derived from its entry here (docs/architecture.md):
 *
 * - what the view shows at a path (`routeView`, rendered by AppRoutes.tsx),
 * - its screen's lazy chunk (screens/lazy.ts loads `screens/{screen}.tsx`),
 * - its prerendered page (domain/pages.ts: `page`),
 * - the boot plan: which chunks a served page asks for beside the entry (cli/build/core.ts:
 *   `page` and `preload`),
 * - what the stores start before the view has arrived (main.tsx: `prefetch`, `shop`).
 *
 * "Which route is this path?" has one answer, `matchRoute`, used by the app, the prerender, the
 * preview and the boot script alike. This module is plain data and pure functions: it imports
 * nothing, so every layer (domain/ included) and the boot script may read it.
 */

/** One route of the table. */
export interface RouteEntry {
  /** The path pattern: static segments and `:name` parameters ("/event/:id"). */
  readonly path: string;
  /** The screen's module under screens/, without ".tsx"; it exports a component of the file's name. */
  readonly screen: string;
  /**
   * The first screen, home: its messages are in every part of the catalog (the first part is the
   * shell's and its own), and on its address its chunk is fetched beside the entry and evaluated
   * before the first render, as a preloaded route's is. No other route loads it.
   */
  readonly firstScreen?: true;
  /**
   * The page the build prerenders for this route (DESIGN 3a): "full" when the screen's main
   * content needs no API data (the page kind is then the route's name), "cart-shell" for the
   * shell whose bar knows it is on the cart. Without it the route is answered by the shell.
   */
  readonly page?: "full" | "cart-shell";
  /**
   * Answered by a shell, this route's screen (and the shop's stores) are fetched beside the entry
   * by the boot script and evaluated before the first render: a deep link (an event page shared
   * after a race) renders at once instead of after a second round trip.
   */
  readonly preload?: true;
  /** A landing page: shown only where the tenant's menu lists it (spec §2); elsewhere home. */
  readonly inMenu?: true;
  /** Shown only to a signed-in visitor; a signed-out one gets this screen here and below. */
  readonly signedOut?: string;
  /** Shown inside this route's screen (its outlet); a child at the parent's path is its default. */
  readonly parent?: string;
  /**
   * What is asked of the API at start-up, before the view has arrived: home's calls; an event's
   * (the boot script asks for the event, and on "All photos" its first photos); a participant's
   * (the boot script asks for the event, the participant with the path's bib number, their search
   * token and their first photos: boot/early-calls.ts).
   */
  readonly prefetch?: "home" | "event" | "participant";
  /**
   * When the shop's cart opens at start-up: "at-once" where the screen shows the cart,
   * "first-input" on pages that find and buy nothing themselves (home, contacts, the landing
   * pages: no use for the shop's finding stores or the cart before the visitor does something);
   * by default once the page's own content has painted, with the finding stores at start.
   */
  readonly shop?: "at-once" | "first-input";
}

export const routes = {
  home: {
    path: "/",
    screen: "home/HomeScreen",
    firstScreen: true,
    page: "full",
    prefetch: "home",
    shop: "first-input",
  },
  event: { path: "/event/:id", screen: "event/EventScreen", preload: true, prefetch: "event" },
  "event-photos": {
    path: "/event/:id/photos",
    screen: "event/EventPhotosScreen",
    preload: true,
    prefetch: "event",
  },
  search: { path: "/search", screen: "search/SearchScreen", preload: true },
  "search-from-url": {
    path: "/search/:id/:number",
    screen: "search/SearchScreen",
    preload: true,
    prefetch: "participant",
  },
  cart: {
    path: "/cart",
    screen: "cart/CartScreen",
    page: "cart-shell",
    preload: true,
    shop: "at-once",
  },
  order: { path: "/order", screen: "order/CheckoutScreen", preload: true, shop: "at-once" },
  "order-paid": { path: "/order/:id", screen: "order/OrderPaidScreen", preload: true },
  "preorder-paid": { path: "/preorder/:id", screen: "order/OrderPaidScreen", preload: true },
  contacts: {
    path: "/contacts",
    screen: "contacts/ContactsScreen",
    page: "full",
    shop: "first-input",
  },
  organizers: {
    path: "/for-organizers",
    screen: "landing/OrganizersScreen",
    page: "full",
    inMenu: true,
    shop: "first-input",
  },
  photographers: {
    path: "/for-photographers",
    screen: "landing/PhotographersScreen",
    page: "full",
    inMenu: true,
    shop: "first-input",
  },
  business: {
    path: "/for-business",
    screen: "landing/BusinessScreen",
    page: "full",
    inMenu: true,
    shop: "first-input",
  },
  "my-account": {
    path: "/my-account",
    screen: "account/MyAccountScreen",
    signedOut: "account/SignInRequiredScreen",
  },
  "my-orders": { path: "/my-account", screen: "account/MyOrdersScreen", parent: "my-account" },
  "my-order": {
    path: "/my-account/order/:id",
    screen: "account/MyOrderScreen",
    parent: "my-account",
  },
  /** Where the identity provider sends the browser back after sign-in (not a spec route name). */
  "auth-callback": { path: "/auth-callback", screen: "account/AuthCallbackScreen" },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof routes;

/** The route names in the table's order. */
export const ROUTE_NAMES = Object.keys(routes) as RouteName[];

/** The routes whose entry has `key` set to `value` (a type-level filter of the table). */
export type RoutesWith<K extends keyof RouteEntry, V> = {
  [N in RouteName]: (typeof routes)[N] extends Record<K, V> ? N : never;
}[RouteName];

/** The table entry of a route, as the general shape (every optional field readable). */
export function routeEntry(name: RouteName): RouteEntry {
  return routes[name];
}

/** Builds a concrete path: href("event", { id: "42" }) → "/event/42". */
export function href(name: RouteName, params: Record<string, string | number> = {}): string {
  return routes[name].path.replace(/:([a-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs :${key}`);
    return encodeURIComponent(String(value));
  });
}

export type RouteParams = Record<string, string>;

/**
 * Whether a path pattern ("/event/:id") matches a path, and its parameters if so. The rule is
 * react-router's with case-sensitive routes (route-table.test.ts checks the two agree): each
 * segment is percent-decoded ("/%63ontacts" is /contacts), trailing slashes are ignored
 * ("/cart//" is /cart), a parameter is one non-empty segment ("/search/1003/O.Brien" has the
 * number "O.Brien"), and letters are compared as written. A path that cannot be decoded
 * ("/event/%E0%A4%A") matches nothing: it is no address of the shop.
 */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const want = pattern.split("/");
  const have = path.replace(/(.)\/+$/, "$1").split("/");
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    let segment: string;
    try {
      segment = decodeURIComponent(have[i] as string);
    } catch {
      return null;
    }
    if (part.startsWith(":")) {
      if (segment === "") return null;
      params[part.slice(1)] = segment;
    } else if (part !== segment) return null;
  }
  return params;
}

export interface RouteMatch {
  name: RouteName;
  params: RouteParams;
}

/**
 * Which route a path is, or null for an address the table does not know (the router sends it
 * home, spec §2). A child at its parent's path ("my-orders" at /my-account) is its parent's.
 */
export function matchRoute(path: string): RouteMatch | null {
  for (const name of ROUTE_NAMES) {
    const params = matchPattern(routes[name].path, path);
    if (params) return { name, params };
  }
  return null;
}

/** What the view shows at a path (AppRoutes.tsx renders it; a test checks it against the router). */
export interface RouteView {
  /** The route the path names, with its parameters. */
  readonly match: RouteMatch;
  /** The route whose screen is shown: the route itself, or the parent a child is shown inside. */
  readonly screen: RouteName;
  /** Shown inside the screen (its outlet): the child route named, or the screen's default child. */
  readonly child: RouteName | null;
  /** A signed-out visitor at a route for signed-in visitors only: its `signedOut` screen instead. */
  readonly signedOut: boolean;
}

/**
 * What the view shows at `path`, or null for an address the table does not know (home, spec §2):
 * a child route inside its parent's screen, a parent with its default child (the child at the
 * parent's own path), and a signed-out visitor the sign-in screen at a signed-in route and below.
 */
export function routeView(path: string, signedIn: boolean): RouteView | null {
  const match = matchRoute(path);
  if (!match) return null;
  const named = routeEntry(match.name);
  const screen = (named.parent ?? match.name) as RouteName;
  if (routeEntry(screen).signedOut && !signedIn)
    return { match, screen, child: null, signedOut: true };
  const child = named.parent
    ? match.name
    : (ROUTE_NAMES.find(
        (c) => routeEntry(c).parent === screen && routeEntry(c).path === named.path,
      ) ?? null);
  return { match, screen, child, signedOut: false };
}
