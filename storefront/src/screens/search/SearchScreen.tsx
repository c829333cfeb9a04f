import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { href } from "../../routes.ts";
import { useShop } from "../../stores/shop.ts";
import { Screen } from "../../ui/Screen.tsx";
import { EventLoadError } from "../event/EventLoadError.tsx";
import { useEvent } from "../event/useEvent.ts";
import { ParticipantResults } from "./ParticipantResults.tsx";

/** Participant search (/search) and search opened from a link (/search/{id}/{number}). */
export function SearchScreen() {
  const { id, number } = useParams();
  return id && number ? <SearchFromUrl id={id} number={number} /> : <ParticipantSearch />;
}

/** Face search lives on the event's photo report ("My photos"). */
const faceSearchPath = (eventId: string) => `${href("event-photos", { id: eventId })}?tab=mine`;

/** Spec §1: search by surname or number is unavailable; the form leads to face search. */
function ParticipantSearch() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const eventId = params.get("event");
  const target = eventId ? faceSearchPath(eventId) : href("home");
  return (
    <Screen title={t`Search results`}>
      <form
        className="participant-search"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(target);
        }}
      >
        <label htmlFor="participant-query">{t`Bib number or last name`}</label>
        <input id="participant-query" name="q" type="search" aria-describedby="search-note" />
        <p id="search-note" className="participant-search__note">
          {t`Photos by number / last name will be available later, please use the face search.`}
        </p>
        <button type="submit" className="button">
          {t`Search by face`}
        </button>
      </form>
      {!eventId && (
        <p>
          <Link to={href("home")}>{t`Choose your event to search by face`}</Link>
        </p>
      )}
    </Screen>
  );
}

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
      {event && myPhotos.eventId === id && <ParticipantResults event={event} />}
      {event && (
        <p>
          <Link to={faceSearchPath(event.eventId)}>{t`Search by face instead`}</Link>
        </p>
      )}
    </Screen>
  );
});
