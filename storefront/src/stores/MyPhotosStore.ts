import { makeAutoObservable, runInAction } from "mobx";
import type { Api, Competitor, Event, Photo, Product, TokenRequest } from "../api/index.ts";
import { type SearchErrorCode, searchErrorOf } from "../domain/search.ts";
import type { EventStore } from "./EventStore.ts";
import type { SearchTokenStore } from "./SearchTokenStore.ts";

export interface MyPhotosDeps {
  api: Api;
  events: EventStore;
  tokens: SearchTokenStore;
}

/** Who "My photos" are of: a participant found by bib, or a face found by a selfie. */
export type Subject =
  | { kind: "competitor"; competitor: Competitor }
  | { kind: "face"; selfieId: string; personId: string; competitorId: string | null };

/**
 * A participant's photos in one event (the "My photos" tab and /search/{id}/{number}),
 * with the package offers ("All my photos") from the event's catalog.
 */
export class MyPhotosStore {
  eventId: string | null = null;
  subject: Subject | null = null;
  photos: Photo[] = [];
  total = 0;
  offers: Product[] = [];
  loading = false;
  error: SearchErrorCode | null = null;
  /** The last search, to repeat it after a failure. */
  private last: (() => Promise<void>) | null = null;
  private readonly deps: MyPhotosDeps;
  private run = 0;

  constructor(deps: MyPhotosDeps) {
    this.deps = deps;
    makeAutoObservable<MyPhotosStore, "deps" | "run" | "last">(this, {
      deps: false,
      run: false,
      last: false,
    });
  }

  /** The search failed for a passing reason (offline, a server error): it can be repeated. */
  get canRetry(): boolean {
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
    this.run++;
    this.last = null;
    this.eventId = null;
    this.subject = null;
    this.photos = [];
    this.total = 0;
    this.offers = [];
    this.error = null;
    this.loading = false;
  }

  /** /search/{id}/{number}: the participant with that bib, then their photos. */
  async searchByNumber(eventId: string, number: string): Promise<void> {
    const run = this.begin(eventId);
    this.last = () => this.searchByNumber(eventId, number);
    const event = await this.deps.events.load(eventId);
    if (run !== this.run) return;
    if (!event) return this.fail(run, "failed");
    const found = await this.deps.api.competitors.search(event.competitorsListId, number);
    if (run !== this.run) return;
    if (!found.ok) return this.fail(run, found.status === 404 ? "nothing-found" : "failed");
    const wanted = number.trim().toLowerCase();
    const competitor =
      found.data.items.find((c) => c.number.toLowerCase() === wanted) ?? found.data.items[0];
    if (!competitor) {
      return this.fail(run, searchErrorOf(facts(event, 0, 0)) ?? "nothing-found");
    }
    await this.show(run, event, { kind: "competitor", competitor });
  }

  /** The photos of a face found by face search. */
  async showFace(eventId: string, face: Extract<Subject, { kind: "face" }>): Promise<void> {
    const run = this.begin(eventId);
    this.last = () => this.showFace(eventId, face);
    const event = await this.deps.events.load(eventId);
    if (run !== this.run) return;
    if (!event) return this.fail(run, "failed");
    await this.show(run, event, face);
  }

  private begin(eventId: string): number {
    this.reset();
    this.eventId = eventId;
    this.loading = true;
    return this.run;
  }

  private fail(run: number, code: SearchErrorCode): void {
    if (run !== this.run) return;
    runInAction(() => {
      this.error = code;
      this.loading = false;
    });
  }

  private async show(run: number, event: Event, subject: Subject): Promise<void> {
    runInAction(() => {
      this.subject = subject;
    });
    const request: TokenRequest =
      subject.kind === "competitor"
        ? { competitorId: subject.competitor.competitorId }
        : { selfieId: subject.selfieId, personId: subject.personId };
    const query =
      subject.kind === "competitor"
        ? { albumId: event.albumId, competitorId: subject.competitor.competitorId }
        : { albumId: event.albumId, personId: subject.personId };
    const [result, products] = await Promise.all([
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
      this.deps.api.catalog.products({ catalogId: event.catalogId }),
    ]);
    if (run !== this.run) return;
    runInAction(() => {
      this.loading = false;
      const distance = subject.kind === "competitor" ? subject.competitor.distance : null;
      this.offers = products.ok
        ? products.data.items.filter(
            (p) =>
              p.productType === "photos_with_me" &&
              p.state === "InCatalog" &&
              (p.distance === null || p.distance === distance),
          )
        : [];
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
