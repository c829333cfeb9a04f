import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Event photo report (/event/{id}/photos). */
export function EventPhotosScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Event photos`}>
      <p>{t`My photos and all photos of the event will appear here.`}</p>
    </Screen>
  );
}
