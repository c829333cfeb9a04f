/**
 * The paid order kept offline (a race's finish area is where the network fails): which orders a
 * device keeps and what of them (domain/offline-orders.ts), how the store keeps one over the
 * browser's ports, that only a paid order is kept, and that sign-out takes every kept order and
 * the worker away before the provider's page (a shared phone). The worker's answers themselves
 * are seen in Chromium (test/e2e/offline-order.spec.ts).
 */
import { autorun, observable } from "mobx";
import { describe, expect, it, vi } from "vitest";
import type { Api, Order } from "../../../storefront/src/api/index.ts";
import { CART_STORAGE_KEY } from "../../../storefront/src/domain/device-keys.ts";
import {
  addressesToKeep,
  isKeptOrderCache,
  keptOrderCache,
  MAX_KEPT_ASSETS,
  MAX_KEPT_ORDERS,
  MAX_KEPT_THUMBNAILS,
  mayBeKeptPhoto,
  ordersToDrop,
} from "../../../storefront/src/domain/offline-orders.ts";
import { AuthStore } from "../../../storefront/src/stores/AuthStore.ts";
import { SIGNED_OUT_MESSAGE } from "../../../storefront/src/stores/auth/person-data.ts";
import { offlineOf } from "../../../storefront/src/stores/OfflineOrdersStore.ts";
import { OrderStore } from "../../../storefront/src/stores/OrderStore.ts";
import {
  type KeptRequest,
  keepOrder,
  type OfflinePorts,
} from "../../../storefront/src/stores/offline-cache.ts";
import { PendingOrdersStore } from "../../../storefront/src/stores/PendingOrdersStore.ts";
import { ok } from "../fixtures/api-results.ts";
import { settle } from "../fixtures/deferred.ts";
import { demoRoot, mapStorage } from "../fixtures/stores.ts";

const SHOP = "https://shop.example";

describe("which paid orders a device keeps", () => {
  it("names each kept order after the order and the tenant, and tells them from anything else", () => {
    const name = keptOrderCache("order-seed-04", "mysport");
    expect(name).toBe("storefront.order:order-seed-04@mysport");
    expect(isKeptOrderCache(name, "mysport")).toBe(true);
    // Another brand previewed on the same origin, the cache being filled, a bare prefix.
    expect(isKeptOrderCache(name, "ironstar")).toBe(false);
    expect(isKeptOrderCache(`${name}~filling`, "mysport")).toBe(false);
    expect(isKeptOrderCache("storefront.order:@mysport", "mysport")).toBe(false);
    expect(isKeptOrderCache("workbox-precache@mysport", "mysport")).toBe(false);
    // An id that is not a plain word stays inside its own name.
    expect(keptOrderCache("a/b@ironstar", "mysport")).toBe(
      "storefront.order:a%2Fb%40ironstar@mysport",
    );
  });

  it(`keeps the ${MAX_KEPT_ORDERS} latest: one more drops the one opened longest ago, this tenant's only`, () => {
    const ours = Array.from({ length: MAX_KEPT_ORDERS }, (_, n) =>
      keptOrderCache(`o${n}`, "mysport"),
    );
    const theirs = keptOrderCache("x", "ironstar");
    expect(ordersToDrop([theirs, ...ours], "mysport")).toEqual([ours[0]]);
    expect(ordersToDrop(ours.slice(0, MAX_KEPT_ORDERS - 1), "mysport")).toEqual([]);
    expect(ordersToDrop([...ours, keptOrderCache("o99", "mysport")], "mysport")).toEqual(
      ours.slice(0, 2),
    );
  });

  it("keeps the order's page without the bank's query, its reply, its thumbnails and the page's own files", () => {
    const kept = addressesToKeep({
      page: `${SHOP}/order/o1?paymentId=p1#top`,
      reply: `${SHOP}/public/order-service/api/v1/orders/o1`,
      thumbnails: [
        "/img/t1.jpg",
        "/img/t1.jpg",
        "https://cdn.example/t2.jpg",
        "javascript:alert(1)",
        "http://[",
      ],
      loaded: [
        `${SHOP}/assets/boot-1.js`,
        `${SHOP}/assets/app-2.css#x`,
        `${SHOP}/public/cart-service/api/v1/carts/c1`,
        "https://evil.example/assets/x.js",
        `${SHOP}/favicon.svg`,
        `${SHOP}/assets/boot-1.js`,
      ],
    });
    expect(kept).toEqual({
      page: `${SHOP}/order/o1`,
      reply: `${SHOP}/public/order-service/api/v1/orders/o1`,
      extras: [
        `${SHOP}/img/t1.jpg`,
        "https://cdn.example/t2.jpg",
        `${SHOP}/assets/boot-1.js`,
        `${SHOP}/assets/app-2.css`,
      ],
    });
  });

  it(`bounds what one order holds: ${MAX_KEPT_THUMBNAILS} thumbnails, ${MAX_KEPT_ASSETS} files`, () => {
    const kept = addressesToKeep({
      page: `${SHOP}/order/o1`,
      reply: `${SHOP}/public/order-service/api/v1/orders/o1`,
      thumbnails: Array.from({ length: 5_000 }, (_, n) => `/img/${n}.jpg`),
      loaded: Array.from({ length: 5_000 }, (_, n) => `/assets/${n}.js`),
    });
    expect(kept?.extras.filter((a) => a.includes("/img/"))).toHaveLength(MAX_KEPT_THUMBNAILS);
    expect(kept?.extras.filter((a) => a.includes("/assets/"))).toHaveLength(MAX_KEPT_ASSETS);
  });

  it("never keeps the page or its reply a second time, as a thumbnail", () => {
    const page = `${SHOP}/order/o1`;
    const reply = `${SHOP}/public/order-service/api/v1/orders/o1`;
    const kept = addressesToKeep({
      page,
      reply,
      thumbnails: [page, reply, "/img/t1.jpg"],
      loaded: [],
    });
    expect(kept?.extras).toEqual([`${SHOP}/img/t1.jpg`]);
  });

  it("keeps a paid order of a shop served over plain http (a preview on the operator's machine)", () => {
    const local = "http://localhost:4173";
    expect(
      addressesToKeep({
        page: `${local}/order/o1`,
        reply: `${local}/public/order-service/api/v1/orders/o1`,
        thumbnails: ["/img/t1.jpg"],
        loaded: [],
      }),
    ).toEqual({
      page: `${local}/order/o1`,
      reply: `${local}/public/order-service/api/v1/orders/o1`,
      extras: [`${local}/img/t1.jpg`],
    });
  });

  it("keeps nothing when the page or the reply is no web address", () => {
    const reply = `${SHOP}/public/order-service/api/v1/orders/o1`;
    expect(
      addressesToKeep({ page: "file:///order/o1", reply, thumbnails: [], loaded: [] }),
    ).toBeNull();
    expect(addressesToKeep({ page: "not a url", reply, thumbnails: [], loaded: [] })).toBeNull();
    expect(
      addressesToKeep({ page: `${SHOP}/order/o1`, reply: "data:,{}", thumbnails: [], loaded: [] }),
    ).toBeNull();
  });
});

