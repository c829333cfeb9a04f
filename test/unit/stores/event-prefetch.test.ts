/**
 * An event page's event is asked for before the shop's chunk arrives (API-driven parts
 * start their calls as early as the platform allows); the shop's EventStore takes that answer
 * once instead of asking again.
 */
import { autorun, isObservable } from "mobx";
import { describe, expect, it, vi } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import { eventIdOfPath } from "../../../storefront/src/domain/pages.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";

const reply = (name: string) => ({
  ok: true as const,
  status: 200,
  data: { eventId: "1003", name } as never,
});

describe("event prefetch", () => {
  it("finds the event id of /event/{id} and /event/{id}/photos only", () => {
    expect(eventIdOfPath("/event/1003")).toBe("1003");
    expect(eventIdOfPath("/event/1003/photos")).toBe("1003");
    expect(eventIdOfPath("/event/a%20b/")).toBe("a b");
    expect(eventIdOfPath("/event/")).toBeNull();
    expect(eventIdOfPath("/event/1003/other")).toBeNull();
    expect(eventIdOfPath("/event/%E0%A4%A")).toBeNull();
    expect(eventIdOfPath("/cart")).toBeNull();
  });

  it("the store takes the early answer once, then asks the backend", async () => {
    const get = vi.fn(async () => reply("from the store"));
    const api = { events: { get } } as unknown as Api;
    let early: Promise<ReturnType<typeof reply>> | undefined = Promise.resolve(reply("early"));
    const store = new EventStore(api, () => {
      const taken = early;
      early = undefined;
      return taken;
    });
    expect((await store.load("1003"))?.name).toBe("early");
    expect(get).not.toHaveBeenCalled();
    store.events.clear();
    expect((await store.load("1003"))?.name).toBe("from the store");
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("keeps the event as the API gave it: the page observes which event is loaded, not each field", async () => {
    const api = { events: { get: vi.fn(async () => reply("Kazan Night Run")) } } as unknown as Api;
    const store = new EventStore(api);
    const names: Array<string | undefined> = [];
    const stop = autorun(() => names.push(store.event("1003")?.name));
    await store.load("1003");
    stop();
    expect(names).toEqual([undefined, "Kazan Night Run"]);
    expect(isObservable(store.event("1003"))).toBe(false);
  });
});
