import { useLingui } from "@lingui/react/macro";

/** One order of the signed-in user. */
export function MyOrderScreen() {
  const { t } = useLingui();
  return (
    <section aria-label={t`Order details`}>
      <p>{t`The items of this order will appear here.`}</p>
    </section>
  );
}
