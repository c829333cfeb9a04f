import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { Event } from "../../api/index.ts";
import { useRouteParams } from "../../app/route-context.tsx";
import { useShop } from "../../app/use-shop.ts";
import { type StartingPrice, startingPrices } from "../../domain/catalog.ts";
import { formatEventDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { productName } from "../../domain/products.ts";
import { EventLoadError } from "../../parts/event/EventLoadError.tsx";
import { useEvent } from "../../parts/event/useEvent.ts";
import { GiftOffer } from "../../parts/gift/GiftOffer.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { SEARCH_ERROR_MESSAGES } from "../../stores/search-messages.ts";
import { Link } from "../../ui/Link.tsx";

/**
 * Event page (/event/{id}), where a runner lands from the organiser's e-mail: the event's cover,
 * when and where, how many photos, what they cost before any search, the face search as the
 * main action, the first photos leading into the gallery, and the gift. One column on a phone
 * (the main action in the first viewport), two from the layout grid's md width.
 */
export const EventScreen = observer(function EventScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { id = "" } = useRouteParams();
  const { language } = useShop();
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
  const photos = event.photoCount;
  const photosPath = href("event-photos", { id: event.eventId });
  return (
    <Screen title={event.name}>
      <div className="event-page">
        <EventCover event={event} />
        <div className="event-page__info">
          <p className="event__meta">
            <time dateTime={event.date}>{formatEventDate(event.date, language.language)}</time> ·{" "}
            {event.location}
          </p>
          <p className="event__count">{t`Photos: ${photos}`}</p>
          {event.photosProcessing && (
            <p role="status">{i18n._(SEARCH_ERROR_MESSAGES.processing)}</p>
          )}
          <EventPrices catalogId={event.catalogId} />
          <ul className="event__links">
            <li>
              <Link
                className="button event__search"
                to={`${photosPath}?tab=mine`}
                aria-describedby="by-face-note"
              >
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
        </div>
        {photos > 0 && <EventStrip eventId={event.eventId} to={`${photosPath}?tab=all`} />}
        <div className="event-page__gift">
          <GiftOffer event={event} catalogId={event.catalogId} level="h2" />
        </div>
      </div>
    </Screen>
  );
});

/**
 * The event's cover: its place is reserved (the cover's 1200 × 630 shape, cropped to fit), so
 * nothing moves when it arrives; first on the page, so it is fetched at once. Decorative: the
 * heading names the event.
 */
function EventCover({ event }: { event: Event }) {
  if (!event.coverUrl) return <div className="event-page__cover event-page__cover--none" />;
  return (
    <img
      className="event-page__cover"
      src={event.coverUrl}
      alt=""
      width={1200}
      height={630}
      loading="eager"
      decoding="async"
      fetchPriority="high"
    />
  );
}

/** What the photos cost before any search: a single photo from …, the all-my-photos package. */
const EventPrices = observer(function EventPrices({ catalogId }: { catalogId: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { catalog, language } = useShop();
  useEffect(() => {
    void catalog.load(catalogId);
  }, [catalog, catalogId]);
  const products = catalog.productsOf(catalogId);
  const { photo, allMine } = startingPrices(products);
  // Its place is held while the catalog loads, so the main action below never moves.
  if (!photo && !allMine) return <div className="event-prices" />;
  const currencyId = products[0]?.currencyId ?? 643;
  const money = ({ price, from }: StartingPrice) => {
    const amount = formatMoney(price, currencyId, language.language);
    return from ? t`from ${amount}` : amount;
  };
  const allMineName = productName("photos_with_me");
  return (
    <ul className="event-prices" aria-label={t`Prices`}>
      {photo && (
        <li>
          <span>{t`One photo`}</span> <strong className="offers__price">{money(photo)}</strong>
        </li>
      )}
      {allMine && allMineName && (
        <li>
          <span>{i18n._(allMineName)}</span>{" "}
          <strong className="offers__price">{money(allMine)}</strong>
        </li>
      )}
    </ul>
  );
});

/**
 * The event's first photos in a row, the whole row one link into the gallery. Below the first
 * viewport on a phone, so the photos load lazily; the row's height is held from the start and
 * each photo's place by its size, so nothing below moves when they arrive.
 */
const EventStrip = observer(function EventStrip({ eventId, to }: { eventId: string; to: string }) {
  const { t } = useLingui();
  const { events } = useShop();
  useEffect(() => {
    void events.loadFirstPhotos(eventId);
  }, [events, eventId]);
  const photos = events.firstPhotos.get(eventId) ?? [];
  return (
    <Link className="event-strip" to={to}>
      <span className="event-strip__photos">
        {photos.map((p) => (
          <img
            key={p.photoId}
            className="event-strip__photo"
            src={p.thumbnailUrl}
            alt=""
            width={Math.round((p.width / p.height) * 120)}
            height={120}
            loading="lazy"
            decoding="async"
          />
        ))}
      </span>
      <span className="event-strip__more">{t`Browse the event’s photos`}</span>
    </Link>
  );
});
