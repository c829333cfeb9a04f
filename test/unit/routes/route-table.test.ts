/**
 * One route table (routes.ts) from which the router, the lazy screens, the prerendered pages and
 * the boot plan are derived, and one matcher that says which route a path is, for the app, the
 * prerender, the preview and the boot script alike.
 */
import { existsSync } from "node:fs";
import fc from "fast-check";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { bootScreens, buildCore, screenManifestKey } from "../../../cli/build/core.ts";
import {
  eventIdOfPath,
  FULL_PAGES,
  PAGE_PATHS,
  type PageKind,
  pageForPath,
  SHELL_PAGES,
  tenantPages,
} from "../../../storefront/src/domain/pages.ts";
import {
  href,
  matchPattern,
  matchRoute,
  ROUTE_NAMES,
  type RouteName,
  routeEntry,
  routeView,
} from "../../../storefront/src/routes.ts";
import { preloadScreenOf, screenOf } from "../../../storefront/src/screens/lazy.ts";

const ALL_MENU = ["participants", "photographers", "organizers", "business", "contacts"] as const;

/** A concrete path of a route: each parameter a sample value. */
const samplePath = (name: RouteName) =>
  href(name, { id: "1003", number: "101" }).replace(/\/$/, "") || "/";

/**
 * React Router's own entries for the table, each element standing for a route's name: the rule
 * the shop's matcher follows (`useRoutes` over these was how the app once chose its screen), kept
 * here as the oracle the matcher and `routeView` are checked against. A child inside its parent
 * (a child at the parent's own path is its default), a signed-in-only route replaced for a
 * signed-out visitor at its path and below, anything else home.
 */
function entries(signedIn: boolean): RouteObject[] {
  const list: RouteObject[] = [];
  for (const name of ROUTE_NAMES) {
    const entry = routeEntry(name);
    if (entry.parent) continue;
    if (entry.signedOut && !signedIn) {
      list.push({ path: `${entry.path}/*`, caseSensitive: true, element: `signed-out:${name}` });
      continue;
    }
    const children = ROUTE_NAMES.filter((child) => routeEntry(child).parent === name).map(
      (child): RouteObject => {
        const path = routeEntry(child).path;
        if (path === entry.path) return { index: true, element: child };
        return { path: path.slice(entry.path.length + 1), caseSensitive: true, element: child };
      },
    );
    list.push({
      path: entry.path,
      caseSensitive: true,
      element: name,
      ...(children.length > 0 ? { children } : {}),
    });
  }
  list.push({ path: "*", element: "home-redirect" });
  return list;
}

/** What the router would show at a path: the elements of its matched entries, outermost first. */
function routed(path: string, signedIn = true): unknown[] {
  return (matchRoutes(entries(signedIn), path) ?? []).map((m) => m.route.element);
}

/** What the shop shows at a path, in the same terms: its screen, then the child inside it. */
function onScreen(path: string, signedIn = true): unknown[] {
  const view = routeView(path, signedIn);
  if (!view) return ["home-redirect"];
  if (view.signedOut) return [`signed-out:${view.screen}`];
  return view.child ? [view.screen, view.child] : [view.screen];
}

describe("what the view shows comes from the route table", () => {
  it("routes every table route to its own screen, a child inside its parent", () => {
    for (const name of ROUTE_NAMES) {
      const entry = routeEntry(name);
      const path = samplePath(name);
      if (entry.parent) expect(onScreen(path), name).toEqual([entry.parent, name]);
      else expect(onScreen(path)[0], name).toBe(name);
      expect(onScreen(path), name).toEqual(routed(path));
    }
    // A parent's own path shows its default child inside it (spec §2: orders by default).
    expect(onScreen("/my-account")).toEqual(["my-account", "my-orders"]);
    expect(routeView("/my-account/order/7", true)?.match.params).toEqual({ id: "7" });
  });

  it("shows a signed-out visitor the sign-in screen at /my-account and below, never the orders", () => {
    for (const path of ["/my-account", "/my-account/order/5"]) {
      expect(onScreen(path, false), path).toEqual(["signed-out:my-account"]);
      expect(routed(path, false), path).toEqual(["signed-out:my-account"]);
    }
    expect(onScreen("/cart", false)).toEqual(["cart"]);
  });

  it("sends an address the table does not know home (spec §2)", () => {
    for (const path of ["/no-such-page", "/x/contacts", "/event", "/Contacts", "//contacts"]) {
      expect(matchRoute(path), path).toBeNull();
      expect(onScreen(path), path).toEqual(["home-redirect"]);
      expect(routed(path), path).toEqual(["home-redirect"]);
      // The server answers it with the shell, which the app then takes home.
      expect(pageForPath(path, ALL_MENU), path).toBe("shell");
    }
  });
});

