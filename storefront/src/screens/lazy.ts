import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from "react";
import { matchPath } from "react-router-dom";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { type RouteName, routes } from "../routes.ts";

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

/**
 * The screen behind each route a prerendered shell answers (the build preloads the same screens'
 * chunks from the boot script: cli/build/core.ts, SHELL_ROUTE_SCREENS).
 */
export const SHELL_ROUTE_SCREENS: ReadonlyArray<readonly [RouteName, LazyScreen]> = [
  ["event", screens.Event],
  ["event-photos", screens.EventPhotos],
  ["search", screens.Search],
  ["search-from-url", screens.Search],
  ["cart", screens.Cart],
  ["order", screens.Checkout],
  ["order-paid", screens.OrderPaid],
  ["preorder-paid", screens.OrderPaid],
];

/** Loads the screen of a shell route's address ahead of the first render; a failure is left to the screen's own load. */
export function preloadScreenOf(path: string): Promise<void> {
  const found = SHELL_ROUTE_SCREENS.find(([route]) => matchPath(routes[route].path, path));
  if (!found) return Promise.resolve();
  return found[1].preload().then(
    () => undefined,
    () => undefined,
  );
}
