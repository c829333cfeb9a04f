import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useRouteName, useRouteParams } from "../../app/route-context.tsx";
import { useStores } from "../../app/stores-context.tsx";
import { useBuy } from "../../app/use-buy.ts";
import { ORDER_STATE_LABELS } from "../../domain/order.ts";
import { purchaseOfOrder, purchaseOfPreorder } from "../../domain/purchase.ts";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { offlineOf } from "../../stores/OfflineOrdersStore.ts";
import { Link } from "../../ui/Link.tsx";
import { PaidOrder } from "./PaidOrder.tsx";

/**
 * /order/{id} and /preorder/{id}: checks the payment after the bank (only the server's word
 * counts: query parameters are ignored), then the paid order with its downloads.
 *
 * One visitor's page, never a search result: React puts the robots tag in the document's head
 * while the screen is shown. The route is answered by the shell that event pages share (they are
 * indexed), so the tag comes with the screen, in its lazy chunk.
 */
export function OrderPaidScreen() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <OrderPaidScreenView />
    </>
  );
}

const OrderPaidScreenView = observer(function OrderPaidScreenView() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const shop = useBuy();
  const store = shop.order;
  // The paid orders kept for offline: each order shown as paid is kept, and says so.
  const offline = offlineOf(shop, useStores().env);
  const { id = "" } = useRouteParams();
  const preorder = useRouteName() === "preorder-paid";
  const navigate = useNavigate();
  const kind = preorder ? "preorder" : "order";

  useEffect(() => {
    void store.open(kind, id);
    return () => store.close();
  }, [store, kind, id]);

  const order = store.id === id ? store.order : null;
  const number = order?.number ?? store.preorder?.number;
  const title = number ? t`Order № ${number}` : t`Your order`;
  const phase = store.id === id ? store.phase : "loading";

  if (phase === "loading" || phase === "checking") {
    return (
      <Screen title={title}>
        <div className="order-check" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>{t`Checking the payment. Do not close the page.`}</p>
        </div>
      </Screen>
    );
  }
  if (phase === "failed") {
    return (
      <Screen title={title}>
        <p role="alert" className="order-error">
          {store.errorStatus === 404
            ? t`Order not found. Check the link in your e-mail.`
            : t`Could not load the order. Try again later.`}
        </p>
        <button type="button" className="button" onClick={() => void store.open(kind, id)}>
          {t`Try again`}
        </button>
      </Screen>
    );
  }
  if (phase === "paid") {
    const purchase = order
      ? purchaseOfOrder(order)
      : store.preorder
        ? purchaseOfPreorder(store.preorder)
        : null;
    return (
      <Screen title={title}>
        <p className="order-state order-state--paid">
          {t`Status`}: {i18n._(ORDER_STATE_LABELS.Completed)}
        </p>
        {purchase && <PaidOrder purchase={purchase} paymentTypeId={store.payment?.paymentTypeId} />}
        {/* Below the order: appearing once the order is kept, it moves nothing above it. */}
        {order && offline.isKept(order.orderId) && (
          <p className="order-offline">{t`Kept on this device: this order opens without a network.`}</p>
        )}
      </Screen>
    );
  }
  const changeMethod = () => navigate(href("order"), { state: { orderId: id } });
  if (phase === "declined") {
    return (
      <Screen title={title}>
        <div className="order-declined" role="alert">
          <p className="order-declined__title">{t`Something went wrong...`}</p>
          <p>{t`Try again or change the Payment Method`}</p>
        </div>
        {store.retryError && <p role="alert">{t`Unable to pay the order`}</p>}
        <div className="order-actions">
          <button
            type="button"
            className="button"
            disabled={store.retrying}
            onClick={() => void store.retry()}
          >
            {t`Try again`}
          </button>
          <button type="button" className="button button--secondary" onClick={changeMethod}>
            {t`Change the payment method`}
          </button>
        </div>
      </Screen>
    );
  }
  const state = phase === "canceled" ? "Canceled" : "AwaitingPayment";
  return (
    <Screen title={title}>
      <p className={`order-state order-state--${phase}`}>
        {t`Status`}: {i18n._(ORDER_STATE_LABELS[state])}
      </p>
      {phase === "awaiting" && !preorder && (
        <div className="order-actions">
          <button type="button" className="button" onClick={changeMethod}>
            {t`Pay for the order`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void store.open(kind, id)}
          >
            {t`Check again`}
          </button>
        </div>
      )}
      {phase === "canceled" && (
        <Link className="button" to={href("home")}>
          {t`Find your photos`}
        </Link>
      )}
    </Screen>
  );
});