/** The browser's Cache API and worker, in memory: caches in the order they were made. */
function fakePorts(options: { worker?: boolean; failing?: string } = {}) {
  const caches = new Map<string, KeptRequest[]>();
  const log: string[] = [];
  const ports: OfflinePorts = {
    register: async (tenant) => {
      log.push(`register ${tenant}`);
      return options.worker ?? true;
    },
    names: async () => [...caches.keys()],
    fill: async (name, entries) => {
      const failing = entries.find((e) => e.required && e.request.url === options.failing);
      if (failing) throw new Error("offline");
      caches.delete(name);
      caches.set(name, [...entries]);
    },
    remove: async (name) => void caches.delete(name),
    loaded: () => [`${SHOP}/assets/app-1.js`, `${SHOP}/public/themes-service/api/v1/themes/1`],
    unregister: async () => void log.push("unregister"),
  };
  return { ports, caches, log };
}

const paidOrder = (id: string, thumbnails: string[]) =>
  ({
    orderId: id,
    invoiceId: `inv-${id}`,
    state: "Completed",
    items: [{ photos: thumbnails.map((t, n) => ({ photoId: `p${n}`, thumbnailUrl: t })) }],
  }) as unknown as Order;

/** Keeps an order as the shop does, over `ports`, for the tenant "mysport". */
const keep = (ports: OfflinePorts | undefined, order: Order) =>
  keepOrder(
    {
      ports,
      tenant: "mysport",
      origin: SHOP,
      replyRequest: (id) =>
        new Request(`${SHOP}/public/order-service/api/v1/orders/${id}`, {
          headers: { "Accept-Language": "en" },
        }),
    },
    order,
  );

