import { observer } from "mobx-react-lite";
import { createElement, type ReactNode, Suspense, useMemo } from "react";
import { Navigate, useLocation, useRoutes } from "react-router-dom";
import { useStores } from "./app/stores-context.tsx";
import { menuAllows } from "./domain/menu.ts";
import { type RouteElements, routerEntries } from "./router-entries.ts";
import { matchRoute, type RouteName, routeEntry, routes } from "./routes.ts";
import { screenOf } from "./screens/lazy.ts";
import { useHydrated, useServedShell } from "./shell/hydration.tsx";
import { ScreenBoundary } from "./shell/ScreenBoundary.tsx";
import { ScreenLoading } from "./shell/ScreenLoading.tsx";

/** The route table of spec §2 (routes.ts). Home is in the first chunk; every other screen is lazy. */
export const AppRoutes = observer(function AppRoutes() {
  // A prerendered shell shows its loading state until hydrated, on the server and the client alike.
  const shell = useServedShell();
  const hydrated = useHydrated();
  const waiting = shell && !hydrated;
  return (
    <ScreenBoundary>
      <Suspense fallback={<ScreenLoading />}>
        {waiting ? <ScreenLoading /> : <RouteTable />}
      </Suspense>
    </ScreenBoundary>
  );
});

const home = <Navigate to={routes.home.path} replace />;

/** The screen of each route, a landing page only where the tenant's menu lists it. */
const ELEMENTS: RouteElements = {
  screen(name) {
    const element = createElement(screenOf(routeEntry(name).screen));
    return routeEntry(name).inMenu ? <InMenu route={name} element={element} /> : element;
  },
  signedOut(name) {
    const module = routeEntry(name).signedOut;
    return module ? createElement(screenOf(module)) : home;
  },
  unknown: home,
};

const RouteTable = observer(function RouteTable() {
  const { auth } = useStores();
  const { pathname } = useLocation();
  const entries = useMemo(() => routerEntries(auth.signedIn, ELEMENTS), [auth.signedIn]);
  const element = useRoutes(entries);
  // The table's matcher decides which route a path is (the boot script and the server ask it
  // too): an address it does not know, or cannot decode, goes home (spec §2).
  return matchRoute(pathname) ? element : home;
});

/** A landing page only where the tenant's menu lists it (spec §2); elsewhere home. */
const InMenu = observer(function InMenu({
  route,
  element,
}: {
  route: RouteName;
  element: ReactNode;
}) {
  const { settings } = useStores();
  if (!menuAllows(settings.settings.menu, route)) return home;
  return element;
});
