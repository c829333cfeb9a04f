/**
 * The shop's service worker (/sw.js, registered after the first screen: stores/offline-orders.ts).
 * It keeps nothing by itself and decides nothing about orders: every request goes to the
 * network as it would without it, and only when the network fails (no reply at all, not an
 * error reply) is the answer looked up in the caches of the paid orders this visitor opened
 * (domain/offline-orders.ts), this tenant's only. So a deploy never meets a stale copy (the
 * next navigation takes the new release from the network), old hashed files of an open page
 * are fetched as before, and sign-out empties what it could answer from by deleting the caches.
 * The one exception: bought photos downloaded in the background (Background Fetch, started by
 * "Download in the background" on a phone) are answered from their cache first, so "Save all"
 * hands them over without fetching them again; the worker stores them when the download ends.
 * Written by hand rather than with Workbox: a network-first fallback over caches the page fills
 * is twenty lines, and Workbox's precaching of a build's files has no place here (the shop
 * keeps one order's page, not the whole app).
 */
import {
  isKeptOrderCache,
  isPhotosCache,
  mayBeKeptPhoto,
  pageOfPhotos,
} from "../domain/offline-orders.ts";

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(answer: Promise<Response>): void;
}
interface BackgroundFetchEvent extends ExtendableEvent {
  readonly registration: {
    readonly id: string;
    matchAll(): Promise<{ readonly request: Request; readonly responseReady: Promise<Response> }[]>;
  };
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: {
    readonly navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window" }): Promise<{ postMessage(message: unknown): void }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(
    type: "backgroundfetchsuccess" | "backgroundfetchfail" | "backgroundfetchclick",
    listener: (event: BackgroundFetchEvent) => void,
  ): void;
}

const scope = self as unknown as WorkerScope;
/** The tenant this worker serves (its registration's `?tenant=`): only its kept orders answer. */
const tenant = new URL(scope.location.href).searchParams.get("tenant") ?? "";

scope.addEventListener("install", (event) => {
  // Nothing to fetch first: a new worker may take over at once (it answers as the old one did).
  event.waitUntil(scope.skipWaiting());
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([
      scope.clients.claim(),
      // A navigation's request leaves while the worker starts, not after.
      scope.registration.navigationPreload?.enable().catch(() => {}),
    ]),
  );
});

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith("http")) return;
  event.respondWith(answer(event));
});

async function answer(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const navigation = request.mode === "navigate";
  // Only a photo's request looks through the downloads: the page's scripts, styles and fonts
  // go straight to the network, with no list of caches read first.
  const downloaded =
    navigation || !mayBeKeptPhoto(request.destination)
      ? null
      : await fromCaches(request, isPhotosCache, false);
  if (downloaded) return downloaded;
  try {
    const preloaded = navigation ? await event.preloadResponse : undefined;
    return preloaded ?? (await fetch(request));
  } catch (failure) {
    const kept = await fromKeptOrders(request, navigation);
    if (kept) return kept;
    throw failure;
  }
}

function fromKeptOrders(request: Request, navigation: boolean): Promise<Response | null> {
  return fromCaches(request, isKeptOrderCache, navigation);
}

/** The newest answer to `request` among this tenant's caches of one kind. */
async function fromCaches(
  request: Request,
  kind: (name: string, tenant: string) => boolean,
  navigation: boolean,
): Promise<Response | null> {
  const names = (await caches.keys()).filter((name) => kind(name, tenant));
  // Newest first: an order opened again holds its latest reply.
  for (const name of names.reverse()) {
    const cache = await caches.open(name);
    // A page is its address whatever the query (the bank's return adds one); the reply is kept
    // whatever language or token the next request carries.
    const hit = await cache.match(request, { ignoreVary: true, ignoreSearch: navigation });
    if (hit) return hit;
  }
  return null;
}

// A download in the background ended (every photo, or some failed): what arrived is kept under
// the download's id, and the open pages of the shop are told (their "Save all" goes on).
for (const type of ["backgroundfetchsuccess", "backgroundfetchfail"] as const) {
  scope.addEventListener(type, (event) => {
    event.waitUntil(storeDownload(event.registration));
  });
}

scope.addEventListener("backgroundfetchclick", (event) => {
  const page = pageOfPhotos(event.registration.id, tenant);
  if (page) event.waitUntil(scope.clients.openWindow(page));
});

async function storeDownload(download: BackgroundFetchEvent["registration"]): Promise<void> {
  if (!isPhotosCache(download.id, tenant)) return;
  const cache = await caches.open(download.id);
  for (const record of await download.matchAll()) {
    const reply = await record.responseReady.catch(() => null);
    if (reply?.ok) await cache.put(record.request, reply);
  }
  for (const client of await scope.clients.matchAll({ type: "window" })) {
    client.postMessage({ type: "storefront.photos", id: download.id });
  }
}
