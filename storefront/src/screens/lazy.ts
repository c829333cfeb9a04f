import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from "react";
import { matchPath } from "react-router-dom";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { routes } from "../routes.ts";
import { SHELL_ROUTE_SCREENS, type ShellScreenModule } from "../shell-routes.ts";

/** A lazy screen that can also be loaded ahead of its first render. */
export interface LazyScreen {
  (): ReturnType<typeof createElement>;
  /** Loads (and evaluates) the screen's chunk; a render after this needs no Suspense. */
  preload(): Promise<unknown>;
}

/**
 * A lazy screen whose chunk load gives up after 120 s (spec §9) instead of hanging forever.
 * Loaded ahead (`preload`, as main.tsx does for the address a visitor opens), it renders at once:
 * no loading state in between, so an event page shared after a race shows the event sooner. The
 * choice is made once per mount, so a screen is never remounted when its chunk arrives.
 */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const get = () => {
    pending ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((m) => {
      loaded = m[name] as ComponentType;
      return loaded;
    });
    return pending;
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(() =>
    get().then((component) => ({ default: component })),
  );
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  Screen.displayName = name;
  Screen.preload = () => get();
  return Screen;
}

export const screens = {
  Event: screen(() => import("./event/EventScreen.tsx"), "EventScreen"),
  EventPhotos: screen(() => import("./event/EventPhotosScreen.tsx"), "EventPhotosScreen"),
  Search: screen(() => import("./search/SearchScreen.tsx"), "SearchScreen"),
  Cart: screen(() => import("./cart/CartScreen.tsx"), "CartScreen"),
  Checkout: screen(() => import("./order/CheckoutScreen.tsx"), "CheckoutScreen"),
  OrderPaid: screen(() => import("./order/OrderPaidScreen.tsx"), "OrderPaidScreen"),
  Contacts: screen(() => import("./contacts/ContactsScreen.tsx"), "ContactsScreen"),
  Organizers: screen(() => import("./landing/OrganizersScreen.tsx"), "OrganizersScreen"),
  Photographers: screen(() => import("./landing/PhotographersScreen.tsx"), "PhotographersScreen"),
  Business: screen(() => import("./landing/BusinessScreen.tsx"), "BusinessScreen"),
  MyAccount: screen(() => import("./account/MyAccountScreen.tsx"), "MyAccountScreen"),
  MyOrders: screen(() => import("./account/MyOrdersScreen.tsx"), "MyOrdersScreen"),
  MyOrder: screen(() => import("./account/MyOrderScreen.tsx"), "MyOrderScreen"),
  AuthCallback: screen(() => import("./account/AuthCallbackScreen.tsx"), "AuthCallbackScreen"),
  SignInRequired: screen(
    () => import("./account/SignInRequiredScreen.tsx"),
    "SignInRequiredScreen",
  ),
};

/** The lazy screen of each shell route's module (the table is in shell-routes.ts). */
const SHELL_SCREENS: Record<ShellScreenModule, LazyScreen> = {
  "src/screens/event/EventScreen.tsx": screens.Event,
  "src/screens/event/EventPhotosScreen.tsx": screens.EventPhotos,
  "src/screens/search/SearchScreen.tsx": screens.Search,
  "src/screens/cart/CartScreen.tsx": screens.Cart,
  "src/screens/order/CheckoutScreen.tsx": screens.Checkout,
  "src/screens/order/OrderPaidScreen.tsx": screens.OrderPaid,
};

/** Loads the screen of a shell route's address ahead of the first render; a failure is left to the screen's own load. */
export function preloadScreenOf(path: string): Promise<void> {
  const found = SHELL_ROUTE_SCREENS.find(([route]) => matchPath(routes[route].path, path));
  if (!found) return Promise.resolve();
  return SHELL_SCREENS[found[1]].preload().then(
    () => undefined,
    () => undefined,
  );
}
