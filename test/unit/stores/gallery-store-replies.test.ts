// @vitest-environment node
/**
 * GalleryStore, the "All photos" tab, over a scripted event and photo service: pages wait for
 * the browser to be idle (or 200 ms), replies for an event the visitor has left are dropped,
 * an album the backend overstates is not complete, and "It's me" (spec §7: 204 is success,
 * with the event's search token) thanks the visitor in words.
 */
import { autorun } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api, Event, Photo, PhotoTag } from "../../../storefront/src/api/index.ts";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import type { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { GalleryStore } from "../../../storefront/src/stores/GalleryStore.ts";
import { NotificationStore } from "../../../storefront/src/stores/NotificationStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { UiStore } from "../../../storefront/src/stores/UiStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { deferred, settle } from "../fixtures/deferred.ts";
import { english } from "../fixtures/english.ts";

afterEach(() => void vi.unstubAllGlobals());

type Reply = ReturnType<typeof ok<unknown>> | ReturnType<typeof failed>;
interface Page {
  items: Photo[];
  total: number;
}
type Lister = (albumId: string, onPage: (page: Page) => unknown) => Promise<Reply>;

const photo = (photoId: string) => ({ photoId, thumbnailUrl: `t/${photoId}` }) as Photo;
const TAG: PhotoTag = { photoTagId: "ph1-bib101", name: "Ivanov", value: "101", itIsMe: null };
const event = (eventId: string) =>
  ({ eventId, albumId: `a${eventId}`, photosProcessing: false, photoCount: 3 }) as Event;

/** Three photos in one page. */
const onePage: Lister = async (_album, onPage) => {
  await onPage({ items: [photo("p1"), photo("p2"), photo("p3")], total: 3 });
  return ok([photo("p1"), photo("p2"), photo("p3")]);
};

function setup(
  script: {
    event?: (id: string) => Event | null | Promise<Event | null>;
    photos?: Lister;
    itsMe?: number;
    token?: string;
  } = {},
) {
  // The services keep what they were asked on themselves, as port objects may.
  const api = {
    competitors: { token: async () => ok({ token: script.token ?? "tok" }) },
    photos: {
      listed: [] as string[],
      itsMeTokens: [] as (string | null)[],
      async listAll(query: { albumId: string }, options: { onPage: (page: Page) => unknown }) {
        this.listed.push(query.albumId);
        return (script.photos ?? onePage)(query.albumId, options.onPage);
      },
      async itsMe(_photoId: string, _body: unknown, options: { searchToken: string | null }) {
        this.itsMeTokens.push(options.searchToken);
        const status = script.itsMe ?? 204;
        return status === 204 || status === 200 ? ok(null, status) : failed(status);
      },
    },
  };
  const events = {
    load: async (id: string) => (script.event ? script.event(id) : event(id)),
  } as unknown as EventStore;
  const notifications = new NotificationStore(new UiStore(1280, false));
  const errors = new ErrorStore();
  const tokens = new SearchTokenStore(api as unknown as Api);
  const gallery = new GalleryStore({
    api: api as unknown as Api,
    events,
    tokens,
    notifications,
    errors,
  });
  return { gallery, api, tokens, notifications };
}

describe("GalleryStore: pages and the screen", () => {
  it("before loading: no photos; the screen sees loading, the photos, then done", async () => {
    const s = setup();
    expect(s.gallery.photos).toEqual([]);
    const seen: string[] = [];
    const stop = autorun(() => {
      seen.push(`${s.gallery.loading} ${s.gallery.photos.map((p) => p.photoId)}`);
    });
    await s.gallery.load("1003");
    stop();
    expect(seen).toEqual(["false ", "true ", "true p1,p2,p3", "false p1,p2,p3"]);
  });

  it("keeps the photos the service sent as they are (plain objects, not copies)", async () => {
    const sent = [photo("p1")];
    const s = setup({
      photos: async (_album, onPage) => {
        await onPage({ items: sent, total: 1 });
        return ok(sent);
      },
    });
    await s.gallery.load("1003");
    expect(s.gallery.photos[0]).toBe(sent[0]);
  });

  it("asks for the next page only when the browser is idle, waiting at most 200 ms", async () => {
    const idle: { done: () => void; options: unknown }[] = [];
    vi.stubGlobal("window", {
      requestIdleCallback: (done: () => void, options: unknown) =>
        void idle.push({ done, options }),
    });
    const asked: number[] = [];
    const s = setup({
      photos: async (_album, onPage) => {
        asked.push(1);
        await onPage({ items: [photo("p1")], total: 2 });
        asked.push(2);
        await onPage({ items: [photo("p2")], total: 2 });
        return ok([photo("p1"), photo("p2")]);
      },
    });
    const loading = s.gallery.load("1003");
    await settle();
    expect([asked, idle.map((i) => i.options)]).toEqual([[1], [{ timeout: 200 }]]);
    idle[0]?.done();
    await settle();
    expect(asked).toEqual([1, 2]);
    idle[1]?.done();
    await loading;
    expect(s.gallery.photos).toHaveLength(2);
  });

  it("a browser without requestIdleCallback (Safari) asks for the next page at once", async () => {
    vi.stubGlobal("window", {});
    const s = setup({
      photos: async (_album, onPage) => {
        await onPage({ items: [photo("p1")], total: 2 });
        await onPage({ items: [photo("p2")], total: 2 });
        return ok([photo("p1"), photo("p2")]);
      },
    });
    await s.gallery.load("1003");
    expect([s.gallery.photos.length, s.gallery.error]).toEqual([2, null]);
  });

  it("an album with fewer photos than its total is not complete, and is asked for again", async () => {
    const s = setup({
      photos: async (_album, onPage) => {
        await onPage({ items: [photo("p1")], total: 5 });
        await onPage({ items: [], total: 5 });
        return ok([photo("p1")]);
      },
    });
    await s.gallery.load("1003");
    expect([s.gallery.error, s.gallery.loading, s.gallery.complete]).toEqual([null, false, false]);
    // "Try again" is for failures only.
    await s.gallery.retry();
    expect(s.api.photos.listed).toEqual(["a1003"]);
    await s.gallery.load("1003");
    expect(s.api.photos.listed).toEqual(["a1003", "a1003"]);
  });
});

describe("GalleryStore: the visitor moved on to another event", () => {
  it("the first event's late replies change nothing", async () => {
    // Its event arrives late (and is missing).
    const first = deferred<Event | null>();
    const a = setup({ event: (id) => (id === "1003" ? first.promise : event(id)) });
    const loadA = a.gallery.load("1003");
    await a.gallery.load("1004");
    first.resolve(null);
    await loadA;
    expect([a.gallery.eventId, a.gallery.error, a.api.photos.listed]).toEqual([
      "1004",
      null,
      ["a1004"],
    ]);

    // Its page and its failure arrive while the second event loads.
    const page = deferred<void>();
    const second = deferred<void>();
    const b = setup({
      photos: async (album, onPage) => {
        if (album === "a1003") {
          await page.promise;
          await onPage({ items: [photo("old")], total: 1 });
          return failed(503);
        }
        await second.promise;
        return onePage(album, onPage);
      },
    });
    const loadB = b.gallery.load("1003");
    await settle();
    const loadC = b.gallery.load("1004");
    page.resolve();
    await loadB;
    expect([b.gallery.photos, b.gallery.error, b.gallery.loading]).toEqual([[], null, true]);
    second.resolve();
    await loadC;
    expect(b.gallery.photos.map((p) => p.photoId)).toEqual(["p1", "p2", "p3"]);
  });
});

describe("GalleryStore: It's me", () => {
  it("sends the event's search token; 204 thanks the visitor in words", async () => {
    const s = setup({ token: "tok-1003" });
    await s.tokens.obtain("1003", { competitorId: "1003-301" });
    expect(await s.gallery.itsMe("1003", photo("ph1"), TAG)).toBe(true);
    expect(s.api.photos.itsMeTokens).toEqual(["tok-1003"]);
    expect(s.notifications.items.map((n) => english(n.message))).toEqual([
      "Thank you! The photo is marked as yours.",
    ]);
  });

  it("only 204 is success: a 200 leaves the tag unanswered", async () => {
    const s = setup({ itsMe: 200 });
    expect(await s.gallery.itsMe("1003", photo("ph1"), TAG)).toBe(false);
    expect([...s.gallery.confirmed]).toEqual([]);
  });
});
