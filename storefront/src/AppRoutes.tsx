import { observer } from "mobx-react-lite";
import { createElement, type ReactNode, Suspense } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { RouteProvider } from "./app/route-context.tsx";
import { useStores } from "./app/stores-context.tsx";
import { menuAllows } from "./domain/menu.ts";
import { type RouteName, routeEntry, routes, routeView } from "./routes.ts";
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

/** The screen of a route, a landing page only where the tenant's menu lists it. */
function screenElement(name: RouteName): ReactNode {
  const element = createElement(screenOf(routeEntry(name).screen));
  return routeEntry(name).inMenu ? <InMenu route={name} element={element} /> : element;
}

/**
 * The screen the table's matcher finds for the address (the boot script, the prerender and the
 * server ask it too), a child route inside its parent's screen; an address it does not know, or
 * cannot decode, goes home (spec §2), as does a signed-in route a tenant has no sign-in screen for.
 */
const RouteTable = observer(function RouteTable() {
  const { auth } = useStores();
  const view = routeView(useLocation().pathname, auth.signedIn);
  if (!view) return home;
  if (view.signedOut) {
    const module = routeEntry(view.screen).signedOut;
    return module ? (
      <RouteProvider view={view} child={null}>
        {createElement(screenOf(module))}
      </RouteProvider>
    ) : (
      home
    );
  }
  return (
    <RouteProvider view={view} child={view.child && screenElement(view.child)}>
      {screenElement(view.screen)}
    </RouteProvider>
  );
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
