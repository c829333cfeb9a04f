import { observer } from "mobx-react-lite";
import { type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { useStores } from "./app/stores-context.tsx";
import { menuAllows } from "./domain/menu.ts";
import { type RouteName, routes } from "./routes.ts";
import { HomeScreen } from "./screens/home/HomeScreen.tsx";
import { screens } from "./screens/lazy.ts";
import { useHydrated, useServedShell } from "./shell/hydration.tsx";
import { ScreenBoundary } from "./shell/ScreenBoundary.tsx";
import { ScreenLoading } from "./shell/ScreenLoading.tsx";

/** The route table of spec §2. Home is in the first chunk; every other screen is lazy. */
export const AppRoutes = observer(function AppRoutes() {
  const { auth } = useStores();
  const S = screens;
  // A prerendered shell shows its loading state until hydrated, on the server and the client alike.
  const shell = useServedShell();
  const hydrated = useHydrated();
  const waiting = shell && !hydrated;
  return (
    <ScreenBoundary>
      <Suspense fallback={<ScreenLoading />}>
        {waiting ? (
          <ScreenLoading />
        ) : (
          <Routes>
            <Route path={routes.home.path} element={<HomeScreen />} />
            <Route path={routes.event.path} element={<S.Event />} />
            <Route path={routes["event-photos"].path} element={<S.EventPhotos />} />
            <Route path={routes.search.path} element={<S.Search />} />
            <Route path={routes["search-from-url"].path} element={<S.Search />} />
            <Route path={routes.cart.path} element={<S.Cart />} />
            <Route path={routes.order.path} element={<S.Checkout />} />
            <Route path={routes["order-paid"].path} element={<S.OrderPaid />} />
            <Route path={routes["preorder-paid"].path} element={<S.OrderPaid />} />
            <Route path={routes.contacts.path} element={<S.Contacts />} />
            <Route
              path={routes.organizers.path}
              element={<InMenu route="organizers" element={<S.Organizers />} />}
            />
            <Route
              path={routes.photographers.path}
              element={<InMenu route="photographers" element={<S.Photographers />} />}
            />
            <Route
              path={routes.business.path}
              element={<InMenu route="business" element={<S.Business />} />}
            />
            <Route path={routes["auth-callback"].path} element={<S.AuthCallback />} />
            {auth.signedIn ? (
              <Route path={routes["my-account"].path} element={<S.MyAccount />}>
                <Route index element={<S.MyOrders />} />
                <Route path="order/:id" element={<S.MyOrder />} />
              </Route>
            ) : (
              <Route path={`${routes["my-account"].path}/*`} element={<S.SignInRequired />} />
            )}
            <Route path="*" element={<Navigate to={routes.home.path} replace />} />
          </Routes>
        )}
      </Suspense>
    </ScreenBoundary>
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
  if (!menuAllows(settings.settings.menu, route)) return <Navigate to={routes.home.path} replace />;
  return element;
});
