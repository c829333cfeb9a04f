/**
 * The browser's side of keeping paid orders (offline-cache.ts's browserOffline and
 * registerWorker): the shop's worker registered for the tenant, a kept order's replies fetched
 * first and written to a fresh cache (a required one that fails leaves the cache as it was, an
 * optional one is left out), the page's own files, and sign-out taking the worker away with its
 * downloads. The Cache API, the worker and the document are fakes of their shape here.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  browserOffline,
  type OfflinePorts,
  registerWorker,
} from "../../../storefront/src/stores/offline-cache.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SHOP = "https://shop.example";

/** The Cache API (caches in the order they were made), a service worker and `fetch`. */
function fakeBrowser(
  options: { refuseWorker?: boolean; registered?: boolean; failing?: string[] } = {},
) {
  const log: string[] = [];
  const stored = new Map<string, Map<string, string>>();
  const downloads = new Map<string, { aborted: boolean }>();
  const registration = {
    unregister: async () => void log.push("unregister"),
    backgroundFetch: {
      getIds: async () => [...downloads.keys()],
      get: async (id: string) => {
        const download = downloads.get(id);
        return (
          download && {
            abort: async () => {
              log.push(`abort ${id}`);
              download.aborted = true;
              return true;
            },
          }
        );
      },
    },
  };
  let registered = options.registered ?? false;
  vi.stubGlobal("navigator", {
    serviceWorker: {
      register: async (script: string, opts: unknown) => {
        log.push(`register ${script} ${JSON.stringify(opts)}`);
        if (options.refuseWorker) throw new DOMException("refused", "SecurityError");
        registered = true;
        return registration;
      },
      get ready() {
        return Promise.resolve(registration);
      },
      getRegistration: async (scope: string) => {
        log.push(`getRegistration ${scope}`);
        return registered ? registration : undefined;
      },
    },
  });
  vi.stubGlobal("caches", {
    keys: async () => [...stored.keys()],
    delete: async (name: string) => {
      log.push(`delete ${name}`);
      return stored.delete(name);
    },
    open: async (name: string) => {
      const cache = stored.get(name) ?? new Map<string, string>();
      stored.set(name, cache);
      return {
        put: async (request: Request, reply: Response) => {
          cache.set(request.url, await reply.text());
        },
      };
    },
  });
  vi.stubGlobal("fetch", async (request: Request) => {
    log.push(`fetch ${request.url}`);
    if (request.url.endsWith("/offline")) throw new TypeError("Failed to fetch");
    const failing = options.failing?.includes(request.url);
    return new Response(failing ? "no" : `reply of ${request.url}`, {
      status: failing ? 503 : 200,
    });
  });
  return { log, stored, downloads };
}

const ports = (): OfflinePorts => {
  const found = browserOffline();
  if (!found) throw new Error("no Cache API or worker in the fake browser");
  return found;
};

const entry = (url: string, required: boolean) => ({ request: new Request(url), required });

describe("where the browser can keep orders", () => {
  it("needs the Cache API and service workers, both", () => {
    vi.stubGlobal("navigator", { serviceWorker: {} });
    vi.stubGlobal("caches", undefined);
    expect(browserOffline()).toBeUndefined();
    vi.stubGlobal("navigator", {});
    vi.stubGlobal("caches", { keys: async () => [] });
    expect(browserOffline()).toBeUndefined();
    fakeBrowser();
    expect(browserOffline()).toBeDefined();
  });
});

describe("the shop's worker", () => {
  it("is registered for the tenant at the site's root, scope the whole shop, and waited for", async () => {
    const browser = fakeBrowser();
    expect(await registerWorker("my sport")).not.toBeNull();
    expect(await ports().register("mysport")).toBe(true);
    expect(browser.log).toEqual([
      `register /sw.js?tenant=my%20sport ${JSON.stringify({ scope: "/" })}`,
      `register /sw.js?tenant=mysport ${JSON.stringify({ scope: "/" })}`,
    ]);
  });

  it("refused by the browser (a private window, an insecure origin): none, and nothing is kept", async () => {
    fakeBrowser({ refuseWorker: true });
    expect(await registerWorker("mysport")).toBeNull();
    expect(await ports().register("mysport")).toBe(false);
  });
});

