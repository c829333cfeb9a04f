import type { RouteName } from "./routes.ts";

/**
 * The lazy screen behind each route a prerendered shell answers, by its module (spec §2). One
 * table for both sides: the app loads the screen before its first render (`screens/lazy.ts`,
 * `preloadScreenOf`) and the build preloads the same module's chunks from the boot script
 * (`cli/build/core.ts`), so a deep link (an event page shared after a race) fetches its screen
 * beside the entry: one round trip on a slow phone instead of two.
 */
export const SHELL_ROUTE_SCREENS = [
  ["event", "src/screens/event/EventScreen.tsx"],
  ["event-photos", "src/screens/event/EventPhotosScreen.tsx"],
  ["search", "src/screens/search/SearchScreen.tsx"],
  ["search-from-url", "src/screens/search/SearchScreen.tsx"],
  ["cart", "src/screens/cart/CartScreen.tsx"],
  ["order", "src/screens/order/CheckoutScreen.tsx"],
  ["order-paid", "src/screens/order/OrderPaidScreen.tsx"],
  ["preorder-paid", "src/screens/order/OrderPaidScreen.tsx"],
] as const satisfies ReadonlyArray<readonly [RouteName, string]>;

/** A module of a shell route's screen, relative to the storefront folder. */
export type ShellScreenModule = (typeof SHELL_ROUTE_SCREENS)[number][1];
