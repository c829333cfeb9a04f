import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { type KeyboardEvent, Suspense, useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import type { Event } from "../../api/index.ts";
import { useRouteParams } from "../../app/route-context.tsx";
import { useShop } from "../../app/use-shop.ts";
import { EventLoadError } from "../../parts/event/EventLoadError.tsx";
import { useEvent } from "../../parts/event/useEvent.ts";
import { FaceSearchHere } from "../../parts/search/FaceSearchHere.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { SEARCH_ERROR_MESSAGES } from "../../stores/search-messages.ts";
import { Link } from "../../ui/Link.tsx";
import { lazyPart } from "../../ui/lazy-part.ts";

/** The grid and its viewer: on the All photos tab only, asked for as the tab opens. */
const PhotoGallery = lazyPart(() =>
  import("../../parts/gallery/PhotoGallery.tsx").then((m) => m.PhotoGallery),
);

type Tab = "mine" | "all";

/** Event photo report (/event/{id}/photos) with the tabs My photos and All photos. */
export const EventPhotosScreen = observer(function EventPhotosScreen() {
  const { t } = useLingui();
  const { id = "" } = useRouteParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "all" ? "all" : "mine";
  const { event, failure, retry } = useEvent(id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (next: Tab, focus = false) => {
    setParams({ tab: next }, { replace: true });
    if (focus) tabs.current[next === "mine" ? 0 : 1]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      select(tab === "mine" ? "all" : "mine", true);
    }
  };

  if (!event) {
    return (
      <Screen title={t`Event photos`}>
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
  const labels: Record<Tab, string> = { mine: t`My photos`, all: t`All photos` };
  return (
    <Screen title={event.name}>
      <p>
        <Link to={href("event", { id: event.eventId })}>{t`About the event`}</Link>
      </p>
      <div className="tabs" role="tablist" aria-label={t`Photos`} onKeyDown={onKeyDown}>
        {(["mine", "all"] as const).map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            className="tabs__tab"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "mine" ? <FaceSearchHere event={event} anySubject /> : <AllPhotos event={event} />}
      </div>
    </Screen>
  );
});

const AllPhotos = observer(function AllPhotos({ event }: { event: Event }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { gallery } = useShop();
  useEffect(() => {
    void PhotoGallery.preload();
    void gallery.load(event.eventId);
  }, [gallery, event.eventId]);
  const mine = gallery.eventId === event.eventId;
  const loaded = mine ? gallery.photos.length : 0;
  const total = mine ? gallery.total : event.photoCount;
  return (
    <>
      <p className="gallery__status" role="status">
        {mine && gallery.loading ? t`Loaded ${loaded} of ${total} photos` : t`Photos: ${total}`}
      </p>
      {mine && gallery.error && (
        <p className="search-error" role="alert">
          {i18n._(SEARCH_ERROR_MESSAGES[gallery.error])}
        </p>
      )}
      {mine && gallery.error === "failed" && !gallery.loading && (
        <button type="button" className="button" onClick={() => void gallery.retry()}>
          {t`Try again`}
        </button>
      )}
      {loaded > 0 && (
        <Suspense fallback={null}>
          <PhotoGallery
            eventId={event.eventId}
            eventName={event.name}
            photos={gallery.photos}
            total={total}
            label={t`All photos`}
          />
        </Suspense>
      )}
    </>
  );
});
