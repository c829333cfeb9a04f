import type { ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { ROUTE_NAMES, type RouteName, routeEntry } from "./routes.ts";

/** The elements the router shows, by route: AppRoutes.tsx gives the screens, a test gives names. */
export interface RouteElements {
  /** The element of a route's screen. */
  screen(name: RouteName): ReactNode;
  /** What a signed-out visitor gets at a route for signed-in visitors only, and below it. */
  signedOut(name: RouteName): ReactNode;
  /** An address the table does not know: home (spec §2). */
  unknown: ReactNode;
}

/**
 * The router's entries, derived from the route table (routes.ts): one per route, a child inside
 * its parent (a child at the parent's own path is its default), a signed-in-only route replaced
 * for a signed-out visitor, and everything else home. Routes are case-sensitive, as `matchRoute`
 * is, so the router and the table's matcher agree on every path.
 */
export function routerEntries(signedIn: boolean, elements: RouteElements): RouteObject[] {
  const entries: RouteObject[] = [];
  for (const name of ROUTE_NAMES) {
    const entry = routeEntry(name);
    if (entry.parent) continue;
    if (entry.signedOut && !signedIn) {
      entries.push({
        path: `${entry.path}/*`,
        caseSensitive: true,
        element: elements.signedOut(name),
      });
      continue;
    }
    const children = ROUTE_NAMES.filter((child) => routeEntry(child).parent === name).map(
      (child): RouteObject => {
        const path = routeEntry(child).path;
        const element = elements.screen(child);
        if (path === entry.path) return { index: true, element };
        return { path: path.slice(entry.path.length + 1), caseSensitive: true, element };
      },
    );
    entries.push({
      path: entry.path,
      caseSensitive: true,
      element: elements.screen(name),
      ...(children.length > 0 ? { children } : {}),
    });
  }
  entries.push({ path: "*", element: elements.unknown });
  return entries;
}
