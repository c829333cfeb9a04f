import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { Photo } from "../../api/index.ts";
import { useBuy } from "../../app/use-buy.ts";
import { frameTypes } from "../../domain/frame-preview.ts";

/**
 * Opens the frame picker for an event: "Photo in a frame" from the viewer (its photo chosen),
 * "Add a frame" elsewhere. Shown only when "My photos" of the event are known: the preview
 * and the framed items need the participant's search token.
 */
export const FrameButton = observer(function FrameButton({
  event,
  catalogId,
  photo = null,
  className = "button button--secondary",
}: {
  event: { eventId: string; name: string };
  catalogId: string;
  photo?: Photo | null;
  className?: string;
}) {
  const { t } = useLingui();
  const { framePicker, myPhotos, catalog } = useBuy();
  useEffect(() => {
    void catalog.load(catalogId);
  }, [catalog, catalogId]);
  if (myPhotos.eventId !== event.eventId || !myPhotos.subject) return null;
  if (frameTypes(catalog.productsOf(catalogId)).length === 0) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        void framePicker.open({ eventId: event.eventId, eventName: event.name, catalogId, photo })
      }
    >
      {photo ? t`Photo in a frame` : t`Add a frame`}
    </button>
  );
});
