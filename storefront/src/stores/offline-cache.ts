/**
 * The paid orders kept on the device (domain/offline-orders.ts): keeping one, forgetting them
 * all at sign-out, and the browser ports both use (the Cache API, the service worker's
 * registration; tests give fakes of their shape). One module, loaded when a paid order is
 * shown or at sign-out: no first screen pays for it.
 */
import type { Order } from "../api/index.ts";
import {
  addressesToKeep,
  isPersonCache,
  keptOrderCache,
  ordersToDrop,
} from "../domain/offline-orders.ts";

export interface KeptRequest {
  readonly request: Request;
  readonly required: boolean;
}

export interface OfflinePorts {
  /**
   * Registers the shop's worker (/sw.js?tenant=…) and waits until one is active; false where
   * the browser has none (or refuses it: a private window, an insecure origin).
   */
  register(tenant: string): Promise<boolean>;
  /** The caches of this origin, oldest first. */
  names(): Promise<string[]>;
  /**
   * Makes the named cache hold exactly these requests' replies; when a required one fails the
   * cache is left as it was (and the call rejects), an optional one that fails is left out.
   */
  fill(name: string, entries: readonly KeptRequest[]): Promise<void>;
  remove(name: string): Promise<void>;
  /** The addresses of the files this page has loaded (its scripts, styles, catalogs). */
  loaded(): string[];
  /** Takes the worker away (nothing left to answer from). */
  unregister(): Promise<void>;
}

/** Background Fetch as Chromium has it on a worker's registration (not in TypeScript's DOM). */
export interface BackgroundFetches {
  fetch(
    id: string,
    requests: string[],
    options: { title: string; icons?: { src: string; sizes?: string; type?: string }[] },
  ): Promise<BackgroundFetch>;
  get(id: string): Promise<BackgroundFetch | undefined>;
  getIds(): Promise<string[]>;
}
export interface BackgroundFetch extends EventTarget {
  readonly id: string;
  /** "" while under way, then "success" or "failure". */
  readonly result: "" | "success" | "failure";
  abort(): Promise<boolean>;
}
export type WithBackgroundFetch = ServiceWorkerRegistration & {
  backgroundFetch?: BackgroundFetches;
};

/** The worker's address, at the site's root so that its scope is the whole shop. */
export const WORKER_SCRIPT = "/sw.js";

/**
 * Registers the shop's worker (/sw.js?tenant=…, scope: the whole shop) and waits until one is
 * active; null where the browser refuses it (a private window, an insecure origin).
 */
export async function registerWorker(tenant: string): Promise<ServiceWorkerRegistration | null> {
  try {
    const script = `${WORKER_SCRIPT}?tenant=${encodeURIComponent(tenant)}`;
    await navigator.serviceWorker.register(script, { scope: "/" });
    return await navigator.serviceWorker.ready;
  } catch {
    return null;
  }
}

// The photos downloaded in the background are named here too (BackgroundPhotosStore reaches
// the domain through this module, so both stay one chunk that sign-out loads alone).
export { photosCache } from "../domain/offline-orders.ts";

/** The browser's ports, or undefined where it has no Cache API or service workers. */
export function browserOffline(): OfflinePorts | undefined {
  if (typeof caches === "undefined" || !("serviceWorker" in navigator)) return undefined;
  return {
    register: async (tenant) => (await registerWorker(tenant)) !== null,
    names: () => caches.keys(),
    async fill(name, entries) {
      // Fetched first, then written to a fresh cache: a reply that fails leaves the order as it
      // was kept before. A thumbnail that fails (another host without CORS) is left out.
      const replies = await Promise.all(
        entries.map(async ({ request, required }) => {
          const reply = await fetch(request).catch(() => null);
          if (reply?.ok) return [request, reply] as const;
          if (required) throw new Error(`${request.url} could not be kept`);
          return null;
        }),
      );
      await caches.delete(name);
      const target = await caches.open(name);
      for (const pair of replies) if (pair) await target.put(pair[0], pair[1]);
    },
    remove: async (name) => {
      await caches.delete(name);
    },
    loaded() {
      const entries = performance.getEntriesByType("resource").map((entry) => entry.name);
      const own = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map(
        (s) => s.src,
      );
      const styles = [...document.querySelectorAll<HTMLLinkElement>("link[href]")].map(
        (l) => l.href,
      );
      return [...own, ...styles, ...entries];
    },
    async unregister() {
      const registration = await navigator.serviceWorker.getRegistration("/");
      // A download of the person's photos still under way in the background stops too.
      const downloads = (registration as WithBackgroundFetch | undefined)?.backgroundFetch;
      for (const id of (await downloads?.getIds()) ?? []) await (await downloads?.get(id))?.abort();
      await registration?.unregister();
    },
  };
}

/**
 * Deletes every paid order this tenant kept on the device and the photos it downloaded in the
 * background, and takes the worker away (its downloads under way stop): sign-out on a shared
 * phone. The browser's ports unless given; a browser that refuses is no reason to stay signed in.
 */
export async function forgetKeptOrders(
  ports: OfflinePorts | undefined,
  tenant: string,
): Promise<void> {
  try {
    const device = ports ?? browserOffline();
    if (!device) return;
    const names = await device.names();
    await Promise.all(
      names.filter((name) => isPersonCache(name, tenant)).map((name) => device.remove(name)),
    );
    await device.unregister();
  } catch {
    // Storage the browser no longer lets the page touch holds nothing it can read either.
  }
}

export interface KeepDeps {
  /** The browser's Cache API and worker; undefined where it has none (nothing is kept). */
  ports: OfflinePorts | undefined;
  tenant: string;
  /** The page's origin: the order's page is kept at {origin}/order/{id}. */
  origin: string;
  /** The request the order's reply is fetched with (api.orders.getRequest). */
  replyRequest: (orderId: string) => Request;
}

/** Where a paid order stands on this device: kept (it opens offline), or keeping it failed. */
export type KeptState = "kept" | "failed";

/**
 * Keeps a paid order: its page and reply (both needed), its thumbnails and the page's files
 * (each when it can be fetched). Undefined where the browser keeps nothing (no worker).
 */
export async function keepOrder(deps: KeepDeps, order: Order): Promise<KeptState | undefined> {
  const { ports, tenant, origin } = deps;
  try {
    if (!ports || !(await ports.register(tenant))) return undefined;
    const id = order.orderId;
    const reply = deps.replyRequest(id);
    const addresses = addressesToKeep({
      page: `${origin}/order/${encodeURIComponent(id)}`,
      reply: reply.url,
      thumbnails: order.items.flatMap((item) => item.photos.map((p) => p.thumbnailUrl)),
      loaded: ports.loaded(),
    });
    if (!addresses) return "failed";
    const entries: KeptRequest[] = [
      { request: new Request(addresses.page), required: true },
      { request: reply, required: true },
      ...addresses.extras.map((address) => ({ request: new Request(address), required: false })),
    ];
    const name = keptOrderCache(id, tenant);
    const others = (await ports.names()).filter((n) => n !== name);
    for (const old of ordersToDrop(others, tenant)) await ports.remove(old);
    await ports.fill(name, entries);
    return "kept";
  } catch {
    return "failed";
  }
}
