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
