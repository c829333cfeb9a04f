/**
 * The shop's service worker (/sw.js, registered after the first screen: stores/offline-orders.ts).
 * It keeps nothing by itself and decides nothing about orders: every request goes to the
 * network as it would without it, and only when the network fails (no reply at all, not an
 * error reply) is the answer looked up in the caches of the paid orders this visitor opened
 * (domain/offline-orders.ts), this tenant's only. So a deploy never meets a stale copy (the
 * next navigation takes the new release from the network), old hashed files of an open page
 * are fetched as before, and sign-out empties what it could answer from by deleting the caches.
 * Written by hand rather than with Workbox: a network-first fallback over caches the page fills
 * is twenty lines, and Workbox's precaching of a build's files has no place here (the shop
 * keeps one order's page, not the whole app).
 */
import { isKeptOrderCache } from "../domain/offline-orders.ts";

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: {
    readonly navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
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
  try {
    const preloaded = navigation ? await event.preloadResponse : undefined;
    return preloaded ?? (await fetch(request));
  } catch (failure) {
    const kept = await fromKeptOrders(request, navigation);
    if (kept) return kept;
    throw failure;
  }
}

async function fromKeptOrders(request: Request, navigation: boolean): Promise<Response | null> {
  const names = (await caches.keys()).filter((name) => isKeptOrderCache(name, tenant));
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
