import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { Link, useParams } from "react-router-dom";
import { EventLoadError } from "../../parts/event/EventLoadError.tsx";
import { useEvent } from "../../parts/event/useEvent.ts";
import { GiftOffer } from "../../parts/gift/GiftOffer.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { SEARCH_ERROR_MESSAGES } from "../../stores/search-messages.ts";

/** Event page (/event/{id}): what, when, where, and the ways to its photos. */
export const EventScreen = observer(function EventScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { id = "" } = useParams();
  const { event, failure, retry } = useEvent(id);

  if (!event) {
    return (
      <Screen title={t`Event`}>
        {failure ? (
          <EventLoadError failure={failure} onRetry={retry} />
        ) : (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t`Loading…`}
          </p>
        )}
      </Screen>
    );
  }
  const date = new Date(`${event.date}T12:00:00Z`).toLocaleDateString(i18n.locale, {
    dateStyle: "long",
  });
  const photos = event.photoCount;
  const photosPath = href("event-photos", { id: event.eventId });
  return (
    <Screen title={event.name}>
      <p className="event__meta">
        {date} · {event.location}
      </p>
      <p>{t`Photos: ${photos}`}</p>
      {event.photosProcessing && <p role="status">{i18n._(SEARCH_ERROR_MESSAGES.processing)}</p>}
      <ul className="event__links">
        <li>
          <Link className="button" to={`${photosPath}?tab=mine`} aria-describedby="by-face-note">
            {t`Find my photos by face`}
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to={`${photosPath}?tab=all`}>
            {t`All photos`}
          </Link>
        </li>
      </ul>
      {/* Spec §1: no search by surname or number yet; the face search button above is the way. */}
      <p id="by-face-note" className="event__note">
        {t`Photos by number / last name will be available later, please use the face search.`}
      </p>
      <GiftOffer event={event} catalogId={event.catalogId} level="h2" />
    </Screen>
  );
});
