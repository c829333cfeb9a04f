// @vitest-environment node
/**
 * The gallery routes' first calls, made by the boot script before the app has arrived, and
 * handed to the app's transport: each call reaches the backend once, whoever is first; a call
 * the app makes differently (another language) or one that failed is asked again by the app.
 */
import { describe, expect, it } from "vitest";
import { createApi } from "../../../storefront/src/api/index.ts";
import { earlyCallsOf } from "../../../storefront/src/boot/early-answers.ts";
import { type EarlyKind, startEarlyCalls } from "../../../storefront/src/boot/early-calls.ts";
import { deferred, settle } from "../fixtures/deferred.ts";

const ORIGIN = "https://shop.example";
const ROUTES: Array<[string, EarlyKind]> = [
  ["/event/:id", "event"],
  ["/event/:id/photos", "event"],
  ["/search/:id/:number", "participant"],
];
const EVENT = {
  eventId: "1003",
  externalEventId: "knr-2025",
  name: "Kazan Night Run",
  albumId: "a1003",
  competitorsListId: "cl1003",
  catalogId: "c1003",
  date: "2025-09-20",
  location: "Kazan",
  photoCount: 60,
  photosProcessing: false,
  coverUrl: "/img/cover/1003.jpg",
  distances: ["10K"],
  currencyId: 643,
};
const runner = (number: string) => ({
  competitorId: `1003-${number}`,
  competitorsListId: "cl1003",
  number,
  surname: "Ivanov",
  firstName: "Ivan",
  distance: "10K",
  photoCount: 3,
});
const PHOTO = {
  photoId: "p1",
  albumId: "a1003",
  url: "/img/p1.jpg",
  thumbnailUrl: "/img/t/p1.jpg",
  width: 1200,
  height: 800,
  photographer: null,
  takenAt: "2025-09-20T18:10:00Z",
  tags: [],
};

/** The demo backend in miniature: every call it answers, by who asked, as "METHOD path?query". */
function backend(hold: Record<string, Promise<void>> = {}) {
  const seen: string[] = [];
  const answer = async (who: string, input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call = `${init?.method ?? "GET"} ${url.pathname}`;
    seen.push(`${who} ${call}`);
    await hold[call];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname.endsWith("/events/1003")) return json(EVENT);
    if (url.pathname.endsWith("/competitors"))
      return json({ count: 2, total: 2, items: [runner("3010"), runner("301")] });
    if (url.pathname.endsWith("/token"))
      return json({ token: "tok-1", eventId: "1003", expiresAt: "2030-01-01T00:00:00Z" });
    if (url.pathname.endsWith("/photos")) {
      const token = new Headers(init?.headers).get("X-Search-Token");
      const mine = url.searchParams.get("competitorId");
      if (mine && token !== "tok-1") return new Response("{}", { status: 401 });
      return json({
        count: 6,
        total: 6,
        items: [1, 2, 3, 4, 5, 6].map((n) => ({
          ...PHOTO,
          photoId: `p${n}`,
          thumbnailUrl: `/img/t/p${n}.jpg`,
        })),
      });
    }
    return new Response("{}", { status: 404 });
  };
  return {
    seen,
    fetch: (who: string) => ((input, init) => answer(who, input, init)) as typeof fetch,
  };
}

function page(path: string, server: ReturnType<typeof backend>, opts: { signedIn?: boolean } = {}) {
  const preloaded: string[] = [];

  const [pathname, search = ""] = path.split("?");
  const window = {
    location: { pathname, search: search ? `?${search}` : "" },
  } as unknown as Window;
  const boot = () =>
    startEarlyCalls(ROUTES, {
      window,
      fetch: server.fetch("boot"),
      apiOrigin: ORIGIN,
      language: "ru",
      signedIn: opts.signedIn ?? false,
      preloadImage: (href) => preloaded.push(href),
    });
  const app = (language = "ru") =>
    createApi({
      origin: ORIGIN,
      getLanguage: () => language,
      fetch: server.fetch("app"),
      early: earlyCallsOf(window),
    });
  return { boot, app, preloaded };
}

/** What the app does at /search/1003/301 (MyPhotosStore.searchByNumber), call by call. */
async function participantPhotos(api: ReturnType<typeof createApi>) {
  const event = await api.events.get("1003");
  if (!event.ok) return null;
  const found = await api.competitors.search(event.data.competitorsListId, "301");
  const competitorId = found.ok ? found.data.items[1]?.competitorId : undefined;
  if (!competitorId) return null;
  const token = await api.competitors.token("1003", { competitorId });
  if (!token.ok) return null;
  return api.photos.list(
    { albumId: event.data.albumId, competitorId },
    { searchToken: token.data.token },
  );
}

