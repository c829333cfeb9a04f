/**
 * AccountStore (spec §2: order history with show more, order details; §7: GET /orders,
 * GET /orders/{id} and /orders/{id}/items) and EventStore (GET /events/{id}, once per visit)
 * over a scripted API.
 */
import { describe, expect, it } from "vitest";
import type { Api, Event, Order, Photo } from "../../../storefront/src/api/index.ts";
import { EVENT_STRIP_PHOTOS } from "../../../storefront/src/domain/gallery.ts";
import { AccountStore } from "../../../storefront/src/stores/AccountStore.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";

const order = (orderId: string, day: number) =>
  ({ orderId, createdOn: new Date(Date.UTC(2025, 9, day)).toISOString() }) as Order;

function account(script: { list?: () => unknown; get?: () => unknown; items?: () => unknown }) {
  const log: string[] = [];
  const api = {
    orders: {
      list: async (q: { offset: number; count: number }) => {
        log.push(`GET /orders ${q.offset} ${q.count}`);
        return script.list?.() ?? ok({ items: [order("o1", 2), order("o2", 1)], total: 2 });
      },
      get: async (id: string) => {
        log.push(`GET /orders/${id}`);
        return script.get?.() ?? ok({ ...order(id, 3), number: "N-1" });
      },
      items: async (id: string) => {
        log.push(`GET /orders/${id}/items`);
        return script.items?.() ?? ok([{ orderItemId: "i1" }]);
      },
    },
  } as unknown as Api;
  return { store: new AccountStore(api), log };
}

describe("AccountStore", () => {
  it("loads the first page fresh, 10 per page, newest first", async () => {
    const a = account({});
    expect([a.store.state, a.store.hasMore]).toEqual(["idle", false]);
    const loading = a.store.load();
    expect(a.store.state).toBe("loading");
    await loading;
    expect(a.log).toEqual(["GET /orders 0 10"]);
    expect(a.store.orders.map((o) => o.orderId)).toEqual(["o1", "o2"]);
    expect([a.store.state, a.store.total, a.store.hasMore]).toEqual(["done", 2, false]);
    await a.store.showMore();
    expect(a.log).toHaveLength(1);
  });

  it("a failed page says so and keeps what was shown", async () => {
    let fail = false;
    const a = account({
      list: () => (fail ? failed(503) : ok({ items: [order("o1", 2)], total: 5 })),
    });
    await a.store.load();
    fail = true;
    await a.store.showMore();
    expect(a.log).toEqual(["GET /orders 0 10", "GET /orders 1 10"]);
    expect([a.store.state, a.store.orders.length, a.store.hasMore]).toEqual(["failed", 1, true]);
  });

  it("show more is asked once while a page is loading", async () => {
    const a = account({ list: () => ok({ items: [order("o1", 2)], total: 5 }) });
    await a.store.load();
    const more = a.store.showMore();
    await a.store.showMore();
    await more;
    expect(a.log).toEqual(["GET /orders 0 10", "GET /orders 1 10"]);
  });

  it("opens one order with its items, showing the listed one meanwhile", async () => {
    const a = account({});
    await a.store.load();
    const opening = a.store.open("o2");
    expect([a.store.orderState, a.store.order?.orderId, a.store.items]).toEqual([
      "loading",
      "o2",
      [],
    ]);
    await opening;
    expect(a.log.slice(1).sort()).toEqual(["GET /orders/o2", "GET /orders/o2/items"]);
    expect([a.store.orderState, a.store.order?.number, a.store.items]).toEqual([
      "done",
      "N-1",
      [{ orderItemId: "i1" }],
    ]);
  });

  it("an order or its items that fail to load: failed", async () => {
    for (const script of [{ get: () => failed(404) }, { items: () => failed(500) }]) {
      const a = account(script);
      await a.store.open("o9");
      expect([a.store.orderState, a.store.order, a.store.items]).toEqual(["failed", null, []]);
    }
  });

  it("sign-out forgets everything", async () => {
    const a = account({});
    await a.store.load();
    await a.store.open("o1");
    a.store.clear();
    expect([
      a.store.orders,
      a.store.total,
      a.store.state,
      a.store.order,
      a.store.items,
      a.store.orderState,
    ]).toEqual([[], 0, "idle", null, [], "idle"]);
  });
});

