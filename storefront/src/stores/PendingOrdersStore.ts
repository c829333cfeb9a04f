import { makeAutoObservable } from "mobx";
import {
  addPendingOrder,
  PENDING_ORDERS_KEY,
  parsePendingOrders,
  removePendingOrder,
} from "../domain/pending-orders.ts";
import type { KeyValueStorage } from "./types.ts";

/** Unpaid orders of this device (spec §3), so a returning visitor finds the way back. */
export class PendingOrdersStore {
  ids: string[];
  private readonly storage: KeyValueStorage;

  constructor(storage: KeyValueStorage) {
    this.storage = storage;
    this.ids = parsePendingOrders(storage.getItem(PENDING_ORDERS_KEY));
    makeAutoObservable<PendingOrdersStore, "storage">(this, { storage: false });
  }

  /** The most recent unpaid order, if any. */
  get latest(): string | null {
    return this.ids.at(-1) ?? null;
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
