import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from "react";
import type { Photo, PhotoTag } from "../../api/index.ts";
import { useBuy } from "../../app/use-buy.ts";
import { stepIndex, swipeDirection } from "../../domain/gallery.ts";
import { formatMoney } from "../../domain/money.ts";
import { DialogSnackbar } from "../../shell/DialogSnackbar.tsx";
import { Icon } from "../../shell/icons.tsx";
import { FrameButton } from "../frames/FrameButton.tsx";
import { ItsMe } from "./ItsMe.tsx";

interface Props {
  eventId: string;
  eventName: string;
  photos: readonly Photo[];
  total: number;
  index: number;
  /** The participant's bib when known: "It's me" then answers for that tag only. */
  myNumber?: string | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * The photo viewer: a modal <dialog> (focus stays inside, Esc closes), previous/next by the
 * buttons on the photo's sides, arrow keys and swipe; the position is announced ("3 of 120").
 * One bar holds the actions (add to cart with its price, frame, "It's me"), one slot each.
 */
export const PhotoViewer = observer(function PhotoViewer(props: Props) {
  const { eventId, eventName, photos, total, index, myNumber, onIndex, onClose } = props;
  const { t } = useLingui();
  const { cart, catalog, events, myPhotos, language } = useBuy();
  const event = events.event(eventId);
  const catalogId = event?.catalogId ?? null;
  const dialog = useRef<HTMLDialogElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index];
  const n = index + 1;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  useEffect(() => {
    if (catalogId) void catalog.load(catalogId);
  }, [catalog, catalogId]);

  const go = (delta: number) => onIndex(stepIndex(index, delta, photos.length));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Tab") return keepFocusInside(e);
    if (e.key === "ArrowLeft") go(-1);
    else if (e.key === "ArrowRight") go(1);
    else return;
    e.preventDefault();
  };
  // A modal dialog makes the page inert, but Tab past its last button would leave for the
  // browser's own controls: wrap around instead.
  const keepFocusInside = (e: KeyboardEvent) => {
    const items = [...(dialog.current?.querySelectorAll<HTMLElement>("button") ?? [])];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    } else if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") swipe.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (start) {
      const d = swipeDirection(e.clientX - start.x, e.clientY - start.y);
      if (d) go(d);
    }
  };

  if (!photo) return null;
  const product = catalogId ? catalog.photoProduct(catalogId) : null;
  // With "My photos" of this event known, the participant's search token goes along.
  const subject = myPhotos.eventId === eventId ? myPhotos.subject : null;
  const tags: PhotoTag[] = myNumber
    ? photo.tags.filter((tag) => tag.value === myNumber)
    : photo.tags;

  // The bar's slots are fixed for the whole gallery (a frame is offered once "My photos" of the
  // event are known), and each slot keeps its place whatever the photo: no jump between photos.
  const framesOffered = catalogId !== null && subject !== null;

  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label={t`Photo viewer`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="viewer__bar">
        <p className="viewer__position" aria-live="polite" aria-atomic="true">
          {t`${n} of ${total}`}
        </p>
        <button type="button" className="bar-button" aria-label={t`Close`} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="viewer__stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        <img
          key={photo.photoId}
          className="viewer__image"
          src={photo.url}
          alt={t`${eventName}, shot ${n} of ${total}`}
          width={photo.width}
          height={photo.height}
          draggable={false}
        />
        <button
          type="button"
          className="bar-button viewer__nav viewer__nav--previous"
          aria-label={t`Previous photo`}
          aria-disabled={index === 0}
          onClick={() => go(-1)}
        >
          <Icon name="previous" />
        </button>
        <button
          type="button"
          className="bar-button viewer__nav viewer__nav--next"
          aria-label={t`Next photo`}
          aria-disabled={index >= photos.length - 1}
          onClick={() => go(1)}
        >
          <Icon name="next" />
        </button>
      </div>
      <div className={`viewer__actions viewer__actions--${framesOffered ? 3 : 2}`}>
        <div className="viewer__slot">
          {product &&
            (cart.has(product.productId, photo.photoId) ? (
              <p className="viewer__done">{t`In the cart`}</p>
            ) : (
              <button
                type="button"
                className="button viewer__buy"
                onClick={() => cart.addPhoto({ eventId, name: eventName }, product, photo, subject)}
              >
                {t`Add to cart`}{" "}
                <span className="viewer__price">
                  {formatMoney(product.price, product.currencyId, language.language)}
                </span>
              </button>
            ))}
        </div>
        {framesOffered && (
          <div className="viewer__slot">
            <FrameButton
              event={{ eventId, name: eventName }}
              catalogId={catalogId}
              photo={photo}
              className="button"
            />
          </div>
        )}
        <div className="viewer__slot viewer__slot--its-me">
          <ItsMe
            key={photo.photoId}
            eventId={eventId}
            photo={photo}
            tags={tags}
            bibKnown={Boolean(myNumber)}
          />
        </div>
      </div>
      <DialogSnackbar />
    </dialog>
  );
});
