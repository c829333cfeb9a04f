/**
 * A shop's stores wired as the app wires them (RootStore and its shop) over the demo backend,
 * with the recording fetch of the unit tests: a rule may drop a call before it leaves, lose its
 * reply after the backend acted, answer an error status or a reply of its own; and a sleep the
 * test releases step by step, to see every wait a store takes.
 */
import type { Photo, Product } from "../../../storefront/src/api/index.ts";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { tenantCookieName, tenantKey } from "../../../storefront/src/stores/tenant-storage.ts";
import { type Reply, recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoStores, mapStorage } from "../fixtures/stores.ts";

/** What happens to a call of `method` to `path` (the path under /public/{service}/api/v1). */
export type Rule = (method: string, path: string, url: URL) => Reply | Promise<Reply>;

export interface Wait {
  ms: number;
  go: () => void;
}

/** Statuses whose replies carry no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** Node's fetch, with the reply's bytes read before it is handed on: reading it then takes no I/O. */
const buffered: typeof fetch = async (input, init) => {
  const reply = await fetch(input, init);
  const bytes = await reply.arrayBuffer();
  return new Response(NO_BODY.has(reply.status) ? null : bytes, reply);
};

export function shop(origin: string, map = new Map<string, string>()) {
  let rule: Rule = () => null;
  const recorded = recordingFetch(
    (call) => rule(call.method, call.path, new URL(call.url)),
    buffered,
  );
  let inFlight = 0;
  const counted: typeof fetch = async (input, init) => {
    inFlight++;
    try {
      return await recorded.fetch(input, init);
    } finally {
      inFlight--;
    }
  };
  const waits: Wait[] = [];
  const sleep = (ms: number) => new Promise<void>((go) => waits.push({ ms, go }));
  const redirects: string[] = [];
  /** This tab's cookies: a reload on the same `map` starts with none (they expired, or were cleared). */
  const cookies = memoryCookies();
  const store = demoStores({
    origin,
    fetch: counted,
    cookies,
    storage: mapStorage(map),
    sleep,
    files: {
      save: () => {},
      share: async () => false,
      shareFiles: async () => "unsupported",
      redirect: (url) => void redirects.push(url),
    },
  });
  const { api, errors, events, cart, catalog, checkout, gallery, myPhotos, downloads } = store;
  return {
    api,
    /** Each call as "METHOD /path". */
    calls: recorded.lines,
    /** Each call's URL, method, path and headers. */
    recorded: recorded.calls,
    count: (re: RegExp) => recorded.count(re),
    /**
     * Lets everything the stores started run to its end: each call until its reply is in, and
     * what the stores do with it (no I/O is left then, only continuations). Whatever has not
     * happened by then would not happen later: a check that something is never asked for
     * needs no clock.
     */
    async settled() {
      for (let quiet = 0; quiet < 3; ) {
        await new Promise((done) => setImmediate(done));
        quiet = inFlight === 0 ? quiet + 1 : 0;
      }
    },
    setRule(next: Rule) {
      rule = next;
    },
    waits,
    map,
    cookies,
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

/**
 * Lets queued microtasks and pending calls run until `check` holds. The 15 s limit only stops
 * a test that would hang, with a clearer message than the test's own time-out: no check
 * depends on how soon the condition comes.
 */
export async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Where a device keeps its cart's id (spec §3: cartId, in a cookie for 365 days and in local
 * storage): the cookie's name and the local storage entry, both named after the tenant ("t" in
 * the test settings), which returning visitors already have.
 */
export const CART_COOKIE = tenantCookieName(testSettings().id, "cartId");
/** The entry's name as the stores know it (a `storage` event's key, once main.tsx has read it). */
export const CART_ENTRY_NAME = "storefront.cart";
export const CART_ENTRY = tenantKey(testSettings().id, CART_ENTRY_NAME);

/** The event the cart tests buy from: 60 photos, a photo product, packages and frames. */
/** The checkout call and the payment call, as a Rule's "METHOD path" sees them. */
export const CHECKOUT = /^POST \/shoppingCarts\/[^/]+$/;
export const PAY = /^POST \/invoices\/[^/]+\/payments$/;

export const KAZAN = { eventId: "1003", name: "Kazan Night Run 2025" };

/** A shop (a new device unless `map` is given) with an open cart, Kazan's photo product and photos. */
export async function withCart(origin: string, map?: Map<string, string>) {
  const s = shop(origin, map);
  await s.cart.init();
  await s.catalog.load("c1003");
  const product = s.catalog.photoProduct("c1003") as Product;
  const page = await s.api.photos.list({ albumId: "a1003" });
  if (!product || !page.ok) throw new Error("no catalog or photos");
  return { ...s, product, photos: page.data.items as Photo[] };
}

/** Such a shop whose cart holds Kazan's first photo. */
export async function withPhoto(origin: string, map?: Map<string, string>) {
  const s = await withCart(origin, map);
  if (!(await s.cart.addPhoto(KAZAN, s.product, s.photos[0] as Photo, null))) {
    throw new Error("the photo was not added");
  }
  return s;
}

/**
 * Such a shop whose cart holds Kazan's first photo and was then checked out behind its back
 * (another tab): the backend has it Processed, with an orderId. Returns the shop and the cart id.
 */
export async function checkedOutElsewhere(origin: string) {
  const s = await withPhoto(origin);
  const old = s.cart.cart?.shoppingCartId ?? "";
  await s.api.carts.setCustomer(old, "runner@example.com");
  await s.api.carts.checkout(old);
  return { s, old };
}

/** A JSON reply of the backend. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
