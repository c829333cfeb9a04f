// @vitest-environment jsdom
/**
 * "Download in the background" on the browser's side (BackgroundPhotosStore.ts's
 * browserBackground and backgroundOf): Background Fetch on the shop's worker, its progress
 * notification titled and iconed for the brand, a download followed until the worker says it
 * stored what arrived (or until it is gone), and the downloaded copies counted and let go in the
 * Cache API. The browser here is a fake of those objects' shape; Chromium itself runs in
 * test/e2e/background-download.spec.ts.
 */
import { autorun } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { photosCache } from "../../../storefront/src/domain/offline-orders.ts";
import type { PhotoToSave } from "../../../storefront/src/domain/save-photos.ts";
import {
  BackgroundPhotosStore,
  type BackgroundPorts,
  backgroundOf,
  browserBackground,
} from "../../../storefront/src/stores/BackgroundPhotosStore.ts";
import { deferred, settle } from "../fixtures/deferred.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
});

const KEY = "order:order-seed-04";
const ID = photosCache(KEY, "mysport");

const photos = (n: number): PhotoToSave[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `p${i}`,
    photoId: `p${i}`,
    downloadUrl: `https://shop.example/img/${i}.jpg`,
    fileName: `MySport-90004-${i + 1}.jpg`,
  })) as PhotoToSave[];

type Result = "" | "success" | "failure";

/**
 * A browser with the Cache API, a service worker (registered or not yet, with or without
 * Background Fetch) and its message channel, all recording what the page asks of them.
 */
function fakeBrowser(
  options: {
    registered?: boolean;
    backgroundFetch?: boolean;
    refuseWorker?: boolean;
    refuseFetch?: boolean;
  } = {},
) {
  const log: string[] = [];
  const downloads = new Map<string, { result: Result }>();
  const listeners = new Map<string, Set<(event: MessageEvent) => void>>();
  const stored = new Map<string, Set<string>>();
  const backgroundFetch = {
    fetch: async (id: string, requests: string[], opts: unknown) => {
      log.push(`fetch ${id} ${JSON.stringify(requests)} ${JSON.stringify(opts)}`);
      // As Chromium does for a download the storage quota cannot hold.
      if (options.refuseFetch) throw new DOMException("quota", "QuotaExceededError");
      downloads.set(id, { result: "" });
      return {};
    },
    get: async (id: string) => {
      log.push(`get ${id}`);
      return downloads.get(id);
    },
  };
  const worker = options.backgroundFetch === false ? {} : { backgroundFetch };
  let registration: object | undefined = options.registered ? worker : undefined;
  const serviceWorker = {
    getRegistration: async (scope: string) => {
      log.push(`getRegistration ${scope}`);
      return registration;
    },
    register: async (script: string, opts: unknown) => {
      log.push(`register ${script} ${JSON.stringify(opts)}`);
      if (options.refuseWorker) throw new DOMException("refused", "SecurityError");
      registration = worker;
      return registration;
    },
    get ready() {
      return Promise.resolve(registration);
    },
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      listeners.get(type)?.delete(listener);
    },
  };
  const caches = {
    has: async (name: string) => stored.has(name),
    // Like the browser's: opening a cache that does not exist creates it.
    open: async (name: string) => {
      const urls = stored.get(name) ?? new Set<string>();
      stored.set(name, urls);
      return { match: async (url: string) => (urls.has(url) ? { url } : undefined) };
    },
    delete: async (name: string) => {
      log.push(`delete ${name}`);
      return stored.delete(name);
    },
  };
  vi.stubGlobal("navigator", { serviceWorker });
  vi.stubGlobal("caches", caches);
  vi.stubGlobal("BackgroundFetchManager", class {});
  return {
    log,
    downloads,
    stored,
    /** The message the worker posts to the page. */
    post: (data: unknown) => {
      for (const listener of listeners.get("message") ?? []) {
        listener(new MessageEvent("message", { data }));
      }
    },
    listening: () => listeners.get("message")?.size ?? 0,
  };
}

const ports = (): BackgroundPorts => {
  const found = browserBackground("mysport");
  if (!found) throw new Error("no Background Fetch in the fake browser");
  return found;
};

describe("where the browser has Background Fetch", () => {
  it("needs the Cache API, a service worker and Background Fetch, all three", () => {
    expect(browserBackground("mysport")).toBeUndefined();
    fakeBrowser();
    expect(browserBackground("mysport")).toBeDefined();
    vi.stubGlobal("caches", undefined);
    expect(browserBackground("mysport")).toBeUndefined();
    fakeBrowser();
    vi.stubGlobal("navigator", {});
    expect(browserBackground("mysport")).toBeUndefined();
    vi.unstubAllGlobals();
    fakeBrowser();
    vi.stubGlobal("BackgroundFetchManager", undefined);
    // Gone from the window altogether, as in a browser without it.
    delete (window as { BackgroundFetchManager?: unknown }).BackgroundFetchManager;
    expect(browserBackground("mysport")).toBeUndefined();
  });
});

