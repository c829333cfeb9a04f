import { makeAutoObservable, reaction, runInAction } from "mobx";
import type { Api, Order } from "../api/index.ts";
import type { OrderStore } from "./OrderStore.ts";
import type { KeptState, OfflinePorts } from "./offline-cache.ts";

export interface OfflineOrdersDeps {
  api: Pick<Api, "orders">;
  /** The order page's store: each order it shows as paid is kept. */
  order: Pick<OrderStore, "phase" | "kind" | "order">;
  /** Stands in for the browser's Cache API and worker (tests); the browser's when absent. */
  ports?: OfflinePorts | undefined;
  tenant: string;
  /** The page's origin: the order's page is kept at {origin}/order/{id}. */
  origin: string;
}

/**
 * The paid orders kept on this device so that they open without a network (offline-cache.ts):
 * each order the order page shows as paid is kept once per page life, and the page says so
 * once it is. Made by the order screens' chunk (offlineOf): no other screen loads it.
 */
export class OfflineOrdersStore {
  private readonly states = new Map<string, KeptState | "keeping">();
  private readonly deps: OfflineOrdersDeps;

  constructor(deps: OfflineOrdersDeps) {
    this.deps = deps;
    // Stryker disable next-line BooleanLiteral,ObjectLiteral: equivalent, deps holds services and the order page's store (observable already), never read by a render; made observable they behave the same
    makeAutoObservable<OfflineOrdersStore, "deps">(this, { deps: false });
    reaction(
      () => (deps.order.kind === "order" && deps.order.phase === "paid" ? deps.order.order : null),
      (order) => {
        // Made while the order screen renders: the keeping starts once that render is over.
        if (order) queueMicrotask(() => void this.keep(order));
      },
      { fireImmediately: true },
    );
  }

  /** Whether this order opens on this device without a network (kept in this page's life). */
  isKept(orderId: string): boolean {
    return this.states.get(orderId) === "kept";
  }

  /** Keeps a paid order (its page, reply, thumbnails and the page's files), once per page life. */
  async keep(order: Order): Promise<void> {
    const id = order.orderId;
    if (this.states.has(id)) return;
    this.states.set(id, "keeping");
    const { api, tenant, origin } = this.deps;
    const replyRequest = (orderId: string) => api.orders.getRequest(orderId);
    // Loaded now, as sign-out loads it: one chunk, no first screen pays for it.
    const { keepOrder, browserOffline } = await import("./offline-cache.ts");
    const ports = this.deps.ports ?? browserOffline();
    const state = await keepOrder({ ports, tenant, origin, replyRequest }, order);
    runInAction(() => {
      if (state) this.states.set(id, state);
      else this.states.delete(id);
    });
  }
}

const stores = new WeakMap<object, OfflineOrdersStore>();

/**
 * The shop's kept orders, made on first use by the order screens. `env.offline` stands in for
 * the browser's ports in tests.
 */
export function offlineOf(
  shop: { api: Pick<Api, "orders">; order: OfflineOrdersDeps["order"] },
  env: { offline?: OfflinePorts; origin: string; settings: { id: string } },
): OfflineOrdersStore {
  let store = stores.get(shop);
  if (!store) {
    store = new OfflineOrdersStore({
      api: shop.api,
      order: shop.order,
      ports: env.offline,
      tenant: env.settings.id,
      origin: env.origin,
    });
    stores.set(shop, store);
  }
  return store;
}
