/** The route table of spec §2, with the spec's route names; used by the router and every link. */
export const routes = {
  home: { path: "/" },
  event: { path: "/event/:id" },
  "event-photos": { path: "/event/:id/photos" },
  search: { path: "/search" },
  "search-from-url": { path: "/search/:id/:number" },
  cart: { path: "/cart" },
  order: { path: "/order" },
  "order-paid": { path: "/order/:id" },
  "preorder-paid": { path: "/preorder/:id" },
  contacts: { path: "/contacts" },
  organizers: { path: "/for-organizers" },
  photographers: { path: "/for-photographers" },
  business: { path: "/for-business" },
  "my-account": { path: "/my-account" },
  "my-orders": { path: "/my-account" },
  "my-order": { path: "/my-account/order/:id" },
  /** Where the identity provider sends the browser back after sign-in (not a spec route name). */
  "auth-callback": { path: "/auth-callback" },
} as const;

export type RouteName = keyof typeof routes;

/** Builds a concrete path: href("event", { id: "42" }) → "/event/42". */
export function href(name: RouteName, params: Record<string, string | number> = {}): string {
  return routes[name].path.replace(/:([a-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs :${key}`);
    return encodeURIComponent(String(value));
  });
}
