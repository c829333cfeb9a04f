import { makeAutoObservable, observableRef, runInAction } from "mobx";
import type { Api, Event, ThemeImage } from "../api/index.ts";
import { rememberSearch } from "../domain/recent-searches.ts";
import type { KeyValueStorage, LoadState } from "./types.ts";

export const RECENT_SEARCHES_KEY = "storefront.recentSearches";
/** Debounce of the event search while typing. */
export const SEARCH_DEBOUNCE_MS = 300;
const EVENTS_PER_SEARCH = 24;

/** Home: event search by name (debounced), recent searches on the device, theme banners. */
export class HomeStore {
  query = "";
  events: Event[] = [];
  total = 0;
  state: LoadState = "idle";
  /** Read from the device in init(), after the first render: the prerendered page has none. */
  recent: string[] = [];
  banners: ThemeImage[] = [];
  /** Banners requested and not yet known to be absent: home keeps their place meanwhile. */
  bannerPending: boolean;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The first screen's calls, started before the app renders (prefetch). */
  private early:
    | {
        events: ReturnType<Api["events"]["list"]>;
        banners: ReturnType<Api["themes"]["images"]> | null;
      }
    | undefined;
  private controller: AbortController | undefined;
  private readonly api: Pick<Api, "themes" | "events">;
  private readonly storage: KeyValueStorage;
  private readonly themeId: string;
  private readonly showBanners: boolean;

  constructor(deps: {
    api: Pick<Api, "themes" | "events">;
    storage: KeyValueStorage;
    themeId: string;
    showBanners: boolean;
  }) {
    this.api = deps.api;
    this.storage = deps.storage;
    this.themeId = deps.themeId;
    this.showBanners = deps.showBanners;
    this.bannerPending = deps.showBanners;
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<HomeStore, "timer" | "controller" | "api" | "storage" | "early">(this, {
      // The API's events and banners as they came (each answer replaces the list whole).
      events: observableRef,
      banners: observableRef,
      timer: false,
      early: false,
      controller: false,
      api: false,
      storage: false,
    });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  /**
   * Starts home's two calls (latest events, banners) as soon as the app has its settings, before
   * the catalog loads and the page hydrates; nothing observable changes until init() takes them.
   */
  prefetch(): void {
    if (this.early || this.state !== "idle") return;
    this.early = {
      events: this.api.events.list({ offset: 0, count: EVENTS_PER_SEARCH }),
      banners: this.showBanners ? this.api.themes.images(this.themeId) : null,
    };
  }

  /** First visit of home: the latest events and the banners. */
  init(): void {
    const early = this.early;
    this.early = undefined;
    if (this.state === "idle") this.recent = readRecent(this.storage);
    if (this.state === "idle") void this.search(this.query, early?.events);
    if (this.showBanners && this.banners.length === 0) void this.loadBanners(early?.banners);
  }

  /** Typing: searches after a pause, so each keystroke does not cost a request. */
  setQuery(query: string): void {
    this.query = query;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.search(this.query), SEARCH_DEBOUNCE_MS);
  }

  /** Searches now (the form's submit, a recent search, a retry). */
  async search(query: string, started?: ReturnType<Api["events"]["list"]>): Promise<void> {
    clearTimeout(this.timer);
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.query = query;
    this.state = "loading";
    const text = query.trim();
    const result = await (started && !text
      ? started
      : this.api.events.list(
          { ...(text ? { searchString: text } : {}), offset: 0, count: EVENTS_PER_SEARCH },
          { signal: controller.signal },
        ));
    if (controller.signal.aborted) return;
    runInAction(() => {
      if (!result.ok) {
        this.state = "failed";
        return;
      }
      this.events = result.data.items;
      this.total = result.data.total;
      this.state = "done";
      if (text.length >= 2 && result.data.items.length > 0) {
        this.recent = rememberSearch(this.recent, text);
        this.storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(this.recent));
      }
    });
  }

  clearRecent(): void {
    this.recent = [];
    this.storage.removeItem(RECENT_SEARCHES_KEY);
  }

  private async loadBanners(started?: ReturnType<Api["themes"]["images"]> | null): Promise<void> {
    const result = await (started ?? this.api.themes.images(this.themeId));
    // Banners are decoration: a failure leaves the home screen without them, silently.
    runInAction(() => {
      if (result.ok) this.banners = result.data.items;
      this.bannerPending = false;
    });
  }
}

/** Reads recent searches; anything corrupt in storage yields an empty list, not a crash. */
function readRecent(storage: KeyValueStorage): string[] {
  try {
    // Stryker disable next-line StringLiteral: equivalent, JSON.parse("") throws and the catch gives the same empty list
    const value: unknown = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? "[]");
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string").slice(0, 5)
      : [];
  } catch {
    return [];
  }
}
