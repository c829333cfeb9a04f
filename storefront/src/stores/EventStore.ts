import { makeAutoObservable, observableShallow, runInAction } from "mobx";
import type { ApiError, ApiResult, Event, FindApi, Photo } from "../api/index.ts";
import { EVENT_STRIP_PHOTOS } from "../domain/gallery.ts";

/** A call for an event already on its way (started before the shop loaded), if any. */
export type EarlyEvent = (id: string) => Promise<ApiResult<Event>> | undefined;

/** Events by id (GET /events/{id}), each loaded once per visit. */
export class EventStore {
  readonly events = new Map<string, Event>();
  readonly errors = new Map<string, ApiError>();
  readonly loading = new Set<string>();
  /** The first photos of each event shown on its page (the strip); none until loaded. */
  readonly firstPhotos = new Map<string, Photo[]>();
  private readonly api: FindApi;
  private readonly pending = new Map<string, Promise<Event | null>>();
  private readonly early: EarlyEvent;

  constructor(api: FindApi, early: EarlyEvent = () => undefined) {
    this.api = api;
    this.early = early;
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<EventStore, "api" | "pending" | "early">(this, {
      // Events and their first photos as the API gave them (replaced, never changed in place).
      events: observableShallow,
      firstPhotos: observableShallow,
      api: false,
      pending: false,
      early: false,
    });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  event(id: string): Event | undefined {
    return this.events.get(id);
  }

  /**
   * Why the event is missing: "not-found" when the backend says there is no such event (404),
   * "unavailable" for any other failure (offline, a server error: try again), else null.
   */
  failure(id: string): "not-found" | "unavailable" | null {
    const error = this.errors.get(id);
    if (!error) return null;
    // Stryker disable next-line ConditionalExpression: equivalent, only an HTTP error can carry 404 (a network error has its own status, a contract error a 2xx)
    return error.kind === "http" && error.status === 404 ? "not-found" : "unavailable";
  }

  /** The event, loading it when needed; null (with `errors.get(id)` set) on failure. */
  load(id: string): Promise<Event | null> {
    const known = this.events.get(id);
    if (known) return Promise.resolve(known);
    let p = this.pending.get(id);
    if (!p) {
      p = this.fetch(id);
      this.pending.set(id, p);
    }
    return p;
  }

  /**
   * The event's first photos for its page (one small page of /photos), once per visit; an
   * event with no photos yet, or a failed call, shows no strip (a failed one is asked again).
   */
  async loadFirstPhotos(id: string): Promise<void> {
    if (this.firstPhotos.has(id)) return;
    this.firstPhotos.set(id, []);
    const event = await this.load(id);
    if (event?.photoCount === 0) return;
    const result = event
      ? await this.api.photos.list({ albumId: event.albumId, count: EVENT_STRIP_PHOTOS })
      : null;
    runInAction(() => {
      if (result?.ok) this.firstPhotos.set(id, result.data.items.slice(0, EVENT_STRIP_PHOTOS));
      // Asked again on the next visit of the page (the event's "Try again" included).
      else this.firstPhotos.delete(id);
    });
  }

  private async fetch(id: string): Promise<Event | null> {
    this.loading.add(id);
    this.errors.delete(id);
    const result = await (this.early(id) ?? this.api.events.get(id));
    return runInAction(() => {
      this.loading.delete(id);
      this.pending.delete(id);
      if (result.ok) {
        this.events.set(id, result.data);
        return result.data;
      }
      this.errors.set(id, result.error);
      return null;
    });
  }
}
