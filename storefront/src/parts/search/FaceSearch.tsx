import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useRef, useState } from "react";
import { useShop } from "../../app/use-shop.ts";
import { SelfieConsent } from "./SelfieConsent.tsx";

type Camera = "off" | "starting" | "on" | "unavailable";

/** Stops every track of a camera stream (the camera light goes off). */
const stop = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/**
 * Face search (spec §4, §5): a selfie from the camera (asked for only on a tap; when it is
 * unavailable or denied, choosing a photo remains) or an uploaded photo, both only once the
 * participant has read what happens to the selfie and agreed (SelfieConsent).
 */
export const FaceSearch = observer(function FaceSearch({
  eventId,
  albumId,
}: {
  eventId: string;
  albumId: string;
}) {
  const { t } = useLingui();
  const { faceSearch, selfieConsent } = useShop();
  const inputId = useId();
  const agreed = selfieConsent.has(eventId);
  const consentId = `${inputId}-consent`;
  /** Until the participant agrees, the actions are off and say why. */
  const locked = agreed ? {} : { "aria-describedby": `${consentId}-hint` };
  const fileInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<Camera>("off");

  useEffect(() => () => stop(stream.current), []);

  const startCamera = async () => {
    if (!selfieConsent.has(eventId)) return;
    setCamera("starting");
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera API");
      const s = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "user" },
        audio: false,
      });
      stream.current = s;
      setCamera("on");
      if (video.current) video.current.srcObject = s;
    } catch {
      setCamera("unavailable");
      fileInput.current?.focus();
    }
  };

  useEffect(() => {
    if (camera === "on" && video.current && stream.current) {
      video.current.srcObject = stream.current;
      video.current.play().catch(() => undefined);
    }
  }, [camera]);

  const closeCamera = () => {
    stop(stream.current);
    stream.current = null;
    setCamera("off");
  };

  const capture = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        closeCamera();
        if (blob) void faceSearch.search(eventId, albumId, blob);
      },
      "image/jpeg",
      0.9,
    );
  };

  const errorMessage = {
    "too-large": t`Upload a photo up to 8 MB`,
    "not-image": t`Upload a photo (JPEG, PNG, HEIC or WebP)`,
    "format-unreadable": t`This browser cannot open this photo's format (such as HEIC). Choose a JPEG or PNG, or take a selfie.`,
    damaged: t`This photo is damaged or incomplete. Choose another photo.`,
    several: t`Take a selfie of one person`,
    none: t`Upload a photo with a clear face`,
    failed: t`Try again later`,
  };

  return (
    <section className="face-search" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t`Find your photos by face`}</h2>
      <SelfieConsent eventId={eventId} id={consentId} onWithdraw={() => closeCamera()} />
      {camera === "on" || camera === "starting" ? (
        <div className="face-search__camera">
          <video ref={video} className="face-search__video" autoPlay playsInline muted />
          <div className="face-search__actions">
            <button type="button" className="button" onClick={capture} disabled={camera !== "on"}>
              {t`Take photo`}
            </button>
            <button type="button" className="button button--secondary" onClick={closeCamera}>
              {t`Cancel`}
            </button>
          </div>
        </div>
      ) : (
        <div className="face-search__actions">
          <button
            type="button"
            className="button"
            onClick={startCamera}
            disabled={faceSearch.busy || !agreed}
            {...locked}
          >
            {t`Take a selfie`}
          </button>
          <input
            ref={fileInput}
            id={inputId}
            className="visually-hidden file-input"
            type="file"
            accept="image/*"
            disabled={faceSearch.busy || !agreed}
            {...locked}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (file) void faceSearch.search(eventId, albumId, file);
            }}
          />
          <label
            htmlFor={inputId}
            className="button button--secondary"
            aria-disabled={agreed ? undefined : true}
          >
            {t`Upload a photo`}
          </label>
        </div>
      )}
      {camera === "unavailable" && (
        <p role="status">{t`The camera is not available. Upload a photo instead.`}</p>
      )}
      {faceSearch.busy && (
        <div className="face-search__progress" role="status">
          <p>
            {faceSearch.phase === "uploading"
              ? t`Uploading the photo…`
              : t`Searching for your photos. It takes about a minute.`}
          </p>
          <progress
            max={1}
            value={faceSearch.phase === "uploading" ? undefined : faceSearch.progress}
            aria-label={t`Search progress`}
          />
        </div>
      )}
      {faceSearch.phase === "error" && faceSearch.error && (
        <p className="search-error" role="alert">
          {errorMessage[faceSearch.error]}
        </p>
      )}
    </section>
  );
});
