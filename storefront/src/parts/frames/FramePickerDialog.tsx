import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useCallback } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { formatMoney } from "../../domain/money.ts";
import { Dialog } from "../../shell/Dialog.tsx";

/**
 * The photo frame picker (spec §2, §5): a photo, one or all of "My photos", a frame type and
 * a live preview, then "Add to cart". A modal <dialog>: focus returns to the opener.
 */
export const FramePickerDialog = observer(function FramePickerDialog() {
  const { t } = useLingui();
  const { framePicker: picker, language } = useBuy();
  const close = useCallback(() => picker.close(), [picker]);
  const { preview, plan, error } = picker;
  const frameTitle = picker.frames.find((f) => f.frameId === picker.frameId)?.title ?? "";
  const all = picker.allPhotos.length;
  // "Photo" here is the participant's shot it shows (what the preview is of), not the element.
  const previewAlt = t`Preview of the photo in the frame ${frameTitle}`;
  const price = plan
    ? formatMoney(plan.product.price, plan.product.currencyId, language.language)
    : "";

  return (
    <Dialog open={picker.isOpen} title={t`Photo in a frame`} onClose={close}>
      <form
        className="frame-picker"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void picker.submit().then((ok) => {
            if (!ok && picker.error) document.getElementById("frame-photo-0")?.focus();
          });
        }}
      >
        <fieldset
          className="frame-picker__photos"
          aria-describedby={error ? "frame-photo-error" : undefined}
        >
          <legend>{t`Photo`}</legend>
          <div className="frame-picker__choices">
            {picker.photos.map((photo, i) => {
              const n = i + 1;
              return (
                <label key={photo.photoId} className="frame-picker__photo">
                  <input
                    id={`frame-photo-${i}`}
                    type="radio"
                    name="frame-photo"
                    value={photo.photoId}
                    checked={picker.photoId === photo.photoId}
                    aria-invalid={error !== null}
                    onChange={() => void picker.choosePhoto(photo.photoId)}
                  />
                  <img src={photo.thumbnailUrl} alt={t`Shot ${n}`} width={96} height={64} />
                </label>
              );
            })}
          </div>
        </fieldset>
        {error && (
          <p id="frame-photo-error" className="frame-picker__error" role="alert">
            {t`Select Photo`}
          </p>
        )}
        <fieldset className="frame-picker__options">
          <legend>{t`Quantity`}</legend>
          <label>
            <input
              type="radio"
              name="frame-quantity"
              checked={picker.quantity === "one"}
              onChange={() => picker.setQuantity("one")}
            />{" "}
            {t`This photo`}
          </label>
          <label>
            <input
              type="radio"
              name="frame-quantity"
              checked={picker.quantity === "all"}
              disabled={all === 0}
              onChange={() => picker.setQuantity("all")}
            />{" "}
            {t`All my photos (${all})`}
          </label>
        </fieldset>
        <fieldset className="frame-picker__options">
          <legend>{t`Frame type`}</legend>
          {picker.frames.map((f) => (
            <label key={f.frameId}>
              <input
                type="radio"
                name="frame-type"
                value={f.frameId}
                checked={picker.frameId === f.frameId}
                onChange={() => void picker.chooseFrame(f.frameId)}
              />{" "}
              {f.title}
            </label>
          ))}
        </fieldset>
        <div className="frame-picker__preview" aria-live="polite">
          {preview.image ? (
            <img className="frame-picker__image" src={preview.image} alt={previewAlt} />
          ) : picker.previewLoading ? (
            <p role="status">
              <span className="spinner" aria-hidden="true" /> {t`Loading the preview…`}
            </p>
          ) : preview.status !== null && preview.status !== 200 ? (
            <p>{t`The preview is not available right now.`}</p>
          ) : (
            <p>{t`Choose a photo to see it in the frame.`}</p>
          )}
        </div>
        <button type="submit" className="button frame-picker__add" aria-disabled={picker.adding}>
          {t`Add to cart`}
          {price && <span className="viewer__price">{price}</span>}
        </button>
      </form>
    </Dialog>
  );
});
