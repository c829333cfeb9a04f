import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Event page (/event/{id}). */
export function EventScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Event`}>
      <p>{t`Photos of this event will appear here.`}</p>
    </Screen>
  );
}