describe("starting a download in the background", () => {
  const urls = ["https://shop.example/img/0.jpg", "https://shop.example/img/1.jpg"];

  it("hands the photos to the registered worker, the notification titled and with the brand's icon", async () => {
    const browser = fakeBrowser({ registered: true });
    document.head.innerHTML = '<link rel="apple-touch-icon" href="/brand/apple-touch-icon.png">';
    expect(await ports().start(ID, urls, "MySport: 2 photos")).toBe(true);
    const icon = {
      src: `${location.origin}/brand/apple-touch-icon.png`,
      sizes: "180x180",
      type: "image/png",
    };
    expect(browser.log).toEqual([
      "getRegistration /",
      `fetch ${ID} ${JSON.stringify(urls)} ${JSON.stringify({ title: "MySport: 2 photos", icons: [icon] })}`,
    ]);
  });

  it("registers the shop's worker for this tenant first when no kept order did; no icon, none shown", async () => {
    const browser = fakeBrowser();
    expect(await ports().start(ID, urls, "t")).toBe(true);
    expect(browser.log).toEqual([
      "getRegistration /",
      `register /sw.js?tenant=mysport ${JSON.stringify({ scope: "/" })}`,
      `fetch ${ID} ${JSON.stringify(urls)} ${JSON.stringify({ title: "t", icons: [] })}`,
    ]);
  });

  it("a worker without Background Fetch, or one the browser refuses: not started, offered again", async () => {
    const without = fakeBrowser({ registered: true, backgroundFetch: false });
    expect(await ports().start(ID, urls, "t")).toBe(false);
    expect(without.log).toEqual(["getRegistration /"]);
    vi.unstubAllGlobals();
    const refused = fakeBrowser({ refuseWorker: true });
    expect(await ports().start(ID, urls, "t")).toBe(false);
    expect(refused.log.filter((line) => line.startsWith("fetch"))).toEqual([]);
  });

  it("a download the browser refuses to start (its storage quota): not started, offered again", async () => {
    const browser = fakeBrowser({ registered: true, refuseFetch: true });
    expect(await ports().start(ID, urls, "t")).toBe(false);
    expect(browser.downloads.size).toBe(0);
  });
});

