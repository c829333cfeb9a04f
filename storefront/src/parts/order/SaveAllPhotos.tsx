import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useShop } from "../../app/use-shop.ts";
import type { Purchase } from "../../domain/purchase.ts";
import { saveAllOf } from "../../stores/SaveAllStore.ts";
import "./save-all.scss";

/**
 * On a phone, above the bought photos: "Save all to Photos" hands them to the share sheet ten
 * at a time ("Save the next 10" between groups), with progress, going on where it stopped after
 * a closed sheet or a reload; where files cannot be shared, they download one after another.
 * Never a zip here: a phone's photo library cannot open one (the zip stays below, as a choice).
 */
export const SaveAllPhotos = observer(function SaveAllPhotos({ purchase }: { purchase: Purchase }) {
  const { t } = useLingui();
  const stores = useShop();
  const saveAll = saveAllOf(stores);
  const shopName = stores.settings.settings.tenantName;
  useEffect(() => {
    saveAll.open(purchase, shopName);
  }, [saveAll, purchase, shopName]);
  if (saveAll.key !== purchase.key || saveAll.total === 0) return null;
  const { total, savedCount, nextCount, phase, canShare } = saveAll;
  const done = savedCount === total;
  const label = done
    ? t`All ${total} photos saved`
    : phase === "fetching"
      ? t`Preparing the photos…`
      : phase === "downloading"
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
        disabled={done || saveAll.busy}
        aria-busy={saveAll.busy}
        onClick={() => void (canShare ? saveAll.saveNext() : saveAll.downloadRest())}
      >
        {label}
      </button>
      <p className="save-all__progress" role="status">
        {savedCount > 0 && !done && t`${savedCount} of ${total} saved`}
      </p>
      {saveAll.failed.length > 0 && (
        <p className="field-error" role="alert">
          {t`Could not download ${saveAll.failed.map((p) => p.fileName).join(", ")}. Tap again to retry.`}
        </p>
      )}
    </div>
  );
});
