import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import type { Photo, PhotoTag } from "../../api/index.ts";
import { useShop } from "../../app/use-shop.ts";

/**
 * The viewer's "It's me" slot: one button whatever the photo. A photo of one runner (or of the
 * participant whose bib is known) is answered at once; a photo of several runners asks which
 * bib, in a short list above the bar, so the bar never grows a row per runner.
 */
export const ItsMe = observer(function ItsMe({
  eventId,
  photo,
  tags,
  bibKnown,
}: {
  eventId: string;
  photo: Photo;
  tags: readonly PhotoTag[];
  /** The participant's bib is known: the answer is for that tag, without naming it. */
  bibKnown: boolean;
}) {
  const { t } = useLingui();
  const { gallery } = useShop();
  const [choosing, setChoosing] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();

  if (tags.length === 0) return null;
  if (tags.some((tag) => gallery.confirmed.has(tag.photoTagId))) {
    return <p className="viewer__done">{t`Marked as yours`}</p>;
  }
  const answer = (tag: PhotoTag) => {
    setChoosing(false);
    void gallery.itsMe(eventId, photo, tag);
  };
  const only = tags.length === 1 ? tags[0] : undefined;
  if (only) {
    return (
      <button type="button" className="button" onClick={() => answer(only)}>
        {t`It's me`}
      </button>
    );
  }
  const onKeyDown = (e: KeyboardEvent) => {
    // Escape closes the list, not the viewer.
    if (e.key !== "Escape") return;
    e.preventDefault();
    e.stopPropagation();
    setChoosing(false);
    trigger.current?.focus();
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="button"
        aria-expanded={choosing}
        aria-controls={listId}
        onKeyDown={choosing ? onKeyDown : undefined}
        onClick={() => setChoosing(!choosing)}
      >
        {t`It's me`}
      </button>
      {choosing && (
        <ul id={listId} className="viewer__choices" aria-label={t`Which bib is yours?`}>
          {tags.map((tag) => {
            const bib = tag.value;
            return (
              <li key={tag.photoTagId}>
                <button
                  type="button"
                  className="button"
                  onKeyDown={onKeyDown}
                  onClick={() => answer(tag)}
                >
                  {bibKnown ? t`It's me` : t`It's me (bib ${bib})`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
});
