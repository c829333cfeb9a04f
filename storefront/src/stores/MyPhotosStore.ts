import { makeAutoObservable, observableShallow, runInAction } from "mobx";
import type { Event, FindApi, Photo, Product } from "../api/index.ts";
import {
  competitorOfNumber,
  type SearchErrorCode,
  type Subject,
  searchErrorOf,
} from "../domain/search.ts";
import type { CatalogStore } from "./CatalogStore.ts";
import type { EventStore } from "./EventStore.ts";
import { type SearchTokenStore, tokenRequestOf } from "./SearchTokenStore.ts";

export interface MyPhotosDeps {
  api: FindApi;
  events: EventStore;
  tokens: SearchTokenStore;
  catalog: CatalogStore;
}

/**
 * A participant's photos in one event (the "My photos" tab and /search/{id}/{number}),
 * with the package offers ("All my photos") from the event's catalog.
 */
export class MyPhotosStore {
  eventId: string | null = null;
  subject: Subject | null = null;
  photos: Photo[] = [];
  total = 0;
  loading = false;
  error: SearchErrorCode | null = null;
  /** Whose package offers show, once the search is done: the event's catalog and their distance. */
  private offered: { catalogId: string; distance: string | null } | null = null;
  /** The last search, to repeat it after a failure. */
  private last: (() => Promise<void>) | null = null;
  private readonly deps: MyPhotosDeps;
  private run = 0;

  constructor(deps: MyPhotosDeps) {
    this.deps = deps;
    makeAutoObservable<MyPhotosStore, "deps" | "run" | "last" | "offered">(this, {
      // The API's photos as they came (never changed in place): the list is observed, not each
      // photo's fields, so a page of photos costs no observable per field (MobX's default).
      photos: observableShallow,
      deps: false,
      // Stryker disable next-line BooleanLiteral: equivalent, the counter is only compared after awaits, never read by a view
      run: false,
      // Stryker disable next-line BooleanLiteral: equivalent, it changes only together with error and loading, which are observable
      last: false,
      offered: true,
    });
  }

  /** The package offers ("All my photos") of the event's catalog for this participant. */
  get offers(): Product[] {
    const o = this.offered;
    return o ? this.deps.catalog.offers(o.catalogId, o.distance) : [];
  }

  /** The search failed for a passing reason (offline, a server error): it can be repeated. */
  get canRetry(): boolean {
    // Stryker disable next-line ConditionalExpression: equivalent, a failed search always has a last search (reset clears both)
    return this.error === "failed" && !this.loading && this.last !== null;
  }

  /** Repeats the last search (the "Try again" button). */
  retry(): Promise<void> {
    return this.canRetry && this.last ? this.last() : Promise.resolve();
  }

  /** True when "My photos" of `eventId` are known (found, or searched and failed). */
  hasResultFor(eventId: string): boolean {
    return this.eventId === eventId && (this.subject !== null || this.error !== null);
  }

  /** Forgets the current result (a new search). */
  reset(): void {
    // Stryker disable next-line UpdateOperator: equivalent, only reset() changes it: counting down gives new values too
    this.run++;
    this.last = null;
    this.eventId = null;
    this.subject = null;
    this.photos = [];
    this.total = 0;
    this.offered = null;
    this.error = null;
    this.loading = false;
  }

  /** /search/{id}/{number}: the participant with that bib, then their photos. */
  async searchByNumber(eventId: string, number: string): Promise<void> {
    const run = this.begin(eventId);
    this.last = () => this.searchByNumber(eventId, number);
    const event = await this.deps.events.load(eventId);
    if (run !== this.run) return;
    if (!event) return this.fail("failed");
    const found = await this.deps.api.competitors.search(event.competitorsListId, number);
    if (run !== this.run) return;
    if (!found.ok) return this.fail(found.status === 404 ? "nothing-found" : "failed");
    const competitor = competitorOfNumber(found.data.items, number);
    if (!competitor) {
      // Stryker disable next-line StringLiteral: equivalent, searchErrorOf always names an error when no participant was found
      return this.fail(searchErrorOf(facts(event, 0, 0)) ?? "nothing-found");
    }
    await this.show(run, event, { kind: "competitor", competitor });
  }

  /** The photos of a face found by face search. */
  async showFace(eventId: string, face: Extract<Subject, { kind: "face" }>): Promise<void> {
    const run = this.begin(eventId);
    this.last = () => this.showFace(eventId, face);
    const event = await this.deps.events.load(eventId);
    if (run !== this.run) return;
    if (!event) return this.fail("failed");
    await this.show(run, event, face);
  }

  private begin(eventId: string): number {
    this.reset();
    this.eventId = eventId;
    this.loading = true;
    return this.run;
  }

  /** Ends the current search with an error; callers have checked it is still the current one. */
  private fail(code: SearchErrorCode): void {
    runInAction(() => {
      this.error = code;
      this.loading = false;
    });
  }

  private async show(run: number, event: Event, subject: Subject): Promise<void> {
    runInAction(() => {
      this.subject = subject;
    });
    const request = tokenRequestOf(subject);
    const query =
      subject.kind === "competitor"
        ? { albumId: event.albumId, competitorId: subject.competitor.competitorId }
        : { albumId: event.albumId, personId: subject.personId };
    const [result] = await Promise.all([
      this.deps.tokens.withToken(event.eventId, request, (searchToken) =>
        this.deps.api.photos.listAll(query, {
          searchToken,
          onPage: (page) =>
            runInAction(() => {
              if (run !== this.run) return;
              this.photos.push(...page.items);
              this.total = page.total;
            }),
        }),
      ),
      this.deps.catalog.load(event.catalogId),
    ]);
    if (run !== this.run) return;
    runInAction(() => {
      this.loading = false;
      const distance = subject.kind === "competitor" ? subject.competitor.distance : null;
      this.offered = { catalogId: event.catalogId, distance };
      if (!result?.ok) {
        this.photos = [];
        this.error = "failed";
        return;
      }
      this.photos = result.data;
      this.total = result.data.length;
      this.error = searchErrorOf(
        facts(event, subject.kind === "competitor" ? 1 : null, result.data.length),
      );
    });
  }
}

function facts(event: Event, competitorsFound: number | null, photosFound: number) {
  return {
    processing: event.photosProcessing,
    eventPhotoCount: event.photoCount,
    competitorsFound,
    photosFound,
  };
}
