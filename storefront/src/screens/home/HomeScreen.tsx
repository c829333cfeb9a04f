import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useDeferredValue, useEffect, useId } from "react";
import { useStores } from "../../app/stores-context.tsx";
import { Screen } from "../../shell/Screen.tsx";
import { EventCard } from "../../ui/EventCard.tsx";

/** Home: event search by name, recent searches and the theme banner (the first screen: its chunk comes beside the view on home only). */
export const HomeScreen = observer(function HomeScreen() {
  const { t } = useLingui();
  const { settings, home, language } = useStores();
  const inputId = useId();
  // The cards render in a deferred, interruptible pass: a slow phone's main thread never blocks
  // for the whole list at once (the placeholders stay until then).
  const events = useDeferredValue(home.events);
  const arriving = events !== home.events;

  useEffect(() => home.init(), [home]);

  const banner = home.banners[0];
  const heroUrl = settings.settings.theme.hero;
  return (
    <Screen
      title={settings.settings.tenantName}
      hero={
        heroUrl && (
          // The first screen's largest element, in the prerendered page and preloaded (LCP).
          <img className="hero__image" src={heroUrl} alt="" />
        )
      }
      intro={
        <>
          <p className="lead">{t`Find and buy photos of yourself from sports events.`}</p>
          <search>
            <form
              className="event-search"
              onSubmit={(e) => {
                e.preventDefault();
                void home.search(home.query);
              }}
            >
              <label htmlFor={inputId}>{t`Event name`}</label>
              <div className="event-search__row">
                <input
                  id={inputId}
                  type="search"
                  value={home.query}
                  maxLength={100}
                  autoComplete="off"
                  placeholder={t`For example, marathon`}
                  onChange={(e) => home.setQuery(e.target.value)}
                />
                <button type="submit" className="button">{t`Find`}</button>
              </div>
            </form>
          </search>
        </>
      }
    >
      {banner ? (
        <img
          className="home-banner"
          src={banner.url}
          alt={banner.title}
          width={banner.width}
          height={banner.height}
        />
      ) : (
        // The banner's place, kept while it loads, so the page below does not jump (CLS).
        home.bannerPending && <div className="home-banner home-banner--pending" />
      )}
      {home.recent.length > 0 && (
        <section className="recent-searches" aria-labelledby="recent-title">
          <h2 id="recent-title">{t`Recent searches`}</h2>
          <ul>
            {home.recent.map((q) => (
              <li key={q}>
                <button type="button" className="chip" onClick={() => void home.search(q)}>
                  {q}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => home.clearRecent()}>
            {t`Clear recent searches`}
          </button>
        </section>
      )}
      <section aria-labelledby="events-title" aria-busy={home.state === "loading"}>
        <h2 id="events-title">{home.query.trim() ? t`Events found` : t`Recent events`}</h2>
        {home.state === "failed" && (
          <div className="message message--error" role="alert">
            <p>{t`Could not load events. Check your connection and try again.`}</p>
            <button type="button" className="button" onClick={() => void home.search(home.query)}>
              {t`Try again`}
            </button>
          </div>
        )}
        {home.state === "done" && home.events.length === 0 && (
          <p className="message" role="status">
            <Trans>Nothing found. Check the event name or try a shorter one.</Trans>
          </p>
        )}
        {events.length > 0 ? (
          <ul className="event-list">
            {events.map((e, i) => (
              <EventCard key={e.eventId} event={e} language={language.language} first={i === 0} />
            ))}
          </ul>
        ) : (
          (home.state === "idle" || home.state === "loading" || arriving) && (
            // The cards' places while the events load (in the prerendered page too): no jump.
            <ul className="event-list" aria-hidden="true">
              <li className="event-card event-card--placeholder" />
              <li className="event-card event-card--placeholder" />
              <li className="event-card event-card--placeholder" />
            </ul>
          )
        )}
      </section>
    </Screen>
  );
});
