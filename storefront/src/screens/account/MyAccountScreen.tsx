import { useLingui } from "@lingui/react/macro";
import { Outlet } from "react-router-dom";
import { Screen } from "../../ui/Screen.tsx";

/** My account (/my-account); the router mounts it only for signed-in users. */
export function MyAccountScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`My account`}>
      <Outlet />
    </Screen>
  );
}
