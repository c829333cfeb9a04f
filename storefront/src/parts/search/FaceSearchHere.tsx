import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { Suspense } from "react";
import type { Event } from "../../api/index.ts";
import { useShop } from "../../app/use-shop.ts";
import { lazyPart } from "../../ui/lazy-part.ts";
import { FaceSearch } from "./FaceSearch.tsx";

/** The results (the photos, the viewer, the offers): their chunk comes with the first result. */
const ParticipantResults = lazyPart(() =>
  import("./ParticipantResults.tsx").then((m) => m.ParticipantResults),
);

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
        <Suspense
          fallback={
            <p role="status">
              <span className="spinner" aria-hidden="true" /> {t`Loading…`}
            </p>
          }
        >
          <ParticipantResults event={event} />
        </Suspense>
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
  // A search under way (or one found in this tab): the results' chunk comes meanwhile.
  if (faceSearch.busy || myPhotos.subject) void ParticipantResults.preload();
  return <FaceSearch eventId={event.eventId} albumId={event.albumId} />;
});
