/**
 * GalleryStore, the "All photos" tab, over a scripted API: pages shown as they arrive, one load
 * per event, a failure that can be repeated, and the "It's me" answer (spec §7: POST
 * photo-service /photos/{photoId}/itsme with itIsMe and the tag; 204 is success).
 */
import { describe, expect, it } from "vitest";
import type { Api, Photo, PhotoTag } from "../../../storefront/src/api/index.ts";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { GalleryStore } from "../../../storefront/src/stores/GalleryStore.ts";
import { NotificationStore } from "../../../storefront/src/stores/NotificationStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { UiStore } from "../../../storefront/src/stores/UiStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";

const photo = (n: number) => ({ photoId: `ph${n}` }) as Photo;
const TAG: PhotoTag = { photoTagId: "ph1-bib101", name: "Ivanov", value: "101", itIsMe: null };

/** A scripted API: events by id, photos in pages of `pageSize` up to `total`, itsMe's status. */
function setup(
  opts: {
    total?: number;
    processing?: boolean;
    photosFail?: boolean;
    itsMeStatus?: number;
    eventMissing?: boolean;
  } = {},
) {
  const log: string[] = [];
  const itsMeCalls: unknown[] = [];
  const total = opts.total ?? 5;
  let photosFail = opts.photosFail ?? false;
  const api = {
    events: {
      get: async (id: string) => {
        log.push(`event ${id}`);
        return opts.eventMissing
          ? failed(404)
          : ok({ eventId: id, albumId: `a${id}`, photosProcessing: opts.processing ?? false });
      },
    },
    photos: {
      listAll: async (
        query: { albumId: string },
        o: { onPage?: (p: { items: Photo[]; total: number }) => unknown },
      ) => {
        log.push(`photos ${query.albumId}`);
        if (photosFail) return failed(503);
        const all = Array.from({ length: total }, (_, i) => photo(i + 1));
        for (let i = 0; i < total; i += 2) await o.onPage?.({ items: all.slice(i, i + 2), total });
        return ok(all);
      },
      itsMe: async (photoId: string, body: unknown, o: { searchToken?: string | null }) => {
        itsMeCalls.push({ photoId, body, token: o.searchToken ?? null });
        const status = opts.itsMeStatus ?? 204;
        return status === 204 ? ok(null, 204) : failed(status);
      },
    },
  } as unknown as Api;
  const errors = new ErrorStore();
  const notifications = new NotificationStore(new UiStore(1280, false));
  const tokens = new SearchTokenStore(api);
  const gallery = new GalleryStore({
    api,
    events: new EventStore(api),
    tokens,
    notifications,
    errors,
  });
  return {
    gallery,
    errors,
    notifications,
    log,
    itsMeCalls,
    heal: () => {
      photosFail = false;
    },
  };
}

describe("GalleryStore: all photos of an event", () => {
  it("loads every page until the total, once per event", async () => {
    const s = setup({ total: 5 });
    expect(s.gallery.complete).toBe(true); // nothing asked yet: 0 of 0
    await s.gallery.load("1003");
    expect(s.gallery.photos.map((p) => p.photoId)).toEqual(["ph1", "ph2", "ph3", "ph4", "ph5"]);
    expect([s.gallery.total, s.gallery.loading, s.gallery.error, s.gallery.complete]).toEqual([
      5,
      false,
      null,
      true,
    ]);
    await s.gallery.load("1003");
    expect(s.log).toEqual(["event 1003", "photos a1003"]);
  });

  it("at start-up, an address of an event's whole gallery loads its photos at once; any other, nothing", async () => {
    const s = setup({ total: 3 });
    await s.gallery.prefetch("/event/1003/photos", "?tab=mine");
    await s.gallery.prefetch("/event/1003", "");
    expect(s.log).toEqual([]);
    await s.gallery.prefetch("/event/1003/photos", "?tab=all");
    expect(s.log).toEqual(["event 1003", "photos a1003"]);
    expect([s.gallery.eventId, s.gallery.photos.length]).toEqual(["1003", 3]);
  });

  it("a second ask while loading waits for the first instead of loading again", async () => {
    const s = setup();
    const first = s.gallery.load("1003");
    expect(s.gallery.loading).toBe(true);
    expect(s.gallery.complete).toBe(false);
    await s.gallery.load("1003");
    await first;
    expect(s.log).toEqual(["event 1003", "photos a1003"]);
  });

  it("another event starts afresh", async () => {
    const s = setup({ total: 3 });
    await s.gallery.load("1003");
    await s.gallery.load("1004");
    expect(s.gallery.eventId).toBe("1004");
    expect(s.gallery.photos).toHaveLength(3);
    expect(s.log).toEqual(["event 1003", "photos a1003", "event 1004", "photos a1004"]);
  });

  it("an event without photos says so, or that they are still being processed", async () => {
    const none = setup({ total: 0 });
    await none.gallery.load("1003");
    expect(none.gallery.error).toBe("no-photos");
    const processing = setup({ total: 0, processing: true });
    await processing.gallery.load("1005");
    expect(processing.gallery.error).toBe("processing");
  });

  it("a failure can be repeated, and only a failure", async () => {
    const s = setup({ photosFail: true, total: 2 });
    await s.gallery.retry(); // nothing loaded yet: nothing to repeat
    expect(s.log).toEqual([]);
    await s.gallery.load("1003");
    expect([s.gallery.error, s.gallery.complete, s.gallery.loading]).toEqual([
      "failed",
      false,
      false,
    ]);
    s.heal();
    await s.gallery.retry();
    expect([s.gallery.error, s.gallery.photos.length]).toEqual([null, 2]);
    await s.gallery.retry();
    expect(s.log.filter((l) => l.startsWith("photos"))).toHaveLength(2);
  });

  it("an event that cannot be loaded fails without asking for photos", async () => {
    const s = setup({ eventMissing: true });
    await s.gallery.load("404");
    expect([s.gallery.error, s.gallery.loading]).toEqual(["failed", false]);
    expect(s.log).toEqual(["event 404"]);
  });
});

describe("GalleryStore: It's me", () => {
  it("sends itIsMe with the tag; 204 marks the tag answered and thanks the visitor", async () => {
    const s = setup();
    expect(await s.gallery.itsMe("1003", photo(1), TAG)).toBe(true);
    expect(s.itsMeCalls).toEqual([
      {
        photoId: "ph1",
        body: { itIsMe: true, tag: { photoTagId: "ph1-bib101", name: "Ivanov", value: "101" } },
        token: null,
      },
    ]);
    expect([...s.gallery.confirmed]).toEqual(["ph1-bib101"]);
    expect(s.notifications.items).toHaveLength(1);
    expect(s.errors.queue).toEqual([]);
  });

  it("any other answer shows 'Try again later' and leaves the tag unanswered", async () => {
    const s = setup({ itsMeStatus: 500 });
    expect(await s.gallery.itsMe("1003", photo(1), TAG)).toBe(false);
    expect([...s.gallery.confirmed]).toEqual([]);
    expect(s.notifications.items).toEqual([]);
    expect(s.errors.lastErrorText).toBe("Try again later");
  });
});