describe("the table's matcher", () => {
  const cases: Array<[string, RouteName | null, Record<string, string>?]> = [
    ["/", "home", {}],
    ["//", "home", {}],
    ["/contacts", "contacts", {}],
    ["/contacts/", "contacts", {}],
    ["/contacts//", "contacts", {}],
    ["/%63ontacts", "contacts", {}],
    ["/for%2Dbusiness", "business", {}],
    ["/search/1003/O.Brien", "search-from-url", { id: "1003", number: "O.Brien" }],
    ["/search/1003/..", "search-from-url", { id: "1003", number: ".." }],
    ["/event/a%20b/photos/", "event-photos", { id: "a b" }],
    ["/event/a%2Fb", "event", { id: "a/b" }],
    ["/order/900001", "order-paid", { id: "900001" }],
    ["/preorder/900001", "preorder-paid", { id: "900001" }],
    ["/my-account", "my-account", {}],
    ["/my-account/order/7", "my-order", { id: "7" }],
    ["/auth-callback", "auth-callback", {}],
    ["/event/", null],
    ["/event//photos", null],
    ["/my-account/xyz", null],
    ["/index.html", null],
    ["/CART", null],
    ["/cart/x", null],
    ["", null],
  ];

  it("answers trailing slashes, percent-encoding, dots and unknown paths as the router does", () => {
    for (const [path, name, params] of cases) {
      const match = matchRoute(path);
      expect(match?.name ?? null, path).toBe(name);
      if (params) expect(match?.params, path).toEqual(params);
      // The router agrees: the same route (or home for an unknown one), the same parameters.
      if (path === "") continue;
      const router = matchRoutes(entries(true), path) ?? [];
      const last = router.at(-1);
      const shown = last?.route.element === "home-redirect" ? null : last?.route.element;
      // A default child is its parent's address: matchRoute names the parent.
      expect(shown === "my-orders" ? "my-account" : shown, path).toBe(name);
      if (params) expect(last?.params, path).toEqual(params);
    }
  });

  it("agrees with the router on any path made of the table's words, encoded or not", () => {
    const words = ["event", "photos", "search", "cart", "order", "preorder", "contacts"];
    const segment = fc.oneof(
      fc.constantFrom(...words, "for-business", "my-account", "auth-callback", "1003", "O.Brien"),
      fc.constantFrom(...words).map((w) => `%${w.charCodeAt(0).toString(16)}${w.slice(1)}`),
      fc.constantFrom("", "..", ".", "a%20b", "a%2Fb", "%E2%82%AC", "Cart", "x"),
    );
    const path = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom("", "/", "//"))
      .map(([segments, tail]) => `/${segments.join("/")}${tail}`);
    fc.assert(
      fc.property(path, (p) => {
        const match = matchRoute(p);
        const last = (matchRoutes(entries(true), p) ?? []).at(-1);
        const shown = last?.route.element === "home-redirect" ? null : last?.route.element;
        expect(shown === "my-orders" ? "my-account" : shown, p).toBe(match?.name ?? null);
        if (match) expect(last?.params, p).toEqual(match.params);
        for (const signedIn of [true, false]) {
          const router = routed(p, signedIn);
          // An address below a signed-in route the table does not know: the router shows the
          // sign-in screen, the shop goes home before asking (as it always did).
          if (match === null && router[0] !== "home-redirect") continue;
          expect(onScreen(p, signedIn), p).toEqual(router);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("finds nothing in a path that cannot be decoded: the app sends it home", () => {
    expect(matchRoute("/event/%E0%A4%A")).toBeNull();
    expect(matchPattern("/event/:id", "/event/%zz")).toBeNull();
    expect(eventIdOfPath("/event/%E0%A4%A")).toBeNull();
  });

  it("never lets two routes claim one path (but a default child its parent's): the first match is the only one", () => {
    const atParentPath = (name: RouteName) => {
      const parent = routeEntry(name).parent as RouteName | undefined;
      return parent !== undefined && routeEntry(parent).path === routeEntry(name).path;
    };
    for (const name of ROUTE_NAMES) {
      const claims = ROUTE_NAMES.filter(
        (other) => !atParentPath(other) && matchPattern(routeEntry(other).path, samplePath(name)),
      );
      expect(claims.length, name).toBe(1);
    }
  });
});

describe("the lazy screens come from the route table", () => {
  it("every screen the table names has a loader that brings a component of the module's name", async () => {
    const modules = new Set(
      ROUTE_NAMES.flatMap((name) => {
        const entry = routeEntry(name);
        return entry.signedOut ? [entry.screen, entry.signedOut] : [entry.screen];
      }),
    );
    for (const module of modules) {
      expect(existsSync(`storefront/src/screens/${module}.tsx`), module).toBe(true);
      // Every screen is a lazy chunk of its own, the first screen's too.
      const component = screenOf(module) as { preload?: () => Promise<unknown> };
      expect(component, module).toBeTypeOf("function");
      expect(component.preload, module).toBeTypeOf("function");
      const loaded = await component.preload?.();
      expect(loaded, module).toBeTruthy();
    }
  }, 120_000);

  it("the first screen (home) and a preloaded route's screen load ahead of the first render", async () => {
    expect(ROUTE_NAMES.filter((name) => routeEntry(name).firstScreen)).toEqual(["home"]);
    const home = screenOf("home/HomeScreen") as unknown as { preload(): Promise<unknown> };
    // Loaded once: a screen preloaded by its address hands back the same pending load.
    const first = home.preload();
    await expect(preloadScreenOf("/")).resolves.toBeUndefined();
    expect(home.preload()).toBe(first);
    await expect(preloadScreenOf("/event/1003")).resolves.toBeUndefined();
    await expect(preloadScreenOf("/no-such-page")).resolves.toBeUndefined();
  }, 60_000);
});

describe("the prerendered pages come from the route table", () => {
  it("prerenders whole the routes marked so, each at its route's path, and two shells", () => {
    expect(FULL_PAGES).toEqual(ROUTE_NAMES.filter((name) => routeEntry(name).page === "full"));
    expect(FULL_PAGES).toEqual(["home", "contacts", "organizers", "photographers", "business"]);
    for (const page of FULL_PAGES) expect(PAGE_PATHS[page]).toBe(routeEntry(page).path);
    expect(PAGE_PATHS["cart-shell"]).toBe(routeEntry("cart").path);
    expect(tenantPages(ALL_MENU)).toEqual([...FULL_PAGES, "cart-shell", "shell"]);
  });

  it("answers each page's own path with that page (the preview and nginx pick it by this)", () => {
    for (const page of tenantPages(ALL_MENU)) {
      expect(pageForPath(PAGE_PATHS[page as PageKind], ALL_MENU), page).toBe(page);
    }
    // The shell is rendered at an event page: a route the shell answers, with no full page.
    expect(matchRoute(PAGE_PATHS.shell)?.name).toBe("event");
    expect(SHELL_PAGES).toEqual(["shell", "cart-shell"]);
  });
});

describe("the boot plan comes from the route table", () => {
  it("preloads the screen of each page prerendered whole (home's too), and of each preloaded route", () => {
    const plan = bootScreens();
    expect(plan.pages).toEqual({
      home: "src/screens/home/HomeScreen.tsx",
      contacts: "src/screens/contacts/ContactsScreen.tsx",
      organizers: "src/screens/landing/OrganizersScreen.tsx",
      photographers: "src/screens/landing/PhotographersScreen.tsx",
      business: "src/screens/landing/BusinessScreen.tsx",
    });
    const preloaded = ROUTE_NAMES.filter((name) => routeEntry(name).preload);
    expect(preloaded).toEqual([
      "event",
      "event-photos",
      "search",
      "search-from-url",
      "cart",
      "order",
      "order-paid",
      "preorder-paid",
    ]);
    expect(plan.routes).toEqual(
      preloaded.map((name) => [routeEntry(name).path, screenManifestKey(routeEntry(name).screen)]),
    );
    for (const key of [...Object.values(plan.pages), ...plan.routes.map((r) => r[1])]) {
      expect(existsSync(`storefront/${key}`), key).toBe(true);
    }
  });

  it("is what the built boot script carries, with the table's matcher bundled in", async () => {
    const core = await buildCore();
    const plan = bootScreens();
    expect(Object.keys(core.screens)).toEqual(Object.keys(plan.pages));
    expect(core.routeScreens.map(([pattern]) => pattern)).toEqual(plan.routes.map((r) => r[0]));
    // Each preloaded route brings its screen's chunk ("EventScreen-….js").
    for (const [pattern, files] of core.routeScreens) {
      const key = plan.routes.find((r) => r[0] === pattern)?.[1] ?? "";
      const base = key.slice(key.lastIndexOf("/") + 1, -".tsx".length);
      expect(
        files.some((f) => f.startsWith(`assets/${base}-`)),
        pattern,
      ).toBe(true);
    }
    const routesJson = JSON.stringify(
      core.routeScreens.map(([pattern, files]) => [pattern, files.map((f) => `/${f}`)]),
    );
    expect(core.boot).toContain(`"routes":${routesJson}`);
    expect(core.boot).toContain("decodeURIComponent");
    expect(core.boot).not.toContain("BOOT_PLAN");
  }, 180_000);
});
