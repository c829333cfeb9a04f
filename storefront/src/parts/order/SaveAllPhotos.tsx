import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../../app/stores-context.tsx";
import { useBuy } from "../../app/use-buy.ts";
import type { Purchase } from "../../domain/purchase.ts";
import { backgroundOf } from "../../stores/BackgroundPhotosStore.ts";
import { saveAllOf } from "../../stores/SaveAllStore.ts";
import "./save-all.scss";

/**
 * On a phone, above the bought photos: "Save all to Photos" hands them to the share sheet ten
 * at a time ("Save the next 10" between groups), with progress, going on where it stopped after
 * a closed sheet or a reload; where files cannot be shared, they download one after another.
 * Never a zip here: a phone's photo library cannot open one (the zip stays below, as a choice).
 * Where the browser downloads in the background (Chromium on Android), a purchase of more photos
 * than one share takes also offers "Download in the background": the browser fetches them with
 * its own progress, the page may be closed meanwhile, and "Save all" then needs no network.
 */
export const SaveAllPhotos = observer(function SaveAllPhotos({ purchase }: { purchase: Purchase }) {
  const { t } = useLingui();
  const stores = useBuy();
  const saveAll = saveAllOf(stores);
  const background = backgroundOf(stores, useStores().env);
  const shopName = stores.settings.settings.tenantName;
  useEffect(() => {
    saveAll.open(purchase, shopName);
    void background.open(
      purchase.key,
      saveAll.photos.filter((p) => !saveAll.saved.has(p.key)),
    );
  }, [saveAll, background, purchase, shopName]);
  const done = saveAll.savedCount === saveAll.total;
  useEffect(() => {
    // Every photo handed over: the copies downloaded in the background are let go.
    if (done && background.phase === "downloaded") void background.release();
  }, [done, background, background.phase]);
  if (saveAll.key !== purchase.key || saveAll.total === 0) return null;
  const { total, savedCount, nextCount, phase, canShare } = saveAll;
  const inBackground = background.key === purchase.key ? background.phase : "unavailable";
  const label = done
    ? t`All ${total} photos saved`
    : phase === "fetching"
      ? t`Preparing the photos…`
      : phase === "downloading" || inBackground === "downloading"
        ? t`Downloading the photos…`
        : !canShare
          ? t`Download all photos (${total})`
          : phase === "ready"
            ? t`Save ${plural(nextCount, { one: "# photo", other: "# photos" })} now`
            : savedCount === 0
              ? t`Save all to Photos (${total})`
              : t`Save the next ${nextCount}`;
  return (
    <div className="save-all">
      <button
        type="button"
        className="button save-all__action"
        disabled={done || saveAll.busy || inBackground === "downloading"}
        aria-busy={saveAll.busy || inBackground === "downloading"}
        onClick={() => void (canShare ? saveAll.saveNext() : saveAll.downloadRest())}
      >
        {label}
      </button>
      {inBackground === "idle" && !done && !saveAll.busy && (
        <button
          type="button"
          className="button button--secondary save-all__background"
          onClick={() =>
            void background.start(
              t`${shopName}: ${background.count} photos of order № ${purchase.number}`,
            )
          }
        >
          {t`Download in the background (${background.count})`}
        </button>
      )}
      <p className="save-all__progress" role="status">
        {inBackground === "downloading"
          ? t`The browser is downloading ${background.count} photos and shows the progress. You can close this page.`
          : savedCount > 0 && !done && t`${savedCount} of ${total} saved`}
      </p>
      {saveAll.failed.length > 0 && (
        <p className="field-error" role="alert">
          {t`Could not download ${saveAll.failed.map((p) => p.fileName).join(", ")}. Tap again to retry.`}
        </p>
      )}
    </div>
  );
});