describe("a kept order's cache", () => {
  it("holds exactly the replies fetched, written to a fresh cache; an optional one that fails is left out", async () => {
    const browser = fakeBrowser({ failing: [`${SHOP}/img/b.jpg`] });
    browser.stored.set("storefront.order:o1@mysport", new Map([[`${SHOP}/old`, "old"]]));
    await ports().fill("storefront.order:o1@mysport", [
      entry(`${SHOP}/order/o1`, true),
      entry(`${SHOP}/img/a.jpg`, false),
      entry(`${SHOP}/img/b.jpg`, false),
      entry(`${SHOP}/offline`, false),
    ]);
    expect([...(browser.stored.get("storefront.order:o1@mysport") ?? [])]).toEqual([
      [`${SHOP}/order/o1`, `reply of ${SHOP}/order/o1`],
      [`${SHOP}/img/a.jpg`, `reply of ${SHOP}/img/a.jpg`],
    ]);
    expect(await ports().names()).toEqual(["storefront.order:o1@mysport"]);
  });

  it("a required reply that fails (an error status or no network) leaves the cache as it was", async () => {
    const browser = fakeBrowser({ failing: [`${SHOP}/order/o1`] });
    const before = new Map([[`${SHOP}/order/o1`, "kept before"]]);
    browser.stored.set("storefront.order:o1@mysport", before);
    for (const required of [`${SHOP}/order/o1`, `${SHOP}/offline`]) {
      await expect(
        ports().fill("storefront.order:o1@mysport", [
          entry(required, true),
          entry(`${SHOP}/img/a.jpg`, false),
        ]),
      ).rejects.toThrow(`${required} could not be kept`);
    }
    expect(browser.stored.get("storefront.order:o1@mysport")).toBe(before);
    expect(browser.log.some((line) => line.startsWith("delete"))).toBe(false);
  });

  it("is deleted by name", async () => {
    const browser = fakeBrowser();
    browser.stored.set("storefront.order:o1@mysport", new Map());
    browser.stored.set("storefront.order:o2@mysport", new Map());
    await ports().remove("storefront.order:o1@mysport");
    expect([...browser.stored.keys()]).toEqual(["storefront.order:o2@mysport"]);
  });
});

describe("the page's own files", () => {
  it("are its scripts, its linked styles and icons, then every resource it loaded", () => {
    fakeBrowser();
    vi.stubGlobal("document", {
      querySelectorAll: (selector: string) =>
        ({
          "script[src]": [{ src: `${SHOP}/assets/app-1.js` }],
          "link[href]": [{ href: `${SHOP}/assets/app-1.css` }, { href: `${SHOP}/icon.png` }],
        })[selector] ?? [],
    });
    vi.spyOn(performance, "getEntriesByType").mockImplementation((type) =>
      type === "resource"
        ? ([{ name: `${SHOP}/assets/catalog-en.js` }] as PerformanceEntryList)
        : [],
    );
    expect(ports().loaded()).toEqual([
      `${SHOP}/assets/app-1.js`,
      `${SHOP}/assets/app-1.css`,
      `${SHOP}/icon.png`,
      `${SHOP}/assets/catalog-en.js`,
    ]);
  });
});

describe("taking the worker away at sign-out", () => {
  it("stops the person's downloads under way in the background, then unregisters the worker", async () => {
    const browser = fakeBrowser({ registered: true });
    browser.downloads.set("storefront.photos:a@mysport", { aborted: false });
    browser.downloads.set("storefront.photos:b@mysport", { aborted: false });
    await ports().unregister();
    expect(browser.log).toEqual([
      "getRegistration /",
      "abort storefront.photos:a@mysport",
      "abort storefront.photos:b@mysport",
      "unregister",
    ]);
  });

  it("with no worker registered there is nothing to stop", async () => {
    const browser = fakeBrowser();
    await ports().unregister();
    expect(browser.log).toEqual(["getRegistration /"]);
  });
});
