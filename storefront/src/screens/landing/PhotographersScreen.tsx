import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Landing page for photographers. */
export function PhotographersScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`For photographers`}>
      <p>{t`Shoot sports events with us.`}</p>
    </Screen>
  );
}
