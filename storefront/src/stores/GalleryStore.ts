import { msg } from "@lingui/core/macro";
import { makeAutoObservable, observableShallow, runInAction } from "mobx";
import type { FindApi, Photo, PhotoTag } from "../api/index.ts";
import { allPhotosEventOf } from "../domain/gallery.ts";
import { albumErrorOf, type SearchErrorCode } from "../domain/search.ts";
import type { ErrorStore } from "./ErrorStore.ts";
import type { EventStore } from "./EventStore.ts";
import type { NotificationStore } from "./NotificationStore.ts";
import type { SearchTokenStore } from "./SearchTokenStore.ts";

export interface GalleryDeps {
  api: FindApi;
  events: EventStore;
  tokens: SearchTokenStore;
  notifications: NotificationStore;
  errors: ErrorStore;
}

/**
 * All photos of one event (the "All photos" tab): pages of 100 until `total`, shown as
 * they arrive; and the "It's me" answer on a photo's tag.
 */
/** Resolves when the browser is idle (or after 200 ms); at once where there is no window. */
function whenIdle(): Promise<void> {
  if (typeof window === "undefined" || typeof window.requestIdleCallback !== "function") {
    return Promise.resolve();
  }
  return new Promise((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 200 }));
}

export class GalleryStore {
  eventId: string | null = null;
  photos: Photo[] = [];
  total = 0;
  loading = false;
  error: SearchErrorCode | null = null;
  /** Tags answered in this visit, so the button does not offer the same answer twice. */
  readonly confirmed = new Set<string>();
  private readonly deps: GalleryDeps;
  private abort: AbortController | null = null;

  constructor(deps: GalleryDeps) {
    this.deps = deps;
    // Photos are read-only data: a shallow array keeps 10,000 of them plain objects, not proxies.
    makeAutoObservable<GalleryStore, "deps" | "abort">(this, {
      photos: observableShallow,
      deps: false,
      // Stryker disable next-line BooleanLiteral: equivalent, an AbortController is kept as it is and only compared by identity
      abort: false,
    });
  }

  get complete(): boolean {
    return !this.loading && this.error === null && this.photos.length >= this.total;
  }

  /** Loads every photo of the event's album, page by page; again only for another event. */
  async load(eventId: string): Promise<void> {
    if (this.eventId === eventId && (this.loading || this.complete)) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.eventId = eventId;
    this.photos = [];
    this.total = 0;
    this.error = null;
    this.loading = true;
    try {
      const event = await this.deps.events.load(eventId);
      if (abort.signal.aborted) return;
      if (!event) {
        runInAction(() => {
          this.error = "failed";
        });
        return;
      }
      const result = await this.deps.api.photos.listAll(
        { albumId: event.albumId },
        {
          signal: abort.signal,
          onPage: (page) => {
            runInAction(() => {
              if (abort.signal.aborted) return;
              this.photos.push(...page.items);
              this.total = page.total;
            });
            // Let the browser paint and fetch the visible photos before asking for the next
            // page, so a 10,000-photo event shows its first photos as fast as a small one.
            return whenIdle();
          },
        },
      );
      if (abort.signal.aborted) return;
      runInAction(() => {
        this.error = result.ok ? albumErrorOf(event.photosProcessing, this.total) : "failed";
      });
    } finally {
      runInAction(() => {
        if (this.abort === abort) this.loading = false;
      });
    }
  }

  /**
   * At start-up: an address that opens an event's whole gallery starts loading its photos at
   * once (the screen's own load then joins it); any other address, nothing.
   */
  prefetch(path: string, search: string): Promise<void> {
    const eventId = allPhotosEventOf(path, search);
    return eventId ? this.load(eventId) : Promise.resolve();
  }

  /** Loads the current event's photos again after a failure (the "Try again" button). */
  retry(): Promise<void> {
    const eventId = this.eventId;
    // A load in progress has no error: only a finished, failed load is repeated.
    // Stryker disable next-line ConditionalExpression: equivalent, a failure always belongs to an event
    if (!eventId || this.error !== "failed") return Promise.resolve();
    return this.load(eventId);
  }

  /** POST itsme for a tag of the photo; 204 is success and shows a notification. */
  async itsMe(eventId: string, photo: Photo, tag: PhotoTag): Promise<boolean> {
    const token = this.deps.tokens.tokenOf(eventId);
    const result = await this.deps.api.photos.itsMe(
      photo.photoId,
      { itIsMe: true, tag: { photoTagId: tag.photoTagId, name: tag.name, value: tag.value } },
      { searchToken: token },
    );
    return runInAction(() => {
      if (result.ok && result.status === 204) {
        this.confirmed.add(tag.photoTagId);
        this.deps.notifications.notify(msg`Thank you! The photo is marked as yours.`);
        return true;
      }
      this.deps.errors.show(msg`Try again later`);
      return false;
    });
  }
}
