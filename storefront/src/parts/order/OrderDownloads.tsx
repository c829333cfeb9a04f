import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { isInAppBrowser } from "../../domain/in-app-browser.ts";
import { photoListRows } from "../../domain/photo-list.ts";
import { type Purchase, photoCount } from "../../domain/purchase.ts";
import { tenantText } from "../../domain/tenant-text.ts";
import { literal } from "../../ui/literal.ts";
import { useProductNames } from "../../ui/product-names.ts";

/** Download all (zip), the photo list as CSV / Excel, the receipt and the support note. */
export const OrderDownloads = observer(function OrderDownloads({
  purchase,
  nested = false,
}: {
  purchase: Purchase;
  /** Inside a page whose own heading is an h2 (my account): the section heading is an h3. */
  nested?: boolean;
}) {
  const { t } = useLingui();
  const { downloads, settings, language } = useBuy();
  const productNames = useProductNames();
  const Heading = nested ? "h3" : "h2";
  const { key, invoiceId } = purchase;

  useEffect(() => {
    downloads.reset(key);
    if (invoiceId) void downloads.loadReceipts(invoiceId);
  }, [downloads, key, invoiceId]);

  const count = photoCount(purchase);
  const inApp = typeof navigator !== "undefined" && isInAppBrowser(navigator.userAgent);
  const archive = downloads.key === key ? downloads.archive : "idle";
  const busy = archive === "zipping" || archive === "downloading";
  const baseName = `photos-${purchase.number}`;
  const exportList = (format: "csv" | "xlsx") =>
    void downloads.exportList(
      format,
      photoListRows(
        purchase.items.map((i) => ({ ...i, product: { title: productNames.label(i.product) } })),
        window.location.origin,
      ),
      [t`Photo`, t`Product`, t`Link`],
      baseName,
    );
  const { email: supportEmail, hours } = settings.settings.support;
  // The tenant's words go into the messages as text, never as part of their markup.
  const email = literal(supportEmail);
  const from = literal(hours.from);
  const to = literal(hours.to);
  const zoneText = tenantText(hours.timeZone, language.language);
  const zone = zoneText ? literal(zoneText) : null;
  return (
    <section className="order-downloads" aria-labelledby="order-downloads-title">
      <Heading id="order-downloads-title">{t`Downloads`}</Heading>
      {count > 0 && (
        <>
          {inApp && (
            <p className="order-downloads__in-app" role="note">
              {t`This app's built-in browser may not save a zip file. Open this page in your browser (menu ⋯ → Open in browser) before downloading all photos.`}
            </p>
          )}
          <div className="order-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void downloads.downloadAll(purchase.archive, `${baseName}.zip`)}
            >
              {t`Download all (${count})`}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => exportList("csv")}
            >
              {t`Photo list (CSV)`}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => exportList("xlsx")}
            >
              {t`Photo list (Excel)`}
            </button>
          </div>
          <p className="order-downloads__status" role="status">
            {archive === "zipping" && (
              <>
                <span className="spinner" aria-hidden="true" /> {t`Zipping…`}
              </>
            )}
            {archive === "downloading" && t`Downloading the archive…`}
          </p>
          {archive === "failed" && (
            <p className="field-error" role="alert">
              {t`Could not prepare the archive. Try again or download the photos one by one.`}
            </p>
          )}
        </>
      )}
      {downloads.key === key &&
        downloads.receipts.map((r) => (
          <p key={r.receiptId}>
            <button
              type="button"
              className="link-button"
              disabled={downloads.receiptBusy}
              onClick={() => void downloads.downloadReceipt(r)}
            >
              {t`Download the receipt`}
            </button>
          </p>
        ))}
      {downloads.key === key && downloads.receiptsFailed && invoiceId && (
        <p className="field-error" role="alert">
          {t`Could not load the receipt.`}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => void downloads.loadReceipts(invoiceId)}
          >
            {t`Try again`}
          </button>
        </p>
      )}
      {downloads.receiptError && (
        <p
          className="field-error"
          role="alert"
        >{t`Could not download the receipt. Try again later.`}</p>
      )}
      <p className="order-downloads__support">
        {zone ? (
          <Trans>
            We have also sent the download links by e-mail. If the e-mail has not arrived within one
            hour, contact support at <a href={`mailto:${supportEmail}`}>{email}</a> (Mon–Fri {from}–
            {to} {zone}).
          </Trans>
        ) : (
          <Trans>
            We have also sent the download links by e-mail. If the e-mail has not arrived within one
            hour, contact support at <a href={`mailto:${supportEmail}`}>{email}</a> (Mon–Fri {from}–
            {to}).
          </Trans>
        )}
      </p>
    </section>
  );
});
