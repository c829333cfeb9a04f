import { I18nProvider } from "@lingui/react";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes } from "./AppRoutes.tsx";
import { i18n } from "./i18n.ts";
import { Layout } from "./shell/Layout.tsx";
import { StoresProvider } from "./stores/context.tsx";
import type { RootStore } from "./stores/RootStore.ts";

export function App({ store }: { store: RootStore }) {
  return (
    <StoresProvider store={store}>
      <I18nProvider i18n={i18n}>
        <BrowserRouter>
          <Layout>
            <AppRoutes />
          </Layout>
        </BrowserRouter>
      </I18nProvider>
    </StoresProvider>
  );
}
