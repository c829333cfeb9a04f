import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { useStores } from "../app/stores-context.tsx";
import { wrapFocus } from "../ui/focus-wrap.ts";
import { Icon } from "./icons.tsx";
import { NavLinks } from "./NavLinks.tsx";

/**
 * Side drawer for small and medium screens. A modal <dialog> gives Esc and the inert
 * background for free, Tab wraps around inside it; focus returns to the menu button when it
 * closes.
 */
export const Drawer = observer(function Drawer() {
  const { t } = useLingui();
  const { ui } = useStores();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (ui.drawerOpen && !d.open) d.showModal();
    if (!ui.drawerOpen && d.open) d.close();
  }, [ui.drawerOpen]);

  const close = () => ui.setDrawerOpen(false);

  return (
    // A click on the backdrop closes it; the keyboard closes a modal dialog with Esc natively.
    <dialog
      id="drawer"
      ref={dialog}
      className="drawer"
      aria-label={t`Menu`}
      // The dialog's close event comes a task after close(): if the menu was opened again in
      // between (a quick Enter on the menu button), the late event must not shut it.
      onClose={() => {
        if (!dialog.current?.open) close();
      }}
      onKeyDown={wrapFocus}
      onClick={(e) => {
        if (e.target === e.currentTarget) close(); // a click on the backdrop
      }}
    >
      <nav aria-label={t`Main menu`}>
        <button
          type="button"
          className="bar-button drawer__close"
          aria-label={t`Close menu`}
          onClick={close}
        >
          <Icon name="close" />
        </button>
        <NavLinks onNavigate={close} />
      </nav>
    </dialog>
  );
});
