import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../../app/stores-context.tsx";
import { formatMoney } from "../../domain/money.ts";
import type { Purchase } from "../../domain/purchase.ts";
import { lineKey, photosToSave } from "../../domain/save-photos.ts";
import { GiftCodes } from "../../parts/order/GiftCodes.tsx";
import { OrderDownloads } from "../../parts/order/OrderDownloads.tsx";
import { PhotoDownload } from "../../parts/order/PhotoDownload.tsx";
import { SaveAllPhotos } from "../../parts/order/SaveAllPhotos.tsx";
import { useProductNames } from "../../ui/product-names.ts";
import { PAYMENT_TYPE_LABELS } from "./payment-labels.ts";

/** A paid order or pre-order: items, discounts, payment method, each photo and all downloads. */
export const PaidOrder = observer(function PaidOrder({
  purchase,
  paymentTypeId,
}: {
  purchase: Purchase;
  paymentTypeId?: string | undefined;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { language, ui, settings } = useStores();
  const productNames = useProductNames();
  const currency = purchase.currencyId;
  const money = (n: number) =>
    currency === null ? "" : formatMoney(n, currency, language.language);
  const method =
    paymentTypeId ?? (purchase.total === 0 && (purchase.discount ?? 0) > 0 ? "Discount" : null);
  const methodLabel = method ? PAYMENT_TYPE_LABELS[method] : undefined;
  const lineNames = productNames.lines(purchase.items);
  // Each photo's file under a readable name: the shop, the order's number, its place.
  const files = photosToSave(purchase, settings.settings.tenantName).byLine;
  return (
    <div className="paid-order">
      {ui.touch && <SaveAllPhotos purchase={purchase} />}
      <ul className="paid-order__items">
        {purchase.items.map((item, n) => (
          <li key={item.id} className="paid-item">
            <div className="paid-item__head">
              <span className="paid-item__title">{lineNames[n]}</span>
              {item.price !== null && <span className="paid-item__price">{money(item.price)}</span>}
            </div>
            {item.photos.length > 0 && (
              <ul className="paid-item__photos">
                {item.photos.map((p) => (
                  <PhotoDownload
                    key={lineKey(item.id, p.photoId)}
                    photo={p}
                    file={files.get(lineKey(item.id, p.photoId))}
                  />
                ))}
              </ul>
            )}
            <GiftCodes codes={item.codes} />
          </li>
        ))}
      </ul>
      {purchase.total !== null && (
        <dl className="paid-order__totals">
          {(purchase.discount ?? 0) > 0 && (
            <div className="paid-order__discount">
              <dt>{t`Discounts`}</dt>
              <dd>−{money(purchase.discount ?? 0)}</dd>
            </div>
          )}
          <div>
            <dt>{t`Total`}</dt>
            <dd>{money(purchase.total)}</dd>
          </div>
          {method && (
            <div className="paid-order__method">
              <dt>{t`Payment method`}</dt>
              <dd>{methodLabel ? i18n._(methodLabel) : method}</dd>
            </div>
          )}
        </dl>
      )}
      <OrderDownloads purchase={purchase} />
    </div>
  );
});
