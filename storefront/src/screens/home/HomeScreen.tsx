import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/context.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** Home: event search and recent searches (the first screen, in the main chunk). */
export const HomeScreen = observer(function HomeScreen() {
  const { t } = useLingui();
  const { settings } = useStores();
  return (
    <Screen title={settings.settings.tenantName}>
      <p className="lead">{t`Find and buy photos of yourself from sports events.`}</p>
    </Screen>
  );
});
