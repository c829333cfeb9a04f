// @vitest-environment node
/**
 * "My photos" (spec §4, §5, §8) over a scripted competitor, photo and catalog service, with the
 * real search-token and catalog stores: which participant a bib finds, photos shown page by
 * page, the package offers of their distance, the spec §8 errors, "Try again", and a new
 * search dropping the replies of the previous one.
 */
import { autorun, isObservable, isObservableArray } from "mobx";
import { describe, expect, it } from "vitest";
import type { Api, Event, Photo } from "../../../storefront/src/api/index.ts";
import type { Subject } from "../../../storefront/src/domain/search.ts";
import { CatalogStore } from "../../../storefront/src/stores/CatalogStore.ts";
import type { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { deferred, settle } from "../fixtures/deferred.ts";

type Reply = ReturnType<typeof ok<unknown>> | ReturnType<typeof failed>;

const EVENT = {
  eventId: "1003",
  name: "Kazan Night Run 2025",
  competitorsListId: "cl1003",
  albumId: "a1003",
  catalogId: "c1003",
  photosProcessing: false,
  photoCount: 120,
} as Event;
const runner = (competitorId: string, number: string, distance = "10K") => ({
  competitorId,
  number,
  distance,
  surname: "Ivanov",
});
const photo = (photoId: string) => ({ photoId, thumbnailUrl: `t/${photoId}` }) as Photo;
const pwm = (productId: string, distance: string | null) => ({
  productId,
  productType: "photos_with_me",
  state: "InCatalog",
  distance,
});
const FACE = { kind: "face", selfieId: "s1", personId: "f1" } as Extract<Subject, { kind: "face" }>;

interface PageOptions {
  onPage?: (page: { items: Photo[]; total: number }) => unknown;
}

interface Script {
  event?: () => Event | null | Promise<Event | null>;
  search?: () => Reply | Promise<Reply>;
  token?: () => Reply;
  /** The photo listing: by default two pages, p1 p2 then p3. */
  photos?: (options: PageOptions) => Promise<Reply>;
}

async function twoPages(options: PageOptions) {
  await options.onPage?.({ items: [photo("p1"), photo("p2")], total: 3 });
  await options.onPage?.({ items: [photo("p3")], total: 3 });
  return ok([photo("p1"), photo("p2"), photo("p3")]);
}

function setup(script: Script = {}) {
  // The services keep what they were asked on themselves, as port objects may.
  const api = {
    competitors: {
      searched: [] as string[],
      async search(_listId: string, number: string) {
        this.searched.push(number);
        return (await script.search?.()) ?? ok({ items: [runner("1003-301", "301")] });
      },
      token: async () => script.token?.() ?? ok({ token: "tok" }),
    },
    photos: {
      listed: 0,
      async listAll(_query: unknown, options: PageOptions) {
        this.listed += 1;
        return (script.photos ?? twoPages)(options);
      },
    },
    catalog: {
      products: async () =>
        ok({ items: [pwm("any", null), pwm("pwm-10k", "10K"), pwm("pwm-21k", "21K")] }),
    },
  };
  const events = {
    loads: 0,
    async load(_eventId: string) {
      this.loads += 1;
      return script.event ? await script.event() : EVENT;
    },
  };
  const tokens = new SearchTokenStore(api as unknown as Api);
  const catalog = new CatalogStore(api as unknown as Api);
  const myPhotos = new MyPhotosStore({
    api: api as unknown as Api,
    events: events as unknown as EventStore,
    tokens,
    catalog,
  });
  return { myPhotos, api, events };
}

describe("MyPhotosStore: the photos as the API gave them", () => {
  it("keeps each photo as it came (no observable per field), while the list itself is observed page by page", async () => {
    const s = setup();
    const lengths: number[] = [];
    const stop = autorun(() => lengths.push(s.myPhotos.photos.length));
    await s.myPhotos.searchByNumber("1003", "301");
    stop();
    // Emptied as the search starts, a page at a time, then the whole answer in its place.
    expect(lengths).toEqual([0, 0, 2, 3, 3]);
    expect(isObservableArray(s.myPhotos.photos)).toBe(true);
    for (const p of s.myPhotos.photos) expect(isObservable(p), p.photoId).toBe(false);
  });
});

describe("MyPhotosStore: a bib search", () => {
  it("before any search: nothing found, nothing loading, no offers, no retry", () => {
    const { myPhotos } = setup();
    expect([myPhotos.photos, myPhotos.loading, myPhotos.offers, myPhotos.canRetry]).toEqual([
      [],
      false,
      [],
      false,
    ]);
    expect(myPhotos.hasResultFor("1003")).toBe(false);
  });

  it("the bib as typed (spaces, letter case) picks that participant, not the first found", async () => {
    const s = setup({
      search: () => ok({ items: [runner("1003-112", "112a"), runner("1003-12", "12A")] }),
    });
    await s.myPhotos.searchByNumber("1003", " 12a ");
    expect(s.myPhotos.subject).toMatchObject({ competitor: { competitorId: "1003-12" } });
  });

  it("the screen sees the search: loading, photos page by page, then the offers", async () => {
    const s = setup();
    const seen: string[] = [];
    const stop = autorun(() => {
      const { loading, photos, offers } = s.myPhotos;
      seen.push(`${loading} ${photos.map((p) => p.photoId)} ${offers.map((p) => p.productId)}`);
    });
    await s.myPhotos.searchByNumber("1003", "301");
    stop();
    expect(seen).toEqual([
      "false  ",
      "true  ",
      "true p1,p2 ",
      "true p1,p2,p3 ",
      "false p1,p2,p3 any,pwm-10k",
    ]);
    expect(s.api.competitors.searched).toEqual(["301"]);
    expect(s.myPhotos.hasResultFor("1003")).toBe(true);
    expect(s.myPhotos.hasResultFor("1001")).toBe(false);
  });

  it("a new search starts empty", async () => {
    const script: Script = {};
    const s = setup(script);
    await s.myPhotos.searchByNumber("1003", "301");
    const gate = deferred<Reply>();
    script.search = () => gate.promise;
    const second = s.myPhotos.searchByNumber("1003", "302");
    await settle();
    expect([s.myPhotos.photos, s.myPhotos.subject, s.myPhotos.loading]).toEqual([[], null, true]);
    expect(s.myPhotos.hasResultFor("1003")).toBe(false);
    gate.resolve(failed(503));
    await second;
  });

  it("spec §8: no such bib, a processing event, a failure, a participant without photos", async () => {
    const notFound = setup({ search: () => failed(404) });
    await notFound.myPhotos.searchByNumber("1003", "999");
    expect(notFound.myPhotos.error).toBe("nothing-found");
    const down = setup({ search: () => failed(503) });
    await down.myPhotos.searchByNumber("1003", "301");
    expect([down.myPhotos.error, down.myPhotos.canRetry]).toEqual(["failed", true]);
    expect(down.myPhotos.hasResultFor("1003")).toBe(true);
    const processing = setup({
      event: () => ({ ...EVENT, photosProcessing: true }),
      search: () => ok({ items: [] }),
    });
    await processing.myPhotos.searchByNumber("1003", "301");
    expect(processing.myPhotos.error).toBe("processing");
    const none = setup({ photos: async () => ok([]) });
    await none.myPhotos.searchByNumber("1003", "301");
    expect([none.myPhotos.error, none.myPhotos.loading]).toEqual(["participant-nothing", false]);
  });

  it("no search token: Try again later, and no photos", async () => {
    const s = setup({ token: () => failed(404) });
    await s.myPhotos.searchByNumber("1003", "301");
    expect([s.myPhotos.error, s.myPhotos.photos, s.api.photos.listed]).toEqual(["failed", [], 0]);
  });

  it("a listing that fails after its first page shows no photos", async () => {
    const s = setup({
      photos: async (options) => {
        await options.onPage?.({ items: [photo("p1")], total: 3 });
        return failed(503);
      },
    });
    await s.myPhotos.searchByNumber("1003", "301");
    expect([s.myPhotos.error, s.myPhotos.photos]).toEqual(["failed", []]);
  });

  it("Try again repeats only a failed search", async () => {
    let status = 503;
    const s = setup({
      search: () => (status === 200 ? ok({ items: [runner("1", "301")] }) : failed(status)),
    });
    await s.myPhotos.searchByNumber("1003", "301");
    status = 200;
    await s.myPhotos.retry();
    expect([s.myPhotos.error, s.api.competitors.searched]).toEqual([null, ["301", "301"]]);
    await s.myPhotos.retry();
    expect(s.api.competitors.searched).toHaveLength(2);
  });
});

describe("MyPhotosStore: a face", () => {
  it("the face's photos; none is No photos; an event that does not load fails and can be retried", async () => {
    const s = setup();
    await s.myPhotos.showFace("1003", FACE);
    expect([s.myPhotos.subject, s.myPhotos.photos.length, s.myPhotos.error]).toEqual([
      FACE,
      3,
      null,
    ]);
    // A face has no distance: only the packages for any distance are offered.
    expect(s.myPhotos.offers.map((p) => p.productId)).toEqual(["any"]);
    const empty = setup({ photos: async () => ok([]) });
    await empty.myPhotos.showFace("1003", FACE);
    expect(empty.myPhotos.error).toBe("no-photos");
    let event: Event | null = null;
    const missing = setup({ event: () => event });
    await missing.myPhotos.showFace("1003", FACE);
    expect([missing.myPhotos.error, missing.myPhotos.loading]).toEqual(["failed", false]);
    event = EVENT;
    await missing.myPhotos.retry();
    expect([missing.myPhotos.error, missing.events.loads]).toEqual([null, 2]);
  });
});

describe("MyPhotosStore: replies of a search that was replaced", () => {
  it("are dropped at every step", async () => {
    const event = deferred<Event | null>();
    const a = setup({ event: () => event.promise });
    const searchA = a.myPhotos.searchByNumber("1003", "301");
    a.myPhotos.reset();
    event.resolve(EVENT);
    await searchA;
    expect([a.myPhotos.error, a.api.competitors.searched]).toEqual([null, []]);

    const faceEvent = deferred<Event | null>();
    const b = setup({ event: () => faceEvent.promise });
    const faceB = b.myPhotos.showFace("1003", FACE);
    b.myPhotos.reset();
    faceEvent.resolve(EVENT);
    await faceB;
    expect([b.myPhotos.subject, b.api.photos.listed]).toEqual([null, 0]);

    const found = deferred<Reply>();
    const c = setup({ search: () => found.promise });
    const searchC = c.myPhotos.searchByNumber("1003", "301");
    await settle();
    c.myPhotos.reset();
    found.resolve(ok({ items: [runner("1003-301", "301")] }));
    await searchC;
    expect([c.myPhotos.subject, c.myPhotos.loading, c.api.photos.listed]).toEqual([null, false, 0]);

    const page = deferred<void>();
    const d = setup({
      photos: async (options) => {
        await page.promise;
        await options.onPage?.({ items: [photo("p1")], total: 1 });
        return ok([photo("p1")]);
      },
    });
    const searchD = d.myPhotos.searchByNumber("1003", "301");
    await settle();
    d.myPhotos.reset();
    page.resolve();
    await searchD;
    expect([d.myPhotos.photos, d.myPhotos.subject, d.myPhotos.error, d.myPhotos.offers]).toEqual([
      [],
      null,
      null,
      [],
    ]);
  });
});
