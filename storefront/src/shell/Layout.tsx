import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { type ReactNode, useEffect } from "react";
import { useStores } from "../app/stores-context.tsx";
import { BREAKPOINTS } from "../domain/constants.ts";
import { AppBar } from "./AppBar.tsx";
import { Drawer } from "./Drawer.tsx";
import { Footer } from "./Footer.tsx";
import { FramePickerHost } from "./FramePickerHost.tsx";
import { Notifications } from "./Notifications.tsx";
import { Snackbar } from "./Snackbar.tsx";
import { useScrollRestoration } from "./useScrollRestoration.ts";

/** The app shell: bar, drawer, main content, footer, notifications and the error snackbar. */
export const Layout = observer(function Layout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { ui, settings } = useStores();
  useScrollRestoration(settings.settings.id);

  useEffect(() => {
    // Only breakpoint crossings matter, so listen to media queries rather than every resize.
    const queries = [BREAKPOINTS.tablet, BREAKPOINTS.desktop].map((px) =>
      window.matchMedia(`(min-width: ${px}px)`),
    );
    const update = () => ui.setWidth(window.innerWidth);
    for (const q of queries) q.addEventListener("change", update);
    return () => {
      for (const q of queries) q.removeEventListener("change", update);
    };
  }, [ui]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <AppBar />
      <Drawer />
      <Notifications />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <FramePickerHost />
      <Snackbar />
    </div>
  );
});
