import { useLingui } from "@lingui/react";
import { useLingui as useMacro } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useStores } from "../app/stores-context.tsx";
import { Icon } from "./icons.tsx";

/**
 * Notifications area: at most 2 at once, 1 on mobile (spec §2). A notice belongs to its screen:
 * moving to another screen closes it ("Added to the cart" does not follow the runner to the
 * checkout). On a phone it sits on the app bar's strip, beside the cart button, so it never
 * covers a heading, a step indicator or a button of the screen.
 */
export const Notifications = observer(function Notifications() {
  const { i18n } = useLingui();
  const { t } = useMacro();
  const { notifications } = useStores();
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    notifications.clear();
  }, [notifications, pathname]);
  return (
    <ul className="notifications" aria-live="polite" aria-label={t`Notifications`}>
      {notifications.visible.map((n) => (
        <li key={n.id} className="notification">
          <span>{typeof n.message === "string" ? n.message : i18n._(n.message)}</span>
          <button
            type="button"
            className="bar-button"
            aria-label={t`Close`}
            onClick={() => notifications.dismiss(n.id)}
          >
            <Icon name="close" />
          </button>
        </li>
      ))}
    </ul>
  );
});
