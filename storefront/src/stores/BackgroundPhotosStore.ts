import { makeAutoObservable, runInAction } from "mobx";
import { type PhotoToSave, SHARE_BATCH } from "../domain/save-photos.ts";
import type { WithBackgroundFetch } from "./offline-cache.ts";

/**
 * The cache (and download id) of a purchase's photos. offline-cache.ts is reached by dynamic
 * import only, here as everywhere: one chunk, loaded on demand, that the first chunk's sign-out
 * loads alone (a static import would split it and make the first chunk carry a preload list).
 */
const photosCacheOf = async (key: string, tenant: string) =>
  (await import("./offline-cache.ts")).photosCache(key, tenant);

/**
 * Background Fetch (Chromium, Android first): the browser downloads a list of files itself, with
 * its own progress notification, and goes on when the tab is closed; the shop's worker stores
 * what arrived (sw/worker.ts). Tests give fakes of this shape.
 */
export interface BackgroundPorts {
  /** Starts one under `id`, its notification titled `title`; false when the browser refused. */
  start(id: string, urls: readonly string[], title: string): Promise<boolean>;
  /** Whether the download `id` is under way. */
  running(id: string): Promise<boolean>;
  /** Resolves once the download `id` has ended and the worker has stored what arrived. */
  settled(id: string): Promise<void>;
  /** How many of `urls` the cache `name` holds. */
  stored(name: string, urls: readonly string[]): Promise<number>;
  remove(name: string): Promise<void>;
}

/**
 * unavailable: no Background Fetch here, or too few photos for it to matter (one share is
 * enough); idle: offered; downloading: the browser is at it (the page may be closed);
 * downloaded: the photos are on the device, "Save all" hands them over without a network.
 */
export type BackgroundPhase = "unavailable" | "idle" | "downloading" | "downloaded";

export interface BackgroundPhotosDeps {
  ports: BackgroundPorts | undefined;
  tenant: string;
}

/**
 * "Download in the background" beside "Save all to Photos" on a phone, for a purchase of more
 * photos than one share takes: the photos not saved yet are downloaded by the browser itself,
 * so a runner can close the page (or lose the tab) and save them later. Once every photo is
 * saved, the downloaded copies are deleted.
 */
export class BackgroundPhotosStore {
  key: string | null = null;
  phase: BackgroundPhase = "unavailable";
  /** How many photos this download is (or was) for. */
  count = 0;
  private urls: string[] = [];
  private readonly deps: BackgroundPhotosDeps;

  constructor(deps: BackgroundPhotosDeps) {
    this.deps = deps;
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<BackgroundPhotosStore, "deps" | "urls">(this, { deps: false, urls: false });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  /** The purchase on screen, with its photos not saved yet: what the browser did with them. */
  async open(key: string, unsaved: readonly PhotoToSave[]): Promise<void> {
    if (this.key === key) return;
    this.key = key;
    this.phase = "unavailable";
    this.count = unsaved.length;
    this.urls = unsaved.map((p) => p.downloadUrl);
    const { ports } = this.deps;
    if (!ports || unsaved.length <= SHARE_BATCH) return;
    const id = await photosCacheOf(key, this.deps.tenant);
    if (await ports.running(id)) {
      this.set(key, "downloading");
      await this.follow(key, id);
      return;
    }
    const stored = await ports.stored(id, this.urls);
    this.set(key, stored === this.urls.length ? "downloaded" : "idle");
  }

  /** The tap: the browser downloads the photos (`title` is its notification's). */
  async start(title: string): Promise<void> {
    const { ports, tenant } = this.deps;
    const key = this.key;
    if (!ports || key === null || this.phase !== "idle") return;
    this.phase = "downloading";
    const id = await photosCacheOf(key, tenant);
    if (!(await ports.start(id, this.urls, title))) {
      this.set(key, "idle");
      return;
    }
    await this.follow(key, id);
  }

  /** Every photo saved: the downloaded copies are let go. */
  async release(): Promise<void> {
    if (this.key === null || !this.deps.ports) return;
    await this.deps.ports.remove(await photosCacheOf(this.key, this.deps.tenant));
  }

  private async follow(key: string, id: string): Promise<void> {
    const ports = this.deps.ports;
    if (!ports) return;
    await ports.settled(id);
    // What failed is fetched by "Save all" itself, as without a download in the background.
    this.set(key, (await ports.stored(id, this.urls)) > 0 ? "downloaded" : "idle");
  }

  private set(key: string, phase: BackgroundPhase): void {
    runInAction(() => {
      if (this.key === key) this.phase = phase;
    });
  }
}

/** The browser's Background Fetch on the shop's worker; undefined where it has none. */
export function browserBackground(tenant: string): BackgroundPorts | undefined {
  if (
    typeof caches === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("BackgroundFetchManager" in window)
  ) {
    return undefined;
  }
  const registration = async () =>
    (await navigator.serviceWorker.getRegistration("/")) as WithBackgroundFetch | undefined;
  const downloads = async () => (await registration())?.backgroundFetch;
  return {
    async start(id, urls, title) {
      try {
        // The worker stores what arrives: registered now unless a kept order did it already.
        const { registerWorker } = await import("./offline-cache.ts");
        const worker = ((await registration()) ??
          (await registerWorker(tenant))) as WithBackgroundFetch | null;
        // The brand's own icon in the browser's notification (the page's apple-touch-icon).
        const icon = document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href;
        const icons = icon ? [{ src: icon, sizes: "180x180", type: "image/png" }] : [];
        if (!worker?.backgroundFetch) return false;
        await worker.backgroundFetch.fetch(id, [...urls], { title, icons });
        return true;
      } catch {
        return false;
      }
    },
    running: async (id) => (await (await downloads())?.get(id))?.result === "",
    settled: (id) =>
      new Promise<void>((done) => {
        // The worker says when it has stored what arrived; a download already gone (ended while
        // the page was away, or its message missed) is looked for every few seconds.
        const check = async () => {
          if (!(await (await downloads())?.get(id))) finish();
        };
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { type?: unknown; id?: unknown } | null;
          if (data?.type === "storefront.photos" && data.id === id) finish();
        };
        const timer = setInterval(() => void check(), 2_000);
        const finish = () => {
          clearInterval(timer);
          navigator.serviceWorker.removeEventListener("message", onMessage);
          done();
        };
        navigator.serviceWorker.addEventListener("message", onMessage);
        void check();
      }),
    async stored(name, urls) {
      if (!(await caches.has(name))) return 0;
      const cache = await caches.open(name);
      let count = 0;
      for (const url of urls) if (await cache.match(url)) count++;
      return count;
    },
    remove: async (name) => {
      await caches.delete(name);
    },
  };
}

const stores = new WeakMap<object, BackgroundPhotosStore>();

/** The shop's downloads in the background, made on first use by the order screens. */
export function backgroundOf(
  shop: object,
  env: { background?: BackgroundPorts; settings: { id: string } },
): BackgroundPhotosStore {
  let store = stores.get(shop);
  if (!store) {
    store = new BackgroundPhotosStore({
      ports: "background" in env ? env.background : browserBackground(env.settings.id),
      tenant: env.settings.id,
    });
    stores.set(shop, store);
  }
  return store;
}
