import { useLingui } from "@lingui/react/macro";
import { Screen } from "../../ui/Screen.tsx";

/** Checkout with the steps Order and Payment (/order). */
export function CheckoutScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Checkout`}>
      <p>{t`Enter your email address and choose a payment method.`}</p>
    </Screen>
  );
}
