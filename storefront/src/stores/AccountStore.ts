import { makeAutoObservable, runInAction } from "mobx";
import type { Api, Order, OrderItem } from "../api/index.ts";
import { mergeOrders, ORDERS_PER_PAGE } from "../domain/account.ts";
import type { LoadState } from "./types.ts";

/** My account (spec §2): the signed-in user's order history with "show more", and one order. */
export class AccountStore {
  orders: Order[] = [];
  total = 0;
  state: LoadState = "idle";
  order: Order | null = null;
  items: OrderItem[] = [];
  orderState: LoadState = "idle";
  private readonly api: Api;

  constructor(api: Api) {
    this.api = api;
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<AccountStore, "api">(this, { api: false });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  get hasMore(): boolean {
    return this.orders.length < this.total;
  }

  /** The first page, fresh (on opening the account). */
  async load(): Promise<void> {
    this.orders = [];
    this.total = 0;
    await this.page(0);
  }

  async showMore(): Promise<void> {
    if (this.state === "loading" || !this.hasMore) return;
    await this.page(this.orders.length);
  }

  private async page(offset: number): Promise<void> {
    this.state = "loading";
    const result = await this.api.orders.list({ offset, count: ORDERS_PER_PAGE });
    runInAction(() => {
      if (result.ok) {
        this.orders = mergeOrders(this.orders, result.data.items);
        this.total = result.data.total;
        this.state = "done";
      } else {
        this.state = "failed";
      }
    });
  }

  /** One order and its items (GET /orders/{id}, GET /orders/{id}/items). */
  async open(orderId: string): Promise<void> {
    this.orderState = "loading";
    this.order = this.orders.find((o) => o.orderId === orderId) ?? null;
    this.items = [];
    const [order, items] = await Promise.all([
      this.api.orders.get(orderId),
      this.api.orders.items(orderId),
    ]);
    runInAction(() => {
      if (order.ok && items.ok) {
        this.order = order.data;
        this.items = items.data;
        this.orderState = "done";
      } else {
        this.orderState = "failed";
      }
    });
  }

  /** Forgets everything (sign-out). */
  clear(): void {
    this.orders = [];
    this.total = 0;
    this.state = "idle";
    this.order = null;
    this.items = [];
    this.orderState = "idle";
  }
}
