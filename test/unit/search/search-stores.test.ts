// @vitest-environment node
/** The find-my-photos stores against the in-process demo backend (spec §4, §5, §8, §9). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, createApi } from "../../../storefront/src/api/index.ts";
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
    const seen: number[] = [];
    const loading = s.gallery.load("1001");
    // The first page is there long before the last.
    while (s.gallery.photos.length === 0) await new Promise((r) => setTimeout(r, 1));
    seen.push(s.gallery.photos.length);
    await loading;
    expect(seen[0]).toBeLessThan(10_000);
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