describe("keeping a paid order on the device", () => {
  it("registers the worker, then keeps the page and the reply (both needed) and the rest", async () => {
    const { ports, caches, log } = fakePorts();
    expect(await keep(ports, paidOrder("o1", ["/img/a.jpg", "/img/b.jpg"]))).toBe("kept");
    expect(log).toEqual(["register mysport"]);
    const kept = caches.get("storefront.order:o1@mysport") ?? [];
    expect(kept.map((e) => [e.request.url, e.required])).toEqual([
      [`${SHOP}/order/o1`, true],
      [`${SHOP}/public/order-service/api/v1/orders/o1`, true],
      [`${SHOP}/img/a.jpg`, false],
      [`${SHOP}/img/b.jpg`, false],
      [`${SHOP}/assets/app-1.js`, false],
    ]);
    // The reply is fetched as the transport asks for it (its language, its token).
    expect(kept[1]?.request.headers.get("Accept-Language")).toBe("en");
  });

  it("an order opened again is kept afresh as the latest, and the tenth after it drops it", async () => {
    const { ports, caches } = fakePorts();
    for (let n = 0; n <= MAX_KEPT_ORDERS; n++) await keep(ports, paidOrder(`o${n}`, []));
    expect([...caches.keys()][0]).toBe("storefront.order:o1@mysport");
    await keep(ports, paidOrder("o1", []));
    expect([...caches.keys()]).toEqual([
      ...Array.from(
        { length: MAX_KEPT_ORDERS - 1 },
        (_, n) => `storefront.order:o${n + 2}@mysport`,
      ),
      "storefront.order:o1@mysport",
    ]);
  });

  it("where the browser has no worker, nothing is kept and the page promises nothing", async () => {
    const { ports, caches } = fakePorts({ worker: false });
    expect([await keep(ports, paidOrder("o1", [])), caches.size]).toEqual([undefined, 0]);
    expect(await keep(undefined, paidOrder("o1", []))).toBeUndefined();
  });

  it("a reply that cannot be fetched leaves the order as it was kept before, and says it failed", async () => {
    const { ports, caches } = fakePorts({
      failing: `${SHOP}/public/order-service/api/v1/orders/o1`,
    });
    caches.set("storefront.order:o1@mysport", []);
    expect(await keep(ports, paidOrder("o1", []))).toBe("failed");
    expect([...caches.keys()]).toEqual(["storefront.order:o1@mysport"]);
  });

  it("the oldest of the kept orders opened again while its reply fails is still kept, not dropped to make room for itself", async () => {
    const { ports, caches } = fakePorts({
      failing: `${SHOP}/public/order-service/api/v1/orders/o0`,
    });
    for (let n = 0; n < MAX_KEPT_ORDERS; n++) caches.set(`storefront.order:o${n}@mysport`, []);
    expect(await keep(ports, paidOrder("o0", []))).toBe("failed");
    expect(caches.size).toBe(MAX_KEPT_ORDERS);
    expect(caches.has("storefront.order:o0@mysport")).toBe(true);
  });
});

describe("only a paid order is kept", () => {
  async function opened(state: Order["state"], kind: "order" | "preorder" = "order") {
    const { ports, caches } = fakePorts();
    const api = {
      orders: {
        get: async () => ok({ ...paidOrder("o1", []), state }),
        getRequest: (id: string) => new Request(`${SHOP}/public/order-service/api/v1/orders/${id}`),
      },
      invoices: { payments: async () => ok([]) },
      preorders: { details: async () => ok({ preorderId: "o1", state, items: [] }) },
    } as unknown as Api;
    const order = new OrderStore({
      api,
      pending: new PendingOrdersStore(mapStorage(new Map())),
      files: { redirect: () => {} },
      sleep: async () => {},
    });
    const offline = offlineOf(
      { api, order },
      { offline: ports, origin: SHOP, settings: { id: "mysport" } },
    );
    await order.open(kind, "o1");
    await settle();
    return [order.phase, [...caches.keys()], offline.isKept("o1")];
  }

  it("paid: kept, and the page says so; canceled, still awaiting payment or a pre-order: not", async () => {
    expect(await opened("Completed")).toEqual(["paid", ["storefront.order:o1@mysport"], true]);
    expect(await opened("Canceled")).toEqual(["canceled", [], false]);
    expect(await opened("AwaitingPayment")).toEqual(["awaiting", [], false]);
    expect(await opened("Completed", "preorder")).toEqual(["paid", [], false]);
  });

  const api = {
    orders: {
      getRequest: (id: string) => new Request(`${SHOP}/public/order-service/api/v1/orders/${id}`),
    },
  } as unknown as Api;
  /** The order page's store as the kept orders see it: observable, changed by the test. */
  const orderPage = (phase: string, order: Order | null) =>
    observable({ kind: "order", phase, order }) as unknown as OrderStore;

  it("an order already shown as paid when the order screens load is kept too; the page hears when it is", async () => {
    const { ports, caches } = fakePorts();
    const page = orderPage("paid", paidOrder("o1", []));
    const offline = offlineOf(
      { api, order: page },
      { offline: ports, origin: SHOP, settings: { id: "mysport" } },
    );
    const said: boolean[] = [];
    autorun(() => void said.push(offline.isKept("o1")));
    expect(said).toEqual([false]);
    await vi.waitFor(() => expect(said.at(-1)).toBe(true));
    expect([...caches.keys()]).toEqual(["storefront.order:o1@mysport"]);
  });

  it("one store per shop; an order is kept once per page life, but asked again where nothing could be kept", async () => {
    const { ports, log } = fakePorts();
    const page = orderPage("awaiting", null);
    const shop = { api, order: page };
    const env = { offline: ports, origin: SHOP, settings: { id: "mysport" } };
    const offline = offlineOf(shop, env);
    expect(offlineOf(shop, env)).toBe(offline);
    expect(offlineOf({ api, order: page }, env)).not.toBe(offline);
    await offline.keep(paidOrder("o1", []));
    await offline.keep(paidOrder("o1", []));
    expect(log).toEqual(["register mysport"]);
    // A browser without a worker keeps nothing: the next showing of the order asks again.
    const none = fakePorts({ worker: false });
    const without = offlineOf({ api, order: page }, { ...env, offline: none.ports });
    await without.keep(paidOrder("o2", []));
    await without.keep(paidOrder("o2", []));
    expect([none.log, without.isKept("o2")]).toEqual([
      ["register mysport", "register mysport"],
      false,
    ]);
  });
});

