import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from "react";
import type { Photo, PhotoTag } from "../../../api/index.ts";
import { stepIndex, swipeDirection } from "../../../domain/gallery.ts";
import { formatMoney } from "../../../domain/money.ts";
import { DialogSnackbar } from "../../../shell/DialogSnackbar.tsx";
import { Icon } from "../../../shell/icons.tsx";
import { useShop } from "../../../stores/shop.ts";
import { FrameButton } from "../../frames/FrameButton.tsx";

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
 * The photo viewer: a modal <dialog> (focus stays inside, Esc closes), previous/next by
 * buttons, arrow keys and swipe; the position is announced ("3 of 120").
 */
export const PhotoViewer = observer(function PhotoViewer(props: Props) {
  const { eventId, eventName, photos, total, index, myNumber, onIndex, onClose } = props;
  const { t } = useLingui();
  const { gallery, cart, events, myPhotos, language } = useShop();
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
    if (catalogId) void cart.loadCatalog(catalogId);
  }, [cart, catalogId]);

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
  const product = catalogId ? cart.photoProduct(catalogId) : null;
  // With "My photos" of this event known, the participant's search token goes along.
  const subject = myPhotos.eventId === eventId ? myPhotos.subject : null;
  const tags: PhotoTag[] = myNumber
    ? photo.tags.filter((tag) => tag.value === myNumber)
    : photo.tags;

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
      </div>
      <div className="viewer__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={index === 0}
          onClick={() => go(-1)}
        >
          {t`Previous photo`}
        </button>
        {product &&
          (cart.has(product.productId, photo.photoId) ? (
            <p className="viewer__confirmed">{t`In the cart`}</p>
          ) : (
            <button
              type="button"
              className="button viewer__buy"
              onClick={() => cart.addPhoto({ eventId, name: eventName }, product, photo, subject)}
            >
              {t`Add to cart`}
              <span className="viewer__price">
                {formatMoney(product.price, product.currencyId, language.language)}
              </span>
            </button>
          ))}
        {catalogId && (
          <FrameButton
            event={{ eventId, name: eventName }}
            catalogId={catalogId}
            photo={photo}
            className="button"
          />
        )}
        {tags.map((tag) => {
          const bib = tag.value;
          return gallery.confirmed.has(tag.photoTagId) ? (
            <p key={tag.photoTagId} className="viewer__confirmed">
              {t`Marked as yours`}
            </p>
          ) : (
            <button
              key={tag.photoTagId}
              type="button"
              className="button"
              onClick={() => gallery.itsMe(eventId, photo, tag)}
            >
              {myNumber || tags.length === 1 ? t`It's me` : t`It's me (bib ${bib})`}
            </button>
          );
        })}
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={index >= photos.length - 1}
          onClick={() => go(1)}
        >
          {t`Next photo`}
        </button>
      </div>
      <DialogSnackbar />
    </dialog>
  );
});
