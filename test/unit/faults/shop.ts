/**
 * A shop's stores wired as the app wires them (RootStore and its shop) over the demo backend,
 * with a fetch that can drop a call before it leaves, lose its reply after the backend acted,
 * or answer 503; and a sleep the test releases step by step, to see every wait a store takes.
 */
import { demoStores, mapStorage } from "../fixtures/stores.ts";

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
  const redirects: string[] = [];
  const store = demoStores({
    origin,
    fetch: fetcher,
    storage: mapStorage(map),
    sleep,
    files: {
      save: () => {},
      share: async () => false,
      redirect: (url) => void redirects.push(url),
    },
  });
  const { api, errors, events, cart, catalog, checkout, gallery, myPhotos, downloads } = store;
  return {
    api,
    calls,
    count: (re: RegExp) => calls.filter((c) => re.test(c)).length,
    setRule(next: Rule) {
      rule = next;
    },
    waits,
    map,
    store,
    errors,
    events,
    cart,
    catalog,
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
