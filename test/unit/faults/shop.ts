/**
 * A shop's stores built directly (not through RootStore) over the demo backend, with a fetch
 * that can drop a call before it leaves, lose its reply after the backend acted, or answer
 * 503; and a sleep the test releases step by step, to see every wait a store takes.
 */
import { observable } from "mobx";
import { createApi } from "../../../storefront/src/api/index.ts";
import { CartStore } from "../../../storefront/src/stores/CartStore.ts";
import { CheckoutStore } from "../../../storefront/src/stores/CheckoutStore.ts";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { DownloadStore } from "../../../storefront/src/stores/DownloadStore.ts";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import { GalleryStore } from "../../../storefront/src/stores/GalleryStore.ts";
import type { LanguageStore } from "../../../storefront/src/stores/LanguageStore.ts";
import { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { NotificationStore } from "../../../storefront/src/stores/NotificationStore.ts";
import { PendingOrdersStore } from "../../../storefront/src/stores/PendingOrdersStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { UiStore } from "../../../storefront/src/stores/UiStore.ts";
import { mapStorage } from "../fixtures/stores.ts";

/** What happens to a call: it never leaves, its reply is lost, the backend answers 503. */
export type Fault = "drop" | "lost" | 503 | null;
export type Rule = (method: string, path: string) => Fault;

export interface Wait {
  ms: number;
  go: () => void;
}

export function shop(origin: string, map = new Map<string, string>()) {
  const calls: string[] = [];
  let rule: Rule = () => null;
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/public\/[^/]+\/api\/v1/, "");
    calls.push(`${method} ${path}`);
    const fault = rule(method, path);
    if (fault === "drop") throw new TypeError("Failed to fetch");
    if (fault === 503) {
      return new Response(JSON.stringify({ code: "ServiceUnavailable", message: "down" }), {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    }
    const response = await fetch(input, init);
    if (fault === "lost") {
      await response.arrayBuffer();
      throw new TypeError("Failed to fetch");
    }
    return response;
  };
  const waits: Wait[] = [];
  const sleep = (ms: number) => new Promise<void>((go) => waits.push({ ms, go }));
  const storage = mapStorage(map);
  const api = createApi({ origin, getLanguage: () => "ru", fetch: fetcher });
  const errors = new ErrorStore();
  const notifications = new NotificationStore(new UiStore(1280, false));
  const tokens = new SearchTokenStore(api);
  const events = new EventStore(api);
  const redirects: string[] = [];
  const cart = new CartStore({
    api,
    storage,
    cookies: memoryCookies(),
    language: observable({ language: "ru" }) as unknown as LanguageStore,
    themeId: "mysport",
    tokens,
    notifications,
    errors,
    analytics: null,
    sleep,
  });
  const pending = new PendingOrdersStore(storage);
  const checkout = new CheckoutStore({
    api,
    cart,
    events,
    pending,
    files: { redirect: (url) => void redirects.push(url) },
  });
  const deps = { api, events, tokens };
  const gallery = new GalleryStore({ ...deps, notifications, errors });
  const myPhotos = new MyPhotosStore(deps);
  const downloads = new DownloadStore({
    api,
    files: { save: () => {}, share: async () => false },
    sleep: async () => {},
  });
  return {
    api,
    calls,
    count: (re: RegExp) => calls.filter((c) => re.test(c)).length,
    setRule(next: Rule) {
      rule = next;
    },
    waits,
    map,
    errors,
    events,
    cart,
    checkout,
    gallery,
    myPhotos,
    downloads,
    redirects,
  };
}

/** Lets queued microtasks and pending calls run until `check` holds (or fails after 2 s). */
export async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 5));
  }
}
