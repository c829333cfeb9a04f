import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Landing page for event organizers. */
export function OrganizersScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`For organizers`}>
      <p>{t`Photo coverage of your event with sales to participants.`}</p>
    </Screen>
  );
}
