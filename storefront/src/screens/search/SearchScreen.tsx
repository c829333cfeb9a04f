import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { useRouteParams } from "../../app/route-context.tsx";
import { useShop } from "../../app/use-shop.ts";
import { EventLoadError } from "../../parts/event/EventLoadError.tsx";
import { useEvent } from "../../parts/event/useEvent.ts";
import { FaceSearchHere } from "../../parts/search/FaceSearchHere.tsx";
import { ParticipantResults } from "../../parts/search/ParticipantResults.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { EventCard } from "../../ui/EventCard.tsx";
import { Link } from "../../ui/Link.tsx";

/** Participant search (/search) and search opened from a link (/search/{id}/{number}). */
export function SearchScreen() {
  const { id, number } = useRouteParams();
  return id && number ? <SearchFromUrl id={id} number={number} /> : <ParticipantSearch />;
}

/** Face search also lives on the event's photo report ("My photos"). */
const faceSearchPath = (eventId: string) => `${href("event-photos", { id: eventId })}?tab=mine`;

/**
 * /search: search by surname or number is unavailable (spec §1), so the screen says so and
 * offers face search right here (with ?event), or the events to search in.
 */
function ParticipantSearch() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const eventId = params.get("event");
  return (
    <Screen title={t`Find your photos`}>
      <p className="search-unavailable" role="note">
        {t`Photos by number / last name will be available later, please use the face search.`}
      </p>
      {eventId ? <EventFaceSearch id={eventId} /> : <ChooseEvent />}
    </Screen>
  );
}

const EventFaceSearch = observer(function EventFaceSearch({ id }: { id: string }) {
  const { t } = useLingui();
  const { event, failure, retry } = useEvent(id);
  if (failure) return <EventLoadError failure={failure} onRetry={retry} />;
  if (!event) {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t`Loading…`}
      </p>
    );
  }
  return (
    <>
      <p className="search-event">{event.name}</p>
      <FaceSearchHere event={event} />
    </>
  );
});

/** No event given: face search works within one event, so the latest events to choose from. */
const ChooseEvent = observer(function ChooseEvent() {
  const { t } = useLingui();
  const { home, language } = useShop();
  useEffect(() => home.init(), [home]);
  return (
    <section aria-labelledby="choose-event-title">
      <h2 id="choose-event-title">{t`Choose your event to search by face`}</h2>
      {home.events.length > 0 ? (
        <ul className="event-list">
          {home.events.map((e) => (
            <EventCard key={e.eventId} event={e} language={language.language} />
          ))}
        </ul>
      ) : (
        <p>
          <Link to={href("home")}>{t`Find your event`}</Link>
        </p>
      )}
    </section>
  );
});

const SearchFromUrl = observer(function SearchFromUrl({
  id,
  number,
}: {
  id: string;
  number: string;
}) {
  const { t } = useLingui();
  const { myPhotos } = useShop();
  const { event, failure } = useEvent(id);
  const here = myPhotos.eventId === id;
  const byFace = here && myPhotos.subject?.kind === "face";
  // Face search shows once the number found nobody (or after "Search again"), not while it looks.
  const faceSearchHere = byFace || !here || (myPhotos.error !== null && !myPhotos.loading);
  useEffect(() => {
    void myPhotos.searchByNumber(id, number);
  }, [myPhotos, id, number]);
  return (
    <Screen title={event ? event.name : t`Search results`}>
      {failure && (
        <EventLoadError
          failure={failure}
          onRetry={() => void myPhotos.searchByNumber(id, number)}
        />
      )}
      {event && here && !byFace && (
        <ParticipantResults event={event}>
          {/* From the start of the search (not once the name is found), so it never moves. */}
          {myPhotos.error === null && (
            <p>
              <Link to={faceSearchPath(event.eventId)}>{t`Search by face instead`}</Link>
            </p>
          )}
        </ParticipantResults>
      )}
      {/* Nothing found by the number: face search right here, not behind a link. */}
      {event && faceSearchHere && <FaceSearchHere event={event} />}
    </Screen>
  );
});
