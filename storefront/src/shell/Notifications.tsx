import { useLingui } from "@lingui/react";
import { useLingui as useMacro } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/context.tsx";
import { Icon } from "./icons.tsx";

/** Notifications area: at most 2 at once, 1 on mobile (spec §2). */
export const Notifications = observer(function Notifications() {
  const { i18n } = useLingui();
  const { t } = useMacro();
  const { notifications } = useStores();
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