describe("following a download", () => {
  it("is under way while its result is empty, not once it ended or when there is none", async () => {
    fakeBrowser();
    expect(await ports().running(ID)).toBe(false);
    vi.unstubAllGlobals();
    const browser = fakeBrowser({ registered: true });
    expect(await ports().running(ID)).toBe(false);
    browser.downloads.set(ID, { result: "" });
    expect(await ports().running(ID)).toBe(true);
    browser.downloads.set(ID, { result: "success" });
    expect(await ports().running(ID)).toBe(false);
  });

  it("has settled when the worker says it stored this download, not at another message", async () => {
    const browser = fakeBrowser({ registered: true });
    browser.downloads.set(ID, { result: "" });
    let done = false;
    const settled = ports()
      .settled(ID)
      .then(() => {
        done = true;
      });
    await settle();
    browser.post(null);
    browser.post({ type: "storefront.order", id: ID });
    browser.post({ type: "storefront.photos", id: "storefront.photos:other@mysport" });
    await settle();
    expect([done, browser.listening()]).toEqual([false, 1]);
    browser.post({ type: "storefront.photos", id: ID });
    await settled;
    // Done listening and looking.
    expect(browser.listening()).toBe(0);
  });

  it("a download already gone (ended while the page was away) has settled at once", async () => {
    const browser = fakeBrowser({ registered: true });
    await ports().settled(ID);
    expect([browser.log, browser.listening()]).toEqual([[`getRegistration /`, `get ${ID}`], 0]);
    vi.unstubAllGlobals();
    // No worker at all: nothing under way either.
    const none = fakeBrowser();
    await ports().settled(ID);
    expect(none.listening()).toBe(0);
  });

  it("a download whose message was missed is looked for every 2 s, and no longer once it is gone", async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser({ registered: true });
    browser.downloads.set(ID, { result: "" });
    let done = false;
    void ports()
      .settled(ID)
      .then(() => {
        done = true;
      });
    const looks = () => browser.log.filter((line) => line === `get ${ID}`).length;
    await vi.advanceTimersByTimeAsync(0);
    expect([looks(), done]).toEqual([1, false]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect([looks(), done]).toEqual([2, false]);
    browser.downloads.delete(ID);
    await vi.advanceTimersByTimeAsync(2_000);
    expect([looks(), done, browser.listening()]).toEqual([3, true, 0]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(looks()).toBe(3);
  });
});

describe("the downloaded copies", () => {
  const urls = [
    "https://shop.example/img/0.jpg",
    "https://shop.example/img/1.jpg",
    "https://shop.example/img/2.jpg",
  ];

  it("counts the photos the cache holds, and asking does not create the cache", async () => {
    const browser = fakeBrowser({ registered: true });
    expect(await ports().stored(ID, urls)).toBe(0);
    expect(browser.stored.has(ID)).toBe(false);
    browser.stored.set(
      ID,
      new Set([urls[0] ?? "", urls[2] ?? "", "https://shop.example/img/9.jpg"]),
    );
    expect(await ports().stored(ID, urls)).toBe(2);
  });

  it("lets the cache go", async () => {
    const browser = fakeBrowser({ registered: true });
    browser.stored.set(ID, new Set(urls));
    await ports().remove(ID);
    expect([browser.stored.has(ID), browser.log]).toEqual([false, [`delete ${ID}`]]);
  });
});

describe("the shop's downloads in the background", () => {
  it("one store per shop, on the browser's ports for the shop's tenant unless the shop gives its own", async () => {
    const browser = fakeBrowser({ registered: true });
    const shop = {};
    const env = { settings: { id: "mysport" } };
    const store = backgroundOf(shop, env);
    expect(backgroundOf(shop, env)).toBe(store);
    expect(backgroundOf({}, env)).not.toBe(store);
    // The browser's ports: nothing stored yet, so offered; its cache named for this tenant.
    await store.open(KEY, photos(30));
    expect(store.phase).toBe("idle");
    const started = store.start("t");
    await vi.waitFor(() =>
      expect(browser.log.some((line) => line.startsWith(`fetch ${ID} `))).toBe(true),
    );
    expect(store.phase).toBe("downloading");
    browser.stored.set(ID, new Set(photos(30).map((p) => p.downloadUrl)));
    browser.post({ type: "storefront.photos", id: ID });
    await started;
    expect(store.phase).toBe("downloaded");
    // A shop that says it has none (tests, a browser left out) gets none.
    const without = backgroundOf({}, { ...env, background: undefined });
    await without.open(KEY, photos(30));
    expect(without.phase).toBe("unavailable");
  });
});

describe("BackgroundPhotosStore", () => {
  /** Ports whose every answer the test holds back, recording what is asked. */
  function heldPorts() {
    const log: string[] = [];
    const running = new Map<string, ReturnType<typeof deferred<boolean>>>();
    const ports: BackgroundPorts = {
      start: async (id, urls) => {
        log.push(`start ${id} ${urls.join(" ")}`);
        return true;
      },
      running: (id) => {
        log.push(`running ${id}`);
        const answer = deferred<boolean>();
        running.set(id, answer);
        return answer.promise;
      },
      settled: async () => {},
      stored: async (name, urls) => {
        log.push(`stored ${name}`);
        return urls.length;
      },
      remove: async (name) => void log.push(`remove ${name}`),
    };
    return { ports, log, running };
  }

  it("is unavailable until a purchase is opened; a tap or a release before then does nothing", async () => {
    const held = heldPorts();
    const store = new BackgroundPhotosStore({ ports: held.ports, tenant: "mysport" });
    expect([store.key, store.phase, store.count]).toEqual([null, "unavailable", 0]);
    await store.start("t");
    await store.release();
    expect(held.log).toEqual([]);
    // No browser ports: a release after opening asks nothing either (and does not fail).
    const none = new BackgroundPhotosStore({ ports: undefined, tenant: "mysport" });
    await none.open(KEY, photos(30));
    await none.release();
  });

  it("the same purchase opened again asks the browser nothing more; the download gets its photos' addresses", async () => {
    const held = heldPorts();
    const store = new BackgroundPhotosStore({ ports: held.ports, tenant: "mysport" });
    const opening = store.open(KEY, photos(12));
    await settle();
    await store.open(KEY, photos(12));
    held.running.get(ID)?.resolve(false);
    await opening;
    expect(held.log).toEqual([`running ${ID}`, `stored ${ID}`]);
    expect(store.phase).toBe("downloaded");
    held.log.length = 0;
    const other = new BackgroundPhotosStore({
      ports: { ...held.ports, stored: async () => 0, running: async () => false },
      tenant: "mysport",
    });
    await other.open(KEY, photos(12));
    await other.start("t");
    expect(held.log).toEqual([
      `start ${ID} ${photos(12)
        .map((p) => p.downloadUrl)
        .join(" ")}`,
    ]);
  });

  it("the screen follows the phase: each change is seen by whoever renders it", async () => {
    const held = heldPorts();
    const store = new BackgroundPhotosStore({ ports: held.ports, tenant: "mysport" });
    const seen: string[] = [];
    const stop = autorun(() => void seen.push(store.phase));
    const opening = store.open(KEY, photos(30));
    await settle();
    held.running.get(ID)?.resolve(false);
    await opening;
    stop();
    expect(seen).toEqual(["unavailable", "downloaded"]);
  });

  it("an answer about a purchase no longer on screen leaves the one on screen alone", async () => {
    const held = heldPorts();
    const store = new BackgroundPhotosStore({ ports: held.ports, tenant: "mysport" });
    const first = store.open(KEY, photos(30));
    await settle();
    const second = "order:order-seed-05";
    const opening = store.open(second, photos(30));
    await settle();
    // The first purchase's download turns out to be under way: the second stays as it is.
    held.running.get(ID)?.resolve(true);
    await first;
    expect([store.key, store.phase]).toEqual([second, "unavailable"]);
    held.running.get(photosCache(second, "mysport"))?.resolve(false);
    await opening;
    expect(store.phase).toBe("downloaded");
  });
});
