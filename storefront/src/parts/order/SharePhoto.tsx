import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { BoughtPhoto } from "../../api/index.ts";
import { useBuy } from "../../app/use-buy.ts";
import { safeLinkUrl } from "../../domain/url.ts";
import { copyText } from "../../ui/clipboard.ts";
import "./share-photo.scss";

/**
 * "Share" on a bought photo: the share sheet with the image itself where the browser can share
 * files (phones), else the link to the photo's download copied, with a confirmation read out.
 * Only a paid photo (one with a download address) has the button.
 */
export const SharePhoto = observer(function SharePhoto({ photo }: { photo: BoughtPhoto }) {
  const { t } = useLingui();
  const { downloads } = useBuy();
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const link = safeLinkUrl(photo.downloadUrl);
  if (!link) return null;
  const id = photo.photoId;
  const share = async () => {
    const shared = await downloads.sharePhotoFile(photo);
    if (shared !== "unsupported") return;
    setCopied(await copyText(new URL(link, window.location.href).href));
  };
  return (
    <>
      <button
        type="button"
        className="button button--small button--secondary paid-photo__share"
        aria-label={t`Share photo ${id}`}
        aria-busy={downloads.sharing === id}
        onClick={() => void share()}
      >
        {t`Share`}
      </button>
      <span className="paid-photo__status" role="status">
        {copied === true
          ? t`Link copied`
          : copied === false
            ? t`Could not copy the link. Open the photo and copy its address.`
            : ""}
      </span>
    </>
  );
});