describe("a participant's photos from a link (/search/{id}/{number})", () => {
  it("the boot script asks for the event, the participant with the bib, their token and photos; the app asks for nothing again", async () => {
    const server = backend();
    const p = page("/search/1003/301", server);
    p.boot();
    await settle();
    const photos = await participantPhotos(p.app());
    expect(photos?.ok && photos.data.items[0]?.photoId).toBe("p1");
    // The first photos (the grid's largest paint) are preloaded as soon as the list is known.
    expect(p.preloaded).toEqual([
      "/img/t/p1.jpg",
      "/img/t/p2.jpg",
      "/img/t/p3.jpg",
      "/img/t/p4.jpg",
    ]);
    expect(server.seen).toEqual([
      "boot GET /public/photo-service/api/v1/events/1003",
      "boot GET /public/competitor-service/api/v1/competitors",
      "boot POST /public/competitor-service/api/v1/competitors/1003/token",
      "boot GET /public/photo-service/api/v1/photos",
    ]);
  });

  it("an app faster than the boot script's chain waits for its next call instead of asking twice", async () => {
    const event = deferred<void>();
    const server = backend({ "GET /public/photo-service/api/v1/events/1003": event.promise });
    const p = page("/search/1003/301", server);
    p.boot();
    // The app is there before the event has answered: every step of its chain is the boot's.
    const photos = participantPhotos(p.app());
    await settle();
    event.resolve();
    expect((await photos)?.ok).toBe(true);
    expect(server.seen.filter((c) => c.startsWith("app"))).toEqual([]);
    expect(server.seen).toHaveLength(4);
  });

  it("a signed-in visitor's token and photos are the app's to ask for (they carry their token)", async () => {
    const server = backend();
    const p = page("/search/1003/301", server, { signedIn: true });
    p.boot();
    await settle();
    await participantPhotos(p.app());
    expect(server.seen).toEqual([
      "boot GET /public/photo-service/api/v1/events/1003",
      "boot GET /public/competitor-service/api/v1/competitors",
      "app POST /public/competitor-service/api/v1/competitors/1003/token",
      "app GET /public/photo-service/api/v1/photos",
    ]);
  });

  it("an app in another language than the page was served in asks again", async () => {
    const server = backend();
    const p = page("/search/1003/301", server);
    p.boot();
    await settle();
    await p.app("en").events.get("1003");
    expect(server.seen.filter((c) => c.startsWith("app"))).toEqual([
      "app GET /public/photo-service/api/v1/events/1003",
    ]);
  });
});

describe("an event's photos", () => {
  it("All photos: the event and the first page of photos, each once", async () => {
    const server = backend();
    const p = page("/event/1003/photos?tab=all", server);
    p.boot();
    await settle();
    const api = p.app();
    const event = await api.events.get("1003");
    const photos = await api.photos.list({ albumId: event.ok ? event.data.albumId : "" });
    expect(photos.ok).toBe(true);
    // No cover on the photo report; its first four photos are preloaded.
    expect(p.preloaded).toHaveLength(4);
    expect(server.seen).toEqual([
      "boot GET /public/photo-service/api/v1/events/1003",
      "boot GET /public/photo-service/api/v1/photos",
    ]);
  });

  it("the event page: the event only; a failed early call is asked again by the app", async () => {
    const server = backend();
    const offline = (() => Promise.reject(new TypeError("offline"))) as typeof fetch;
    const window = { location: { pathname: "/event/1003", search: "" } } as unknown as Window;
    startEarlyCalls(ROUTES, {
      window,
      fetch: offline,
      apiOrigin: ORIGIN,
      language: "ru",
      signedIn: false,
    });
    const api = createApi({
      origin: ORIGIN,
      getLanguage: () => "ru",
      fetch: server.fetch("app"),
      early: earlyCallsOf(window),
    });
    expect((await api.events.get("1003")).ok).toBe(true);
    expect(server.seen).toEqual(["app GET /public/photo-service/api/v1/events/1003"]);
  });

  it("the event page: the event, and its cover preloaded as soon as the event is known", async () => {
    const server = backend();
    const p = page("/event/1003", server);
    p.boot();
    await settle();
    expect(server.seen).toEqual(["boot GET /public/photo-service/api/v1/events/1003"]);
    expect(p.preloaded).toEqual(["/img/cover/1003.jpg"]);
  });

  it("a route without early calls (the cart) asks for nothing", async () => {
    const server = backend();
    page("/cart", server).boot();
    await settle();
    expect(server.seen).toEqual([]);
  });
});
