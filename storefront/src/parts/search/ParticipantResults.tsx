import { useLingui } from "@lingui/react";
import { useLingui as useMacro } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import type { Event, Product } from "../../api/index.ts";
import { useBuy } from "../../app/use-buy.ts";
import { formatMoney } from "../../domain/money.ts";
import { SEARCH_ERROR_MESSAGES } from "../../stores/search-messages.ts";
import { useProductNames } from "../../ui/product-names.ts";
import { FrameButton } from "../frames/FrameButton.tsx";
import { PhotoGallery } from "../gallery/PhotoGallery.tsx";
import { GiftOffer } from "../gift/GiftOffer.tsx";

/**
 * "My photos": the participant's photos, the package offers and every search error. `children`
 * (a way to search otherwise) sit under the participant's name, above what loads, so nothing a
 * runner already reads moves when the photos arrive.
 */
export const ParticipantResults = observer(function ParticipantResults({
  event,
  children,
}: {
  event: Event;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const { t } = useMacro();
  const { myPhotos, language, cart } = useBuy();
  const names = useProductNames();
  const subject = myPhotos.subject;
  const bib = subject?.kind === "competitor" ? subject.competitor.number : "";
  const who =
    subject?.kind === "competitor"
      ? `${subject.competitor.firstName} ${subject.competitor.surname}, ${t`bib ${bib}`}`
      : subject?.kind === "face"
        ? t`Found by your selfie`
        : null;
  const found = myPhotos.photos.length;
  // Several offers of one event: each "Buy all photos" names its offer (and distance).
  const offerLabel = (p: Product) => {
    const offer = names.offer(p);
    return t`Buy all photos: ${offer}`;
  };

  return (
    <div className="results">
      {/* The name's line is held while the participant is looked up, so the status under it stays put. */}
      {(who || myPhotos.loading) && <p className="results__who">{who}</p>}
      {children}
      {myPhotos.loading && (
        <p role="status" className="results__loading">
          <span className="spinner" aria-hidden="true" /> {t`Looking for photos…`}
        </p>
      )}
      {myPhotos.error && (
        <p className="search-error" role="alert">
          {i18n._(SEARCH_ERROR_MESSAGES[myPhotos.error])}
        </p>
      )}
      {myPhotos.canRetry && (
        <button type="button" className="button" onClick={() => void myPhotos.retry()}>
          {t`Try again`}
        </button>
      )}
      {!myPhotos.error && event.photosProcessing && found > 0 && (
        <p role="status">{i18n._(SEARCH_ERROR_MESSAGES.processing)}</p>
      )}
      {!myPhotos.loading && found > 0 && (
        <>
          <p className="results__count">{t`Photos found: ${found}`}</p>
          {myPhotos.offers.length > 0 && (
            <section className="offers" aria-labelledby="offers-title">
              <h2 id="offers-title">{t`Packages`}</h2>
              <ul className="offers__list">
                {myPhotos.offers.map((p) => (
                  <li key={p.productId} className="offers__item">
                    <span className="offers__title">{names.offer(p)}</span>
                    <span className="offers__price">
                      {formatMoney(p.price, p.currencyId, language.language)}
                    </span>
                    {cart.has(p.productId) ? (
                      <span className="offers__in-cart">{t`In the cart`}</span>
                    ) : (
                      subject && (
                        <button
                          type="button"
                          className="button"
                          aria-label={offerLabel(p)}
                          onClick={() => cart.addPackage(event, p, subject)}
                        >
                          {t`Buy all photos`}
                        </button>
                      )
                    )}
                  </li>
                ))}
              </ul>
              <FrameButton event={event} catalogId={event.catalogId} />
            </section>
          )}
          <GiftOffer
            event={{ eventId: event.eventId, name: event.name }}
            catalogId={event.catalogId}
          />
          <PhotoGallery
            eventId={event.eventId}
            eventName={event.name}
            photos={myPhotos.photos}
            total={myPhotos.total}
            label={t`My photos`}
            myNumber={subject?.kind === "competitor" ? subject.competitor.number : null}
          />
        </>
      )}
    </div>
  );
});
