import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Cart (/cart). */
export function CartScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Cart`}>
      <p>{t`Your cart is empty.`}</p>
    </Screen>
  );
}
