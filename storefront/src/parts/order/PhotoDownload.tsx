import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import type { BoughtPhoto } from "../../api/index.ts";
import { useBuy } from "../../app/use-buy.ts";
import type { PhotoToSave } from "../../domain/save-photos.ts";
import { safeLinkUrl } from "../../domain/url.ts";
import { saveAllOf } from "../../stores/SaveAllStore.ts";
import { SharePhoto } from "./SharePhoto.tsx";

/**
 * One bought photo on the paid order and the account's order details. On a phone that shares
 * image files the picture itself is the one action (the sheet saves or shares it, marked once
 * "Save all" handed it over); elsewhere a download link and "Share"; without a download address
 * (not paid) the picture only.
 */
export const PhotoDownload = observer(function PhotoDownload({
  photo,
  file,
}: {
  photo: BoughtPhoto;
  /** The photo's file as "Save all" names and remembers it (none without a download address). */
  file: PhotoToSave | undefined;
}) {
  const { t } = useLingui();
  const shop = useBuy();
  const { downloads, ui } = shop;
  const saveAll = saveAllOf(shop);
  const id = photo.photoId;
  const download = safeLinkUrl(photo.downloadUrl);
  if (!download) {
    return (
      <li className="paid-photo">
        <img src={photo.thumbnailUrl} alt={id} loading="lazy" />
      </li>
    );
  }
  // A phone whose browser shares image files (iOS and Android: the sheet's "Save image").
  if (ui.touch && saveAll.canShare) {
    const saved = file !== undefined && saveAll.saved.has(file.key);
    // A phone that shares files: the photo itself is the one action (the sheet saves or shares).
    return (
      <li className="paid-photo">
        <button
          type="button"
          className={`paid-photo__save${saved ? " paid-photo__save--saved" : ""}`}
          aria-busy={downloads.sharing === id}
          onClick={() => void downloads.sharePhoto(photo, file?.fileName)}
        >
          <img src={photo.thumbnailUrl} alt="" loading="lazy" />
          <span className="visually-hidden">
            {t`Save photo ${id}`}
            {saved && `, ${t`already saved`}`}
          </span>
        </button>
      </li>
    );
  }
  return (
    <li className="paid-photo">
      <img src={photo.thumbnailUrl} alt="" loading="lazy" />
      <a
        className="button button--small paid-photo__download"
        href={download}
        download={file?.fileName ?? ""}
      >
        {t`Download photo ${id}`}
      </a>
      <SharePhoto photo={photo} />
    </li>
  );
});