describe("EventStore", () => {
  function events(answer: (id: string) => unknown, early?: (id: string) => unknown) {
    const log: string[] = [];
    const api = {
      events: {
        get: async (id: string) => {
          log.push(`GET /events/${id}`);
          return answer(id);
        },
      },
    } as unknown as Api;
    return { store: new EventStore(api, early as never), log };
  }
  const event = (eventId: string) => ({ eventId, name: `Event ${eventId}` }) as Event;

  it("loads an event once per visit, however often it is asked", async () => {
    const e = events((id) => ok(event(id)));
    const [a, b] = await Promise.all([e.store.load("1003"), e.store.load("1003")]);
    await e.store.load("1003");
    expect([a?.eventId, b?.eventId, e.store.event("1003")?.name]).toEqual([
      "1003",
      "1003",
      "Event 1003",
    ]);
    expect(e.log).toEqual(["GET /events/1003"]);
    expect([e.store.loading.size, e.store.failure("1003")]).toEqual([0, null]);
  });

  it("404 is not found; any other failure is unavailable and can be tried again", async () => {
    let answer: unknown = failed(404);
    const e = events(() => answer);
    expect(await e.store.load("1")).toBeNull();
    expect(e.store.failure("1")).toBe("not-found");
    answer = failed(1001, "network");
    expect(await e.store.load("1")).toBeNull();
    expect(e.store.failure("1")).toBe("unavailable");
    answer = failed(500);
    await e.store.load("1");
    expect(e.store.failure("1")).toBe("unavailable");
    answer = ok(event("1"));
    expect((await e.store.load("1"))?.eventId).toBe("1");
    expect(e.store.failure("1")).toBeNull();
    expect(e.log).toHaveLength(4);
  });

  it("uses a call already on its way before the shop loaded", async () => {
    const e = events(
      (id) => ok(event(id)),
      (id) => (id === "1003" ? Promise.resolve(ok(event("1003"))) : undefined),
    );
    await e.store.load("1003");
    await e.store.load("1004");
    expect(e.log).toEqual(["GET /events/1004"]);
  });
});

describe("EventStore: the event page's strip of first photos", () => {
  const photo = (photoId: string) => ({ photoId }) as Photo;
  function strip(options: { event?: () => unknown; photos?: () => unknown } = {}) {
    const log: string[] = [];
    const api = {
      events: {
        get: async (id: string) => {
          log.push(`GET /events/${id}`);
          return (
            options.event?.() ??
            ok({ eventId: id, albumId: `album-${id}`, photoCount: 40 } as Partial<Event>)
          );
        },
      },
      photos: {
        list: async (q: { albumId: string; count: number }) => {
          log.push(`GET /photos ${q.albumId} ${q.count}`);
          return (
            options.photos?.() ??
            ok({ items: Array.from({ length: 12 }, (_, i) => photo(`p${i}`)), total: 40 })
          );
        },
      },
    } as unknown as Api;
    return { store: new EventStore(api), log };
  }

  it(`asks for the event's first ${EVENT_STRIP_PHOTOS} photos once per visit, and shows no more than that`, async () => {
    const s = strip();
    expect(s.store.firstPhotos.has("1003")).toBe(false);
    const loading = s.store.loadFirstPhotos("1003");
    // Asked for at once: a second call meanwhile (the page rendered again) asks nothing more.
    expect(s.store.firstPhotos.get("1003")).toEqual([]);
    await s.store.loadFirstPhotos("1003");
    await loading;
    await s.store.loadFirstPhotos("1003");
    expect(s.log).toEqual(["GET /events/1003", `GET /photos album-1003 ${EVENT_STRIP_PHOTOS}`]);
    expect(s.store.firstPhotos.get("1003")?.map((p) => p.photoId)).toEqual(
      Array.from({ length: EVENT_STRIP_PHOTOS }, (_, i) => `p${i}`),
    );
  });

  it("an event without photos yet asks for none and shows an empty strip", async () => {
    const s = strip({ event: () => ok({ eventId: "1", albumId: "a1", photoCount: 0 }) });
    await s.store.loadFirstPhotos("1");
    expect(s.log).toEqual(["GET /events/1"]);
    expect(s.store.firstPhotos.get("1")).toEqual([]);
  });

  it("a failed event or a failed page of photos shows no strip, and is asked again on the next visit", async () => {
    let photos: unknown = failed(503);
    const s = strip({ photos: () => photos });
    await s.store.loadFirstPhotos("1003");
    expect(s.store.firstPhotos.has("1003")).toBe(false);
    photos = undefined;
    await s.store.loadFirstPhotos("1003");
    expect(s.store.firstPhotos.get("1003")).toHaveLength(EVENT_STRIP_PHOTOS);
    expect(s.log).toEqual([
      "GET /events/1003",
      `GET /photos album-1003 ${EVENT_STRIP_PHOTOS}`,
      `GET /photos album-1003 ${EVENT_STRIP_PHOTOS}`,
    ]);

    const gone = strip({ event: () => failed(404) });
    await gone.store.loadFirstPhotos("9");
    expect(gone.store.firstPhotos.has("9")).toBe(false);
    expect(gone.log).toEqual(["GET /events/9"]);
  });
});
