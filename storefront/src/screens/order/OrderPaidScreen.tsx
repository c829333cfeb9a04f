import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Paid order and pre-order page (/order/{id}, /preorder/{id}). */
export function OrderPaidScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Your order`}>
      <p>{t`Your order and its downloads will appear here.`}</p>
    </Screen>
  );
}
