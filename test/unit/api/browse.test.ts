// @vitest-environment node
/** Contract tests: themes, events, photos, competitors, recognition, catalog, frames. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, PRODUCT_TYPES } from "../../../storefront/src/api/index.ts";
import { apiFor, selfie, startDemo, tokenFor } from "../demo/demo-server.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

describe("themes", () => {
  it("GET /themeImages with offset 0 and count 50", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApi({ origin: demo.origin, getLanguage: () => "en", fetch });
    const result = await api.themes.images("IronStar");
    expect(result.status).toBe(200);
    expect(result.data?.items).toHaveLength(2);
    expect(result.data?.items[0]).toMatchObject({ themeId: "IronStar", width: 1600 });
    const url = new URL(calls[0]?.url ?? "");
    expect(url.pathname).toBe("/public/themes-service/api/v1/themeImages");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      themeId: "IronStar",
      offset: "0",
      count: "50",
    });
    expect(calls[0]?.headers.get("accept-language")).toBe("en");
    const fallback = await api.themes.images();
    expect(fallback.data?.items[0]?.themeId).toBe("MySport");
  });
});

describe("events", () => {
  it("lists, searches and reads events", async () => {
    const api = apiFor(demo.origin);
    const all = await api.events.list();
    expect(all.status).toBe(200);
    expect(all.data?.total).toBeGreaterThanOrEqual(3);
    const found = await api.events.list({ searchString: "kazan" });
    expect(found.data?.items.map((e) => e.name)).toEqual(["Kazan Night Run 2025"]);
    const byExternal = await api.events.list({ externalEventId: "moscow-marathon-2025" });
    expect(byExternal.data?.items[0]?.photoCount).toBe(10_000);
    const one = await api.events.get("1002");
    expect(one).toMatchObject({
      ok: true,
      status: 200,
      data: { albumId: "a1002", catalogId: "c1002" },
    });
    const missing = await api.events.get("nope");
    expect(missing.status).toBe(404);
    expect(missing.error?.kind === "http" && missing.error.code).toBe("EventNotFound");
  });
});

describe("photos", () => {
  it("pages 100 per call until total: 10,000 photos in 100 calls", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApi({ origin: demo.origin, getLanguage: () => "ru", fetch });
    const pages: number[] = [];
    const result = await api.photos.listAll(
      { albumId: "a1001" },
      {
        onPage: (_, n) => {
          pages.push(n);
        },
      },
    );
    expect(result.status).toBe(200);
    expect(result.data).toHaveLength(10_000);
    expect(new Set(result.data?.map((p) => p.photoId)).size).toBe(10_000);
    expect(calls).toHaveLength(100);
    expect(pages.at(0)).toBe(100);
    expect(pages.at(-1)).toBe(10_000);
    const last = new URL(calls.at(-1)?.url ?? "").searchParams;
    expect([last.get("offset"), last.get("count")]).toEqual(["9900", "100"]);
  });

  it("lists one participant's photos with the search token and tags them", async () => {
    const api = apiFor(demo.origin);
    const searchToken = await tokenFor(api, "1003", "1003-301");
    const mine = await api.photos.list(
      { albumId: "a1003", competitorId: "1003-301" },
      { searchToken },
    );
    expect(mine.status).toBe(200);
    const photo = mine.data?.items[0];
    const tag = photo?.tags.find((t) => t.value === "301");
    expect(tag).toMatchObject({ name: "number", itIsMe: null });
    const said = await api.photos.itsMe(photo?.photoId ?? "", {
      itIsMe: true,
      tag: { photoTagId: tag?.photoTagId ?? "", name: "number", value: "301" },
    });
    expect(said).toMatchObject({ ok: true, status: 204, data: null });
    const again = await api.photos.list(
      { albumId: "a1003", competitorId: "1003-301" },
      { searchToken },
    );
    expect(again.data?.items[0]?.tags.find((t) => t.value === "301")?.itIsMe).toBe(true);
    const noToken = await api.photos.list({ albumId: "a1003", competitorId: "1003-301" });
    expect(noToken.status).toBe(401);
  });

  it("stops listAll at the first failure", async () => {
    const api = apiFor(demo.origin);
    const result = await api.photos.listAll({ albumId: "a1003", competitorId: "1003-301" });
    expect(result.status).toBe(401);
    expect(result.data).toBeNull();
  });
});

describe("competitors", () => {
  it("finds participants by surname or bib number and issues a token", async () => {
    const api = apiFor(demo.origin);
    const bySurname = await api.competitors.search("1001", "petr");
    expect(bySurname.data?.items.map((c) => [c.surname, c.number])).toEqual([["Petrova", "102"]]);
    const byBib = await api.competitors.search("1001", "101");
    expect(byBib.data?.items[0]?.surname).toBe("Ivanov");
    const token = await api.competitors.token("1001", { competitorId: "1001-101" });
    expect(token.status).toBe(200);
    expect(token.data?.eventId).toBe("1001");
    expect(Date.parse(token.data?.expiresAt ?? "")).toBeGreaterThan(Date.now());
  });
});

describe("recognition", () => {
  it("uploads face.jpg as multipart, reads the result; the file is gone once the search is done", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApi({ origin: demo.origin, getLanguage: () => "ru", fetch });
    const upload = await api.recognition.upload("a1001", selfie("one-person"));
    expect(upload.status).toBe(201);
    expect(calls[0]?.url).toBe(
      `${demo.origin}/public/recognition-service/api/v1/selfies?albumId=a1001`,
    );
    const got = await api.recognition.get(upload.data?.selfieId ?? "");
    expect(got.status).toBe(200);
    expect(got.data?.state).toBe("Completed");
    expect(got.data?.persons).toHaveLength(1);
    const person = got.data?.persons[0];
    expect(person?.competitorId).toBe("1001-101");
    const token = await api.competitors.token("1001", {
      selfieId: got.data?.selfieId ?? "",
      personId: person?.personId ?? "",
    });
    const photos = await api.photos.listAll(
      { albumId: "a1001", personId: person?.personId ?? "" },
      { searchToken: token.data?.token ?? null },
    );
    expect(photos.data?.map((p) => p.photoId)).toEqual(person?.photoIds);
    // Its search done, the selfie is deleted, as the face-search consent promises.
    const file = await api.recognition.file(got.data?.fileUrl ?? "");
    expect(file.status).toBe(410);
  });
});

describe("catalog", () => {
  it("lists InCatalog products (count 100) of every type, and reads one", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApi({ origin: demo.origin, getLanguage: () => "ru", fetch });
    const list = await api.catalog.products({ catalogId: "c1001", distance: "42K" });
    expect(list.status).toBe(200);
    const query = new URL(calls[0]?.url ?? "").searchParams;
    expect([query.get("state"), query.get("count"), query.get("distance")]).toEqual([
      "InCatalog",
      "100",
      "42K",
    ]);
    const types = new Set(list.data?.items.map((p) => p.productType));
    expect([...types].sort()).toEqual([...PRODUCT_TYPES].sort());
    expect(list.data?.items.every((p) => p.state === "InCatalog")).toBe(true);
    const tenK = await api.catalog.products({ catalogId: "c1001", distance: "10K" });
    expect(tenK.data?.items.some((p) => p.distance === "42K")).toBe(false);
    const one = await api.catalog.product("c1001-frame");
    expect(one.data?.frames.map((f) => f.frameId)).toEqual(["classic", "finisher", "medal"]);
  });
});

describe("frames", () => {
  it("returns the photo composed with the frame as an image", async () => {
    const api = apiFor(demo.origin);
    const searchToken = await tokenFor(api);
    const preview = await api.frames.preview(
      { photoId: "a1001-7", frameId: "medal" },
      { searchToken },
    );
    expect(preview.status).toBe(200);
    expect(preview.data?.type).toBe("image/svg+xml");
    const svg = (await preview.data?.text()) ?? "";
    expect(svg).toContain("Medal · Moscow Marathon 2025");
    expect(svg).toContain("#7</text>");
    const expired = await api.frames.preview({ photoId: "a1001-7", frameId: "medal" });
    expect(expired.status).toBe(401);
  });
});
