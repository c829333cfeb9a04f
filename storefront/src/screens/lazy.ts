import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";

/** A lazy screen whose chunk load gives up after 120 s (spec §9) instead of hanging forever. */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((m) => ({ default: m[name] as ComponentType })),
  );
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
