import { autorun, isObservable } from "mobx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import { rememberSearch } from "../../../storefront/src/domain/recent-searches.ts";
import {
  HomeStore,
  RECENT_SEARCHES_KEY,
  SEARCH_DEBOUNCE_MS,
} from "../../../storefront/src/stores/HomeStore.ts";
import { safeStorage } from "../../../storefront/src/stores/types.ts";

const event = (name: string) => ({ eventId: name, name }) as never;

function fakeApi(fail = false) {
  const calls: (string | undefined)[] = [];
  const api = {
    events: {
      list: vi.fn(async (q: { searchString?: string }) => {
        calls.push(q.searchString);
        if (fail) return { ok: false, status: 1001, data: null, error: {} };
        const items = ["Moscow Marathon", "Kazan Night Run"].filter((n) =>
          n.toLowerCase().includes((q.searchString ?? "").toLowerCase()),
        );
        return { ok: true, status: 200, data: { items: items.map(event), total: items.length } };
      }),
    },
    themes: {
      images: vi.fn(async () => ({
        ok: true,
        status: 200,
        data: { items: [{ url: "/b.svg" }], total: 1 },
      })),
    },
  };
  return { api: api as unknown as Api, calls, raw: api };
}

const memory = () => safeStorage(undefined);

describe("HomeStore", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps the API's events and banners as they came: each answer replaces the list, no field is observable", async () => {
    const { api } = fakeApi();
    const home = new HomeStore({ api, storage: memory(), themeId: "T", showBanners: true });
    const shown: string[] = [];
    const stop = autorun(() => shown.push(home.events.map((e) => e.name).join(",")));
    home.init();
    await vi.runAllTimersAsync();
    void home.search("kazan");
    await vi.runAllTimersAsync();
    stop();
    expect(shown).toEqual(["", "Moscow Marathon,Kazan Night Run", "Kazan Night Run"]);
    expect(isObservable(home.events)).toBe(false);
    expect(isObservable(home.events[0])).toBe(false);
    expect(isObservable(home.banners[0])).toBe(false);
  });

  it("prefetch starts the latest events and the banners before the first render; init takes them, no second call", async () => {
    const { api, calls, raw } = fakeApi();
    const home = new HomeStore({ api, storage: memory(), themeId: "T", showBanners: true });
    home.prefetch();
    expect(calls).toEqual([undefined]);
    expect(raw.themes.images).toHaveBeenCalledTimes(1);
    // Nothing a render reads has changed: the prerendered page still matches.
    expect(home.state).toBe("idle");
    expect(home.bannerPending).toBe(true);
    home.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([undefined]);
    expect(raw.themes.images).toHaveBeenCalledTimes(1);
    expect(home.state).toBe("done");
    expect(home.events.map((e) => e.name)).toEqual(["Moscow Marathon", "Kazan Night Run"]);
    expect(home.banners).toHaveLength(1);
  });

  it("debounces typing into one search", async () => {
    const { api, calls } = fakeApi();
    const home = new HomeStore({ api, storage: memory(), themeId: "T", showBanners: false });
    for (const q of ["K", "Ka", "Kaz", "Kazan"]) home.setQuery(q);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls).toEqual(["Kazan"]);
    expect(home.events.map((e) => e.name)).toEqual(["Kazan Night Run"]);
    expect(home.state).toBe("done");
  });

  it("remembers searches that found something, newest first, on the device", async () => {
    const storage = memory();
    const { api } = fakeApi();
    const home = new HomeStore({ api, storage, themeId: "T", showBanners: false });
    await home.search("Moscow");
    await home.search("nothing here");
    await home.search("Kazan");
    expect(home.recent).toEqual(["Kazan", "Moscow"]);
    expect(JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? "")).toEqual(["Kazan", "Moscow"]);
    const again = new HomeStore({ api, storage, themeId: "T", showBanners: false });
    // Read on the first visit (init), not while the prerendered first render is hydrated.
    expect(again.recent).toEqual([]);
    again.init();
    expect(again.recent).toEqual(["Kazan", "Moscow"]);
  });

  it("a corrupted recent-searches entry gives an empty list, not a crash", () => {
    const storage = memory();
    storage.setItem(RECENT_SEARCHES_KEY, "{not json");
    const { api } = fakeApi();
    const home = new HomeStore({ api, storage, themeId: "T", showBanners: false });
    home.init();
    expect(home.recent).toEqual([]);
  });

  it("a failed search sets the error state and keeps the query", async () => {
    const { api } = fakeApi(true);
    const home = new HomeStore({ api, storage: memory(), themeId: "T", showBanners: false });
    await home.search("Kazan");
    expect(home.state).toBe("failed");
    expect(home.query).toBe("Kazan");
  });

  it("asks for banners of the tenant's theme only when they are shown", async () => {
    const shown = fakeApi();
    new HomeStore({
      api: shown.api,
      storage: memory(),
      themeId: "IronStar",
      showBanners: true,
    }).init();
    await vi.runAllTimersAsync();
    expect(shown.raw.themes.images).toHaveBeenCalledWith("IronStar");
    const hidden = fakeApi();
    new HomeStore({ api: hidden.api, storage: memory(), themeId: "X", showBanners: false }).init();
    expect(hidden.raw.themes.images).not.toHaveBeenCalled();
  });
});

