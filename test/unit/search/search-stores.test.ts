// @vitest-environment node
/** The find-my-photos stores against the in-process demo backend (spec §4, §5, §8, §9). */
import { autorun, reaction } from "mobx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Api,
  type ApiResult,
  createApi,
  type TokenRequest,
} from "../../../storefront/src/api/index.ts";
import { CatalogStore } from "../../../storefront/src/stores/CatalogStore.ts";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { FaceSearchStore } from "../../../storefront/src/stores/FaceSearchStore.ts";
import { GalleryStore } from "../../../storefront/src/stores/GalleryStore.ts";
import { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { NotificationStore } from "../../../storefront/src/stores/NotificationStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { UiStore } from "../../../storefront/src/stores/UiStore.ts";
import { fakeClock, selfie, startDemo } from "../demo/demo-server.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, tokenLifetimeMs: 60_000, faceSearchDelayMs: 10_000 });
});
afterAll(() => demo.close());

function stores(api?: Api) {
  const rec = recordingFetch();
  const a = api ?? createApi({ origin: demo.origin, getLanguage: () => "en", fetch: rec.fetch });
  const events = new EventStore(a);
  const tokens = new SearchTokenStore(a);
  const notifications = new NotificationStore(new UiStore(1280, false));
  const errors = new ErrorStore();
  const gallery = new GalleryStore({ api: a, events, tokens, notifications, errors });
  const myPhotos = new MyPhotosStore({ api: a, events, tokens, catalog: new CatalogStore(a) });
  const face = new FaceSearchStore({
    api: a,
    myPhotos,
    prepare: async (b) => b,
    now: clock.now,
    // Waiting is the demo clock moving on: the selfie is done after 10 s of polling.
    sleep: async (ms) => clock.advance(ms),
  });
  return {
    api: a,
    calls: rec.calls,
    events,
    tokens,
    notifications,
    errors,
    gallery,
    myPhotos,
    face,
  };
}

const path = (url: string) => new URL(url).pathname;

describe("SearchTokenStore", () => {
  it("stores a 200 token and reuses it for the same participant", async () => {
    const s = stores();
    const subject = { competitorId: "1001-101" };
    const run = (token: string) =>
      s.api.photos.list({ albumId: "a1001", competitorId: "1001-101" }, { searchToken: token });
    const first = await s.tokens.withToken("1001", subject, run);
    expect(first?.status).toBe(200);
    expect(s.tokens.tokenOf("1001")).toMatch(/.+/);
    await s.tokens.withToken("1001", subject, run);
    expect(s.calls.filter((c) => path(c.url).endsWith("/token"))).toHaveLength(1);
  });

  it("on 401 marks the token expired, gets a fresh one and retries once", async () => {
    const s = stores();
    const subject = { competitorId: "1001-102" };
    const run = (token: string) =>
      s.api.photos.list({ albumId: "a1001", competitorId: "1001-102" }, { searchToken: token });
    await s.tokens.withToken("1001", subject, run);
    const old = s.tokens.tokenOf("1001");
    clock.advance(61_000); // past the token's lifetime
    const result = await s.tokens.withToken("1001", subject, run);
    expect(result?.status).toBe(200);
    expect(result?.data?.total).toBe(14);
    expect(s.tokens.tokenOf("1001")).not.toBe(old);
    expect(s.calls.map((c) => path(c.url).split("/").pop())).toEqual([
      "token",
      "photos",
      "photos",
      "token",
      "photos",
    ]);
  });

  it("401 or 500 from the token call marks it expired; other failures set the search error", async () => {
    let status = 500;
    const fake = {
      competitors: {
        token: async () => ({
          ok: false,
          status,
          data: null,
          error: { kind: "http", status, code: null },
        }),
      },
    } as unknown as Api;
    const tokens = new SearchTokenStore(fake);
    expect(await tokens.obtain("1", { competitorId: "c" })).toBeNull();
    expect(tokens.isExpired("1")).toBe(true);
    expect(tokens.errors.has("1")).toBe(false);
    status = 401;
    await tokens.obtain("2", { competitorId: "c" });
    expect(tokens.isExpired("2")).toBe(true);
    status = 404;
    await tokens.obtain("3", { competitorId: "c" });
    expect(tokens.isExpired("3")).toBe(false);
    expect(tokens.errors.get("3")?.status).toBe(404);
  });
});

