import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useRouteParams } from "../../app/route-context.tsx";
import { useBuy } from "../../app/use-buy.ts";
import { formatMoney } from "../../domain/money.ts";
import { onePhoto, purchaseOfOrder } from "../../domain/purchase.ts";
import { lineKey, photosToSave } from "../../domain/save-photos.ts";
import { GiftCodes } from "../../parts/order/GiftCodes.tsx";
import { OrderDownloads } from "../../parts/order/OrderDownloads.tsx";
import { PhotoDownload } from "../../parts/order/PhotoDownload.tsx";
import { SaveAllPhotos } from "../../parts/order/SaveAllPhotos.tsx";
import { href } from "../../routes.ts";
import { Link } from "../../ui/Link.tsx";
import { useProductNames } from "../../ui/product-names.ts";
import { formatOrderDate, ORDER_STATE_LABELS } from "./order-labels.ts";

/** One order of the signed-in user (/my-account/order/{id}): its items and downloads. */
export const MyOrderScreen = observer(function MyOrderScreen() {
  const { t, i18n } = useLingui();
  const { account, language, ui, settings } = useBuy();
  const productNames = useProductNames();
  const { id = "" } = useRouteParams();
  const lang = language.language;

  useEffect(() => {
    void account.open(id);
  }, [account, id]);

  const order = account.order?.orderId === id ? account.order : null;
  const purchase =
    order && account.orderState === "done" ? purchaseOfOrder(order, account.items) : null;
  // Each photo's file under a readable name, as on the paid order's page ("Save all" too).
  const files = purchase && photosToSave(purchase, settings.settings.tenantName).byLine;
  const lineNames = productNames.lines(
    account.items.map((i) => ({ product: i.product, photoId: onePhoto(i.product, i.photos) })),
  );
  return (
    <section
      className="my-order"
      aria-labelledby="my-order-title"
      aria-busy={account.orderState === "loading"}
    >
      <p>
        <Link to={href("my-orders")}>{t`All orders`}</Link>
      </p>
      <h2 id="my-order-title">{order ? t`Order № ${order.number}` : t`Order details`}</h2>
      {account.orderState === "failed" && <p role="alert">{t`Could not load this order.`}</p>}
      {order && (
        <dl className="order-summary">
          <dt>{t`Date`}</dt>
          <dd>{formatOrderDate(order.createdOn, lang)}</dd>
          <dt>{t`Status`}</dt>
          <dd>{i18n._(ORDER_STATE_LABELS[order.state])}</dd>
          <dt>{t`E-mail`}</dt>
          <dd>{order.customer.email}</dd>
          <dt>{t`Total`}</dt>
          <dd>{formatMoney(order.totalAmount, order.currencyId, lang)}</dd>
        </dl>
      )}
      {order?.state === "Completed" && purchase && ui.touch && (
        <SaveAllPhotos purchase={purchase} />
      )}
      {account.orderState === "done" && (
        <ul className="order-items">
          {account.items.map((item, n) => (
            <li key={item.orderItemId} className="order-item">
              <span className="order-item__title">{lineNames[n]}</span>
              <span className="order-item__price">
                {order ? formatMoney(item.totalPrice, order.currencyId, lang) : null}
              </span>
              {item.photos.length > 0 && (
                <ul className="paid-item__photos">
                  {item.photos.map((p) => (
                    <PhotoDownload
                      key={p.photoId}
                      photo={p}
                      file={files?.get(lineKey(item.orderItemId, p.photoId))}
                    />
                  ))}
                </ul>
              )}
              <GiftCodes codes={(item.promotionalCodes ?? []).map((c) => c.code)} />
            </li>
          ))}
        </ul>
      )}
      {order?.state === "Completed" && purchase && <OrderDownloads purchase={purchase} nested />}
      {order?.state === "Completed" && (
        <p>
          <Link
            to={href("order-paid", { id: order.orderId })}
          >{t`Open the order page with all downloads`}</Link>
        </p>
      )}
    </section>
  );
});