describe("recent searches rule", () => {
  it("keeps five, newest first, without case-insensitive duplicates", () => {
    let r: string[] = [];
    for (const q of ["a1", "b2", "c3", "d4", "e5", "f6", "B2"]) r = rememberSearch(r, q);
    expect(r).toEqual(["B2", "f6", "e5", "d4", "c3"]);
  });
});

describe("HomeStore edges", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const home = (api: Api, storage = memory(), showBanners = false) =>
    new HomeStore({ api, storage, themeId: "T", showBanners });

  it("starts empty; prefetch asks once for the first 24 events and only before the first search", async () => {
    const { api, raw } = fakeApi();
    const h = home(api);
    expect([h.events, h.total, h.state, h.recent, h.banners]).toEqual([[], 0, "idle", [], []]);
    h.prefetch();
    h.prefetch();
    expect(raw.events.list.mock.calls).toEqual([[{ offset: 0, count: 24 }]]);
    const later = fakeApi();
    const searched = home(later.api);
    await searched.search("Kazan");
    searched.prefetch();
    expect(later.raw.events.list).toHaveBeenCalledTimes(1);
  });

  it("coming back to home keeps what it has: no second search, no second banner call", async () => {
    const { api, raw } = fakeApi();
    const storage = memory();
    const h = home(api, storage, true);
    h.init();
    await vi.advanceTimersByTimeAsync(0);
    storage.setItem("storefront.recentSearches", JSON.stringify(["Elsewhere"]));
    h.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(raw.events.list).toHaveBeenCalledTimes(1);
    expect(raw.themes.images).toHaveBeenCalledTimes(1);
    expect(h.recent).toEqual([]);
  });

  it("a search is loading until its answer, with the text trimmed", async () => {
    const { api, calls } = fakeApi();
    const h = home(api);
    const running = h.search("  Kazan  ");
    expect(h.state).toBe("loading");
    await running;
    expect(calls).toEqual(["Kazan"]);
    expect(h.recent).toEqual(["Kazan"]);
  });

  it("submitting cancels the pending typed search", async () => {
    const { api, calls } = fakeApi();
    const h = home(api);
    h.setQuery("Mos");
    await h.search("Kazan");
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toEqual(["Kazan"]);
  });

  it("a newer search aborts the older one, whose late answer is dropped", async () => {
    const signals: AbortSignal[] = [];
    let release: (() => void) | undefined;
    const api = {
      events: {
        list: async (q: { searchString?: string }, opts: { signal: AbortSignal }) => {
          signals.push(opts.signal);
          if (q.searchString === "Moscow") await new Promise<void>((r) => (release = r));
          return {
            ok: true,
            status: 200,
            data: { items: [event(q.searchString ?? "")], total: 1 },
          };
        },
      },
      themes: { images: async () => ({ ok: true, status: 200, data: { items: [], total: 0 } }) },
    } as unknown as Api;
    const h = home(api);
    const slow = h.search("Moscow");
    await h.search("Kazan");
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    release?.();
    await slow;
    expect(h.events.map((e) => e.name)).toEqual(["Kazan"]);
    expect(h.recent).toEqual(["Kazan"]);
  });

  it("remembers searches of two letters or more that found something", async () => {
    const { api } = fakeApi();
    const storage = memory();
    const h = home(api, storage);
    await h.search("K");
    await h.search("Ka");
    await h.search("xyz");
    expect(h.recent).toEqual(["Ka"]);
    expect(JSON.parse(storage.getItem("storefront.recentSearches") ?? "null")).toEqual(["Ka"]);
  });

  it("clearing the recent searches forgets them on the device too", async () => {
    const { api } = fakeApi();
    const storage = memory();
    const h = home(api, storage);
    await h.search("Kazan");
    h.clearRecent();
    expect(h.recent).toEqual([]);
    expect(storage.getItem("storefront.recentSearches")).toBeNull();
  });

  it("reads at most five stored searches, strings only; anything else stored is no list", () => {
    const { api } = fakeApi();
    const storage = memory();
    storage.setItem(
      "storefront.recentSearches",
      JSON.stringify(["a", 1, "b", "c", null, "d", "e", "f"]),
    );
    const h = home(api, storage);
    h.init();
    expect(h.recent).toEqual(["a", "b", "c", "d", "e"]);
    storage.setItem("storefront.recentSearches", JSON.stringify({ a: "b" }));
    const other = home(api, storage);
    other.init();
    expect(other.recent).toEqual([]);
  });

  it("banners that fail to load leave home without them, and stop holding their place", async () => {
    const { api, raw } = fakeApi();
    raw.themes.images.mockImplementation(
      async () => ({ ok: false, status: 503, data: null }) as never,
    );
    const h = home(api, memory(), true);
    expect(h.bannerPending).toBe(true);
    h.init();
    await vi.advanceTimersByTimeAsync(0);
    expect([h.banners, h.bannerPending]).toEqual([[], false]);
  });
});
