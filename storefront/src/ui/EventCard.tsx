import { Plural } from "@lingui/react/macro";
import type { Event } from "../api/index.ts";
import { formatEventDate } from "../domain/dates.ts";
import { href } from "../routes.ts";
import type { Language } from "../settings-types.ts";
import { Link } from "./Link.tsx";

/**
 * An event in a list: cover, name, day, place and photo count; the whole card links to the event.
 * `first`: the list's first card, likely in the first screen, so its cover loads at once.
 */
export function EventCard({
  event,
  language,
  first = false,
}: {
  event: Event;
  language: Language;
  first?: boolean;
}) {
  const count = event.photoCount;
  return (
    <li className="event-card">
      <Link to={href("event", { id: event.eventId })} className="event-card__link">
        {event.coverUrl ? (
          <img
            className="event-card__cover"
            src={event.coverUrl}
            alt=""
            width="320"
            height="180"
            loading={first ? "eager" : "lazy"}
            decoding="async"
            {...(first ? { fetchPriority: "high" as const } : {})}
          />
        ) : (
          <span className="event-card__cover event-card__cover--empty" aria-hidden="true" />
        )}
        <span className="event-card__name">{event.name}</span>
        <span className="event-card__meta">
          <time dateTime={event.date}>{formatEventDate(event.date, language)}</time> ·{" "}
          {event.location}
        </span>
        <span className="event-card__meta">
          <Plural value={count} one="# photo" other="# photos" />
        </span>
      </Link>
    </li>
  );
}
