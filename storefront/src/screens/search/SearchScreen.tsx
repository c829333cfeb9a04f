import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Participant search results (/search, /search/{id}/{number}). */
export function SearchScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Search results`}>
      <p>{t`Photos by number / last name will be available later, please use the face search.`}</p>
    </Screen>
  );
}
