import { useLingui } from "@lingui/react";
import { observer } from "mobx-react-lite";
import { useStores } from "../app/stores-context.tsx";
import { menuEntries } from "../domain/menu.ts";
import { NavLink } from "../ui/Link.tsx";
import { MENU_LABELS } from "./labels.ts";

/** The tenant's menu items (spec §2); used inline on desktop and in the drawer. */
export const NavLinks = observer(function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const { settings, auth } = useStores();
  const entries = menuEntries(settings.settings.menu, auth.signedIn);
  return (
    <ul className="nav-links">
      {entries.map((e) => {
        const label = MENU_LABELS[e.route];
        return (
          <li key={e.route}>
            <NavLink to={e.path} end={e.route === "home"} onClick={onNavigate}>
              {label ? i18n._(label) : e.route}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
});