describe("GalleryStore", () => {
  it("pages 100 per call until total: 10,000 photos, rendered as pages arrive", async () => {
    const s = stores();
    // Every length the gallery shows, as it changes: the first page is there long before the last.
    const seen: number[] = [];
    const stop = reaction(
      () => s.gallery.photos.length,
      (length) => seen.push(length),
    );
    await s.gallery.load("1001");
    stop();
    expect(seen[0]).toBe(100);
    expect(seen).toHaveLength(100);
    expect(s.gallery.photos).toHaveLength(10_000);
    expect(s.gallery.total).toBe(10_000);
    expect(s.gallery.error).toBeNull();
    const pages = s.calls.filter((c) => path(c.url).endsWith("/photos"));
    expect(pages).toHaveLength(100);
    expect(new URL(pages[99]?.url ?? "").searchParams.get("offset")).toBe("9900");
  });

  it("an event still processing shows its error; It's me 204 notifies", async () => {
    const s = stores();
    await s.gallery.load("1005");
    expect(s.gallery.error).toBe("processing");
    await s.gallery.load("1003");
    const photo = s.gallery.photos[0];
    const tag = photo?.tags[0];
    if (!photo || !tag) throw new Error("photo 1 of 1003 has tags");
    expect(await s.gallery.itsMe("1003", photo, tag)).toBe(true);
    expect(s.notifications.items).toHaveLength(1);
    expect(s.gallery.confirmed.has(tag.photoTagId)).toBe(true);
  });
});

describe("MyPhotosStore (search from a link)", () => {
  it("finds the participant by bib, their photos and the all-photos offers", async () => {
    const s = stores();
    await s.myPhotos.searchByNumber("1001", "101");
    expect(s.myPhotos.error).toBeNull();
    expect(s.myPhotos.subject).toMatchObject({
      kind: "competitor",
      competitor: { surname: "Ivanov" },
    });
    expect(s.myPhotos.photos).toHaveLength(30);
    expect(s.myPhotos.offers.every((p) => p.productType === "photos_with_me")).toBe(true);
    expect(s.myPhotos.offers.map((p) => p.productId)).toContain("c1001-pwm");
    expect(s.myPhotos.offers.map((p) => p.productId)).not.toContain("c1001-old");
  });

  it("maps every empty result to its spec §8 error", async () => {
    const s = stores();
    await s.myPhotos.searchByNumber("1001", "112");
    expect(s.myPhotos.error).toBe("participant-nothing");
    await s.myPhotos.searchByNumber("1001", "999");
    expect(s.myPhotos.error).toBe("nothing-found");
    await s.myPhotos.searchByNumber("1005", "501");
    expect(s.myPhotos.error).toBe("processing");
    await s.myPhotos.searchByNumber("nope", "1");
    expect(s.myPhotos.error).toBe("failed");
  });
});

describe("FaceSearchStore", () => {
  it("uploads face.jpg, polls with back-off until Completed, then shows the person's photos", async () => {
    const s = stores();
    expect(await s.face.search("1001", "a1001", selfie("one-person"))).toBe(true);
    expect(s.face.phase).toBe("done");
    const polls = s.calls.filter(
      (c) => c.method === "GET" && /\/selfies\/[^/]+$/.test(path(c.url)),
    );
    // 1 + 1.5 + 2.25 + 3.375 + 5 ≥ 10 s of the demo's face search: five polls.
    expect(polls).toHaveLength(5);
    expect(s.myPhotos.subject).toMatchObject({ kind: "face" });
    expect(s.myPhotos.photos).toHaveLength(30);
  });

  it("rejects several faces, no face, and files over 8 MB before uploading", async () => {
    const s = stores();
    await s.face.search("1001", "a1001", selfie("several-people"));
    expect(s.face.error).toBe("several");
    await s.face.search("1001", "a1001", selfie("no-face"));
    expect(s.face.error).toBe("none");
    const before = s.calls.length;
    await s.face.search("1001", "a1001", new Blob([new Uint8Array(8 * 1024 * 1024 + 1)]));
    expect(s.face.error).toBe("too-large");
    expect(s.calls.length).toBe(before);
  });

  it("other failures say Try again later", async () => {
    const s = stores();
    await s.face.search("1001", "no-such-album", selfie("one-person"));
    expect(s.face.error).toBe("failed");
  });
});

/**
 * A competitor-service whose token replies are scripted by status (200 gives "tok-N"); it keeps
 * the requests it was asked on itself, as a port object may.
 */
function tokenService(statuses: number[]) {
  return {
    competitors: {
      asked: [] as TokenRequest[],
      async token(_eventId: string, subject: TokenRequest) {
        this.asked.push(subject);
        const status = statuses.shift() ?? 200;
        return status === 200 || status === 201
          ? ok({ token: `tok-${this.asked.length}` }, status)
          : failed(status);
      },
    },
  };
}

