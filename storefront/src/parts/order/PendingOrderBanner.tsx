import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { href } from "../../routes.ts";
import { Link } from "../../ui/Link.tsx";

/**
 * A way back to the latest unpaid order of this device (pending orders, spec §3), once the
 * backend confirmed it still awaits payment: a paid order is never offered as unpaid.
 */
export const PendingOrderBanner = observer(function PendingOrderBanner() {
  const { t } = useLingui();
  const { pendingOrders } = useBuy();
  useEffect(() => {
    void pendingOrders.confirm();
  }, [pendingOrders]);
  const id = pendingOrders.awaiting;
  if (!id) return null;
  return (
    <aside className="pending-order" aria-label={t`Unpaid order`}>
      <p>{t`You have an order awaiting payment.`}</p>
      <Link className="button button--small" to={href("order-paid", { id })}>
        {t`Open the order`}
      </Link>
      <button type="button" className="link-button" onClick={() => pendingOrders.remove(id)}>
        {t`Dismiss`}
      </button>
    </aside>
  );
});
