import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { formatMoney } from "../../domain/money.ts";
import { href } from "../../routes.ts";
import { Link } from "../../ui/Link.tsx";
import { formatOrderDate, ORDER_STATE_LABELS } from "./order-labels.ts";

/** Order history, the default child of /my-account: newest first, with "Show more". */
export const MyOrdersScreen = observer(function MyOrdersScreen() {
  const { t, i18n } = useLingui();
  const { account, language } = useBuy();
  const lang = language.language;

  useEffect(() => {
    void account.load();
  }, [account]);

  return (
    <section
      className="my-orders"
      aria-labelledby="my-orders-title"
      aria-busy={account.state === "loading"}
    >
      <h2 id="my-orders-title">{t`My orders`}</h2>
      {account.state === "done" && account.orders.length === 0 && (
        <p>{t`You have no orders yet.`}</p>
      )}
      {account.orders.length > 0 && (
        <ul className="order-list">
          {account.orders.map((o) => (
            <li key={o.orderId} className="order-row">
              <Link to={href("my-order", { id: o.orderId })} className="order-row__number">
                {t`Order № ${o.number}`}
              </Link>
              <span className="order-row__date">{formatOrderDate(o.createdOn, lang)}</span>
              <span className={`order-row__state order-row__state--${o.state}`}>
                {i18n._(ORDER_STATE_LABELS[o.state])}
              </span>
              <span className="order-row__total">
                {formatMoney(o.totalAmount, o.currencyId, lang)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {account.state === "failed" && (
        <p role="alert">
          {t`Could not load your orders.`}{" "}
          <button type="button" className="link-button" onClick={() => void account.showMore()}>
            {t`Try again`}
          </button>
        </p>
      )}
      {account.state === "loading" && (
        <span className="spinner" role="status" aria-label={t`Loading`} />
      )}
      {account.hasMore && account.state !== "loading" && (
        <button type="button" className="button" onClick={() => void account.showMore()}>
          {t`Show more`}
        </button>
      )}
    </section>
  );
});
