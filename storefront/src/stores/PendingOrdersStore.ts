import { makeAutoObservable, runInAction } from "mobx";
import type { OrderState } from "../api/contracts/common.ts";
import {
  addPendingOrder,
  PENDING_ORDERS_KEY,
  parsePendingOrders,
  removePendingOrder,
} from "../domain/pending-orders.ts";
import type { KeyValueStorage } from "./types.ts";

/**
 * The state of an order as the backend has it now; null when it does not know the order (it is
 * gone), undefined when it could not be asked (offline).
 */
export type OrderStateLookup = (orderId: string) => Promise<OrderState | null | undefined>;

/** Unpaid orders of this device (spec §3), so a returning visitor finds the way back. */
export class PendingOrdersStore {
  ids: string[];
  /** The latest order the backend confirmed is still awaiting payment. */
  confirmed: string | null = null;
  private readonly storage: KeyValueStorage;
  private readonly lookup: OrderStateLookup | null;
  private checking: Promise<void> | null = null;

  constructor(storage: KeyValueStorage, lookup: OrderStateLookup | null = null) {
    this.storage = storage;
    this.lookup = lookup;
    this.ids = parsePendingOrders(storage.getItem(PENDING_ORDERS_KEY));
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<PendingOrdersStore, "storage" | "lookup" | "checking">(this, {
      storage: false,
      lookup: false,
      checking: false,
    });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  /** The most recent unpaid order, if any. */
  get latest(): string | null {
    return this.ids.at(-1) ?? null;
  }

  /**
   * The most recent order to offer as awaiting payment: only once the backend said it is (an
   * order paid in another tab, or free, is never shown as unpaid). Without a lookup, the latest.
   */
  get awaiting(): string | null {
    if (!this.lookup) return this.latest;
    return this.confirmed !== null && this.confirmed === this.latest ? this.confirmed : null;
  }

  /**
   * Asks the backend about the latest orders, newest first: paid, canceled or unknown ones
   * leave the list; the first still awaiting payment is confirmed. Bounded by the list's length.
   */
  confirm(): Promise<void> {
    // Two banners (or two renders) ask once.
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async check(): Promise<void> {
    const lookup = this.lookup;
    if (!lookup) return;
    for (let left = this.read().length; left > 0; left--) {
      const id = this.read().at(-1);
      if (!id) return;
      const state = await lookup(id);
      if (state === undefined) return;
      if (state === "AwaitingPayment") {
        runInAction(() => {
          this.confirmed = id;
        });
        return;
      }
      this.remove(id);
    }
  }

  add(orderId: string): void {
    this.save(addPendingOrder(this.read(), orderId));
  }

  remove(orderId: string): void {
    this.save(removePendingOrder(this.read(), orderId));
  }

  // Another tab may have changed the list: start from what is stored.
  private read(): string[] {
    return parsePendingOrders(this.storage.getItem(PENDING_ORDERS_KEY));
  }

  private save(ids: string[]): void {
    this.ids = ids;
    this.storage.setItem(PENDING_ORDERS_KEY, JSON.stringify(ids));
  }
}
