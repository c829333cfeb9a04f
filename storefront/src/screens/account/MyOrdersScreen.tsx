import { useLingui } from "@lingui/react/macro";

/** Order history, the default child of /my-account. */
export function MyOrdersScreen() {
  const { t } = useLingui();
  return (
    <section aria-label={t`My orders`}>
      <p>{t`You have no orders yet.`}</p>
    </section>
  );
}