/** A search call answering the scripted statuses in turn, recording the tokens it was given. */
function searchCall(statuses: number[]) {
  const tokens: string[] = [];
  const call = async (token: string) => {
    tokens.push(token);
    const status = statuses.shift() ?? 200;
    return (status === 200 ? ok({ total: 1 }) : failed(status)) as ApiResult<{ total: number }>;
  };
  return { call, tokens };
}

describe("SearchTokenStore (scripted competitor-service, spec §4)", () => {
  it("a token opens one participant's photos: another bib or face in the event gets its own", async () => {
    const service = tokenService([]);
    const tokens = new SearchTokenStore(service as unknown as Api);
    const { call, tokens: used } = searchCall([]);
    await tokens.withToken("1001", { competitorId: "1001-101" }, call);
    await tokens.withToken("1001", { competitorId: "1001-101" }, call);
    await tokens.withToken("1001", { competitorId: "1001-102" }, call);
    await tokens.withToken("1001", { selfieId: "s1", personId: "f1" }, call);
    await tokens.withToken("1001", { selfieId: "s1", personId: "f1" }, call);
    await tokens.withToken("1001", { selfieId: "s1", personId: "f2" }, call);
    expect(service.competitors.asked).toEqual([
      { competitorId: "1001-101" },
      { competitorId: "1001-102" },
      { selfieId: "s1", personId: "f1" },
      { selfieId: "s1", personId: "f2" },
    ]);
    expect(used).toEqual(["tok-1", "tok-1", "tok-2", "tok-3", "tok-3", "tok-4"]);
  });

  it("the screens see a new or expired token (the store is observable)", async () => {
    const tokens = new SearchTokenStore(tokenService([]) as unknown as Api);
    const seen: (string | null)[] = [];
    const stop = autorun(() => void seen.push(tokens.tokenOf("1001")));
    await tokens.obtain("1001", { competitorId: "1001-101" });
    tokens.markExpired("1001");
    stop();
    expect(seen).toEqual([null, "tok-1", null]);
  });

  it("only a 200 is a token; a later 200 clears the event's search error", async () => {
    const tokens = new SearchTokenStore(tokenService([201, 404, 200]) as unknown as Api);
    expect(await tokens.obtain("1001", { competitorId: "c" })).toBeNull();
    expect(tokens.tokenOf("1001")).toBeNull();
    expect(tokens.errors.has("1001")).toBe(false);
    await tokens.obtain("1001", { competitorId: "c" });
    expect(tokens.errors.get("1001")?.status).toBe(404);
    expect(await tokens.obtain("1001", { competitorId: "c" })).toBe("tok-3");
    expect(tokens.errors.has("1001")).toBe(false);
  });

  it("marking an event without a token expired changes nothing", () => {
    const tokens = new SearchTokenStore(tokenService([]) as unknown as Api);
    expect(() => tokens.markExpired("1001")).not.toThrow();
    expect(tokens.isExpired("1001")).toBe(false);
  });

  it("no token, no search call", async () => {
    const tokens = new SearchTokenStore(tokenService([404]) as unknown as Api);
    const { call, tokens: used } = searchCall([]);
    expect(await tokens.withToken("1001", { competitorId: "c" }, call)).toBeNull();
    expect(used).toEqual([]);
  });

  it("401, then no fresh token: null, one call, the token stays expired", async () => {
    const tokens = new SearchTokenStore(tokenService([200, 404]) as unknown as Api);
    const { call, tokens: used } = searchCall([401]);
    expect(await tokens.withToken("1001", { competitorId: "c" }, call)).toBeNull();
    expect(used).toEqual(["tok-1"]);
    expect(tokens.isExpired("1001")).toBe(true);
    expect(tokens.tokenOf("1001")).toBeNull();
  });

  it("401 twice: the second reply, and the token expired; 401 then 200: the fresh token kept", async () => {
    const twice = new SearchTokenStore(tokenService([]) as unknown as Api);
    const failing = searchCall([401, 500]);
    expect((await twice.withToken("1001", { competitorId: "c" }, failing.call))?.status).toBe(500);
    expect(failing.tokens).toEqual(["tok-1", "tok-2"]);
    expect(twice.isExpired("1001")).toBe(true);
    const once = new SearchTokenStore(tokenService([]) as unknown as Api);
    const retried = searchCall([401, 200]);
    expect((await once.withToken("1001", { competitorId: "c" }, retried.call))?.status).toBe(200);
    expect(once.isExpired("1001")).toBe(false);
    expect(once.tokenOf("1001")).toBe("tok-2");
  });
});
