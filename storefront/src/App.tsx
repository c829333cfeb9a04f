import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes } from "./AppRoutes.tsx";
import { StoresProvider } from "./app/stores-context.tsx";
import { i18n } from "./i18n.ts";
import { ServedShellProvider } from "./shell/hydration.tsx";
import { Layout } from "./shell/Layout.tsx";
import type { RootStore } from "./stores/RootStore.ts";

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/**
 * The whole app. The browser routes by its address; the build's prerender passes a static
 * router. `shell`: this page is (or hydrates) a prerendered shell, so the route's content waits.
 */
export function App({
  store,
  shell = false,
  router = browserRouter,
}: {
  store: RootStore;
  shell?: boolean;
  router?: (children: ReactNode) => ReactNode;
}) {
  return (
    <StoresProvider store={store}>
      <I18nProvider i18n={i18n}>
        <ServedShellProvider value={shell}>
          {router(
            <Layout>
              <AppRoutes />
            </Layout>,
          )}
        </ServedShellProvider>
      </I18nProvider>
    </StoresProvider>
  );
}
