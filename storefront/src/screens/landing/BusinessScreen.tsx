import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Landing page for business. */
export function BusinessScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`For business`}>
      <p>{t`Advertising and partner brand zones at sports events.`}</p>
    </Screen>
  );
}
