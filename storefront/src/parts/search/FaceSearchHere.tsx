import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import type { Event } from "../../api/index.ts";
import { useShop } from "../../app/use-shop.ts";
import { FaceSearch } from "./FaceSearch.tsx";
import { ParticipantResults } from "./ParticipantResults.tsx";

/**
 * Face search on the screen where the participant is, with its results right there: where
 * surname or number search is unavailable (spec §1), or found nothing, the way on is here,
 * not behind another link. `anySubject`: also show results found by bib (the event's My photos).
 */
export const FaceSearchHere = observer(function FaceSearchHere({
  event,
  anySubject = false,
}: {
  event: Event;
  anySubject?: boolean;
}) {
  const { t } = useLingui();
  const { myPhotos, faceSearch } = useShop();
  const shown = anySubject || myPhotos.subject?.kind === "face";
  if (myPhotos.hasResultFor(event.eventId) && shown) {
    return (
      <>
        <ParticipantResults event={event} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            myPhotos.reset();
            faceSearch.reset();
          }}
        >
          {t`Search again`}
        </button>
      </>
    );
  }
  return <FaceSearch eventId={event.eventId} albumId={event.albumId} />;
});
