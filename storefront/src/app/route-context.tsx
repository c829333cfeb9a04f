import { createContext, type ReactNode, useContext } from "react";
import type { RouteName, RouteParams, RouteView } from "../routes.ts";

interface Shown {
  view: RouteView;
  /** The element of the child route shown inside the screen, if any. */
  child: ReactNode;
}

const RouteContext = createContext<Shown | null>(null);

/** What AppRoutes shows: the route a screen stands for, its parameters and its child's element. */
export function RouteProvider({ view, child, children }: Shown & { children: ReactNode }) {
  return <RouteContext.Provider value={{ view, child }}>{children}</RouteContext.Provider>;
}

function useShown(): Shown {
  const shown = useContext(RouteContext);
  if (!shown) throw new Error("a screen's route needs <RouteProvider> (AppRoutes)");
  return shown;
}

/** The parameters of the route on screen, decoded ("/event/a%20b" has the id "a b"). */
export function useRouteParams(): RouteParams {
  return useShown().view.match.params;
}

/** The name of the route the address is (a screen shown at two routes tells them apart). */
export function useRouteName(): RouteName {
  return useShown().view.match.name;
}

/** Where a screen shows its child route (My account: the orders, or one order). */
export function RouteOutlet() {
  return <>{useShown().child}</>;
}