describe("sign-out on a shared phone", () => {
  it("deletes this tenant's kept orders, its downloaded photos and the worker, and leaves another brand's", async () => {
    const { ports, caches, log } = fakePorts();
    // The test settings' tenant is "t".
    caches.set("storefront.order:o1@t", []);
    caches.set("storefront.order:o2@ironstar", []);
    caches.set("storefront.order:o3@t", []);
    caches.set("storefront.photos:order%3Ao3@t", []);
    const root = demoRoot({ origin: SHOP, offline: ports });
    // Sign-out on a tenant without sign-in: the device forgets, then home loads afresh.
    await root.auth.signOut();
    expect([[...caches.keys()], log]).toEqual([["storefront.order:o2@ironstar"], ["unregister"]]);
  });

  it("forgets the person's cart on the device, and the first page after it says so, once", async () => {
    const device = new Map<string, string>();
    const root = demoRoot({
      origin: SHOP,
      offline: fakePorts().ports,
      storage: mapStorage(device),
    });
    root.storage.setItem(CART_STORAGE_KEY, JSON.stringify({ cartId: "c1" }));
    root.announceSignOut();
    expect(root.notifications.items).toEqual([]);
    const left: string[] = [];
    vi.stubGlobal("location", { assign: (path: string) => void left.push(path) });
    try {
      await root.auth.signOut();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(root.storage.getItem(CART_STORAGE_KEY)).toBeNull();
    // No sign-in on this tenant: the page itself goes home afresh.
    expect(left).toEqual(["/"]);
    // The provider sends the browser back: a new page over the same device.
    const back = demoRoot({
      origin: SHOP,
      offline: fakePorts().ports,
      storage: mapStorage(device),
    });
    back.announceSignOut();
    expect(back.notifications.items.map((n) => n.message)).toEqual([SIGNED_OUT_MESSAGE]);
    back.announceSignOut();
    expect(back.notifications.items).toHaveLength(1);
    const later = demoRoot({
      origin: SHOP,
      offline: fakePorts().ports,
      storage: mapStorage(device),
    });
    later.announceSignOut();
    expect(later.notifications.items).toEqual([]);
  });

  it("the provider's sign-out waits until the device has forgotten the person", async () => {
    const order: string[] = [];
    const store = new AuthStore({
      settings: { authority: "https://id.example/realms/shop", clientId: "shop" } as never,
      origin: SHOP,
      forgetPerson: async () => {
        await new Promise((done) => setTimeout(done, 20));
        order.push("caches gone");
      },
      loadClient: async () => ({
        storedUser: async () => null,
        silentSignIn: async () => null,
        signIn: async () => {},
        completeSignIn: async () => ({ user: null as never, returnTo: "/" }),
        signOut: async () => void order.push("provider"),
      }),
    });
    await store.signOut();
    expect(order).toEqual(["caches gone", "provider"]);
  });
});

describe("what the worker looks for among the photos downloaded in the background", () => {
  it("a file the page fetches or an image it shows, never its scripts, styles, fonts or pages", () => {
    expect(mayBeKeptPhoto("")).toBe(true);
    expect(mayBeKeptPhoto("image")).toBe(true);
    for (const other of ["script", "style", "font", "document", "manifest", "worker", "audio"]) {
      expect(mayBeKeptPhoto(other), other).toBe(false);
    }
  });
});
