/**
 * OrderStore over a scripted API (spec §4: the latest non-Discount payment decides; Declined
 * leads to "Something went wrong" with retry; §7: an order call other than 200 sets an order
 * error): the phases of the paid-order page, its polling, pending orders and the retry.
 */
import { autorun } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api, Order, Payment } from "../../../storefront/src/api/index.ts";
import { OrderStore } from "../../../storefront/src/stores/OrderStore.ts";
import { PendingOrdersStore } from "../../../storefront/src/stores/PendingOrdersStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { countsAround, deferred, settle } from "../fixtures/deferred.ts";
import { mapStorage } from "../fixtures/stores.ts";

const order = (state: Order["state"]) =>
  ({ orderId: "o1", invoiceId: "inv1", state, currencyId: 643 }) as Order;
const payment = (state: Payment["state"], paymentTypeId = "Card") =>
  ({ paymentId: "p1", paymentTypeId, state, createdOn: "2025-10-01T10:00:00Z" }) as Payment;

type Reply<T> = ReturnType<typeof ok<T>> | ReturnType<typeof failed>;

interface Script {
  order?: () => Reply<Order> | Promise<Reply<Order>>;
  payments?: () => Reply<Payment[]> | Promise<Reply<Payment[]>>;
  payUrl?: string;
  preorder?:
    | Promise<unknown>
    | ReturnType<typeof failed>
    | { ok: true; status: 200; data: unknown };
  /** The wait between checks; by default none (recorded), "real" for the store's own timer. */
  sleep?: "real" | ((ms: number) => Promise<void>);
}

function setup(script: Script) {
  const log: string[] = [];
  const sleeps: number[] = [];
  // The bank's pay page port keeps the addresses it was sent to on itself.
  const files = {
    redirects: [] as string[],
    returns: [] as (() => void)[],
    redirect(url: string, onReturn?: () => void) {
      this.redirects.push(url);
      if (onReturn) this.returns.push(onReturn);
    },
  };
  const redirects = files.redirects;
  const map = new Map<string, string>();
  const api = {
    orders: {
      get: async (id: string) => {
        log.push(`GET /orders/${id}`);
        return script.order?.() ?? ok(order("Completed"));
      },
    },
    invoices: {
      payments: async (id: string) => {
        log.push(`GET /invoices/${id}/payments`);
        return script.payments?.() ?? ok([]);
      },
      createPayment: async (id: string, type: string) => {
        log.push(`POST /invoices/${id}/payments ${type}`);
        return ok({ payUrl: script.payUrl ?? "https://bank.example/pay/1" });
      },
    },
    preorders: {
      details: async (id: string) => {
        log.push(`GET /preorders/${id}/details`);
        return script.preorder ?? failed(500);
      },
    },
  } as unknown as Api;
  const pending = new PendingOrdersStore(mapStorage(map));
  const store = new OrderStore({
    api,
    pending,
    files,
    ...(script.sleep === "real"
      ? {}
      : { sleep: script.sleep ?? (async (ms: number) => void sleeps.push(ms)) }),
  });
  return { store, pending, log, sleeps, redirects, files };
}

describe("OrderStore: what the paid-order page shows", () => {
  it("a paid order is paid, and no longer pending", async () => {
    const s = setup({ order: () => ok(order("Completed")) });
    s.pending.add("o1");
    await s.store.open("order", "o1");
    expect([s.store.phase, s.store.order?.orderId, s.pending.ids]).toEqual(["paid", "o1", []]);
  });

  it("a declined payment: declined, still pending; retry pays again with the same method", async () => {
    const s = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => ok([payment("Declined", "FastPayment")]),
    });
    s.pending.add("o1"); // this device checked it out
    await s.store.open("order", "o1");
    expect([s.store.phase, s.pending.ids]).toEqual(["declined", ["o1"]]);
    expect(await s.store.retry()).toBe(true);
    expect(s.log.at(-1)).toBe("POST /invoices/inv1/payments FastPayment");
    expect(s.redirects).toEqual(["https://bank.example/pay/1"]);
    // Busy until the page is gone: a second tap meanwhile pays nothing again.
    expect([s.store.retrying, s.store.retryError]).toEqual([true, false]);
    expect(await s.store.retry()).toBe(false);
    expect(s.log.filter((l) => l.startsWith("POST /invoices/"))).toHaveLength(1);
    // Back on this page from the bank: Pay again is live.
    for (const back of s.files.returns) back();
    expect(s.store.retrying).toBe(false);
  });

  it("a pay address that is not a web address is refused: retry error, no redirect", async () => {
    const s = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => ok([payment("Declined")]),
      payUrl: "javascript:alert(1)",
    });
    await s.store.open("order", "o1");
    expect(await s.store.retry()).toBe(false);
    expect([s.redirects, s.store.retryError, s.store.retrying]).toEqual([[], true, false]);
  });

  it("retry needs an order with a payment", async () => {
    const s = setup({});
    expect(await s.store.retry()).toBe(false);
    expect(s.log).toEqual([]);
  });

  it("polls a pending payment 12 times with growing waits, then shows awaiting payment", async () => {
    const s = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => ok([payment("Pending")]),
    });
    await s.store.open("order", "o1");
    expect(s.store.phase).toBe("awaiting");
    expect(s.log.filter((l) => l === "GET /orders/o1")).toHaveLength(12);
    expect(s.sleeps.slice(0, 4)).toEqual([1000, 1500, 2250, 3375]);
    expect(s.sleeps).toHaveLength(11);
    // Opening an order is no proof this device placed it: the way back is the checkout's to keep.
    expect(s.pending.ids).toEqual([]);
  });

  it("shows checking while polling, then the outcome once the bank answers", async () => {
    let n = 0;
    const s = setup({
      order: () => ok(order(++n < 3 ? "AwaitingPayment" : "Completed")),
      payments: () => ok([payment(n < 3 ? "Pending" : "Completed")]),
    });
    // What the page sees: every phase, as it changes.
    const phases: string[] = [];
    const stop = autorun(() => void phases.push(s.store.phase));
    await s.store.open("order", "o1");
    stop();
    expect(phases).toEqual(["loading", "checking", "paid"]);
    expect([s.store.phase, s.sleeps, s.pending.ids]).toEqual(["paid", [1000, 1500], []]);
  });

  it("without the payments list an awaiting order keeps being checked", async () => {
    let n = 0;
    const s = setup({
      order: () => ok(order(++n < 2 ? "AwaitingPayment" : "Canceled")),
      payments: () => failed(503),
    });
    await s.store.open("order", "o1");
    expect([s.store.phase, s.sleeps]).toEqual(["canceled", [1000]]);
  });

  it("an order call other than 200 is an order error with its status", async () => {
    const s = setup({ order: () => failed(404) });
    await s.store.open("order", "o1");
    expect([s.store.phase, s.store.errorStatus, s.store.order]).toEqual(["failed", 404, null]);
    expect(s.log).toEqual(["GET /orders/o1"]);
  });

  it("leaving the page stops the polling", async () => {
    const s = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => ok([payment("Pending")]),
    });
    const opened = s.store.open("order", "o1");
    s.store.close();
    await opened;
    expect(s.log.filter((l) => l === "GET /orders/o1")).toHaveLength(1);
    expect(s.store.phase).toBe("loading");
  });
});

describe("OrderStore: pre-orders (same screen, no payment)", () => {
  const pre = (state: string) => ({
    ok: true as const,
    status: 200 as const,
    data: { preorderId: "pre1", state, items: [] },
  });
  it("paid, canceled or awaiting by the pre-order's state", async () => {
    for (const [state, phase] of [
      ["Completed", "paid"],
      ["Canceled", "canceled"],
      ["AwaitingPayment", "awaiting"],
    ]) {
      const s = setup({ preorder: pre(state as string) });
      await s.store.open("preorder", "pre1");
      expect([state, s.store.kind, s.store.phase, s.store.preorder?.preorderId]).toEqual([
        state,
        "preorder",
        phase,
        "pre1",
      ]);
      expect(s.log).toEqual(["GET /preorders/pre1/details"]);
    }
  });
  it("a failed call is an error with its status", async () => {
    const s = setup({ preorder: failed(500) });
    await s.store.open("preorder", "pre1");
    expect([s.store.phase, s.store.errorStatus]).toEqual(["failed", 500]);
  });
});

const awaitingPayment = {
  order: () => ok(order("AwaitingPayment")),
  payments: () => ok([payment("Pending")]),
};

describe("OrderStore: the page's state over time", () => {
  afterEach(() => void vi.useRealTimers());

  it("before opening: an order page, loading, no retry error", () => {
    const { store } = setup({});
    expect([store.kind, store.phase, store.retrying, store.retryError]).toEqual([
      "order",
      "loading",
      false,
      false,
    ]);
  });

  it("waits 1 s before checking a pending payment again (its own timer)", async () => {
    vi.useFakeTimers();
    const s = setup({ ...awaitingPayment, sleep: "real" });
    const checks = () => s.log.filter((l) => l === "GET /orders/o1").length;
    void s.store.open("order", "o1");
    expect(await countsAround(1000, checks)).toEqual([1, 1, 2]);
    s.store.close();
  });

  it("a canceled order is no longer pending", async () => {
    const s = setup({ order: () => ok(order("Canceled")) });
    s.pending.add("o1");
    await s.store.open("order", "o1");
    expect([s.store.phase, s.pending.ids]).toEqual(["canceled", []]);
  });

  it("leaving and opening another order stops the first one's polling", async () => {
    const wake: (() => void)[] = [];
    const s = setup({ ...awaitingPayment, sleep: () => new Promise((done) => wake.push(done)) });
    void s.store.open("order", "o1");
    await settle();
    s.store.close();
    void s.store.open("order", "o2");
    await settle();
    wake[0]?.();
    await settle();
    expect(s.log.filter((l) => l === "GET /orders/o1")).toHaveLength(1);
    expect(s.log.filter((l) => l === "GET /orders/o2")).toHaveLength(1);
    s.store.close();
  });

  it("checking the same order again keeps it on screen; another order starts empty", async () => {
    let next: Promise<Reply<Order>> | null = null;
    const s = setup({ order: () => next ?? ok(order("Completed")) });
    await s.store.open("order", "o1");
    const gate = deferred<Reply<Order>>();
    next = gate.promise;
    void s.store.open("order", "o1");
    expect([s.store.phase, s.store.order?.orderId]).toEqual(["loading", "o1"]);
    void s.store.open("order", "o2");
    expect(s.store.order).toBeNull();
    s.store.close();
    gate.resolve(ok(order("Completed")));
  });

  it("the same for a pre-order", async () => {
    const data = { preorderId: "pre1", state: "Completed", items: [] };
    const script: Script = { preorder: { ok: true, status: 200, data } };
    const s = setup(script);
    await s.store.open("preorder", "pre1");
    const gate = deferred<unknown>();
    script.preorder = gate.promise;
    void s.store.open("preorder", "pre1");
    expect(s.store.preorder?.preorderId).toBe("pre1");
    void s.store.open("preorder", "pre2");
    expect(s.store.preorder).toBeNull();
    s.store.close();
    gate.resolve(failed(500));
  });

  it("a reply that arrives after the page was left changes nothing", async () => {
    const orderReply = deferred<Reply<Order>>();
    const a = setup({ order: () => orderReply.promise });
    const openedA = a.store.open("order", "o1");
    a.store.close();
    orderReply.resolve(failed(404));
    await openedA;
    expect([a.store.phase, a.store.errorStatus]).toEqual(["loading", null]);

    const paymentsReply = deferred<Reply<Payment[]>>();
    const b = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => paymentsReply.promise,
    });
    const openedB = b.store.open("order", "o1");
    await settle();
    b.store.close();
    paymentsReply.resolve(ok([payment("Declined")]));
    await openedB;
    expect([b.store.phase, b.store.payment, b.pending.ids]).toEqual(["loading", null, []]);

    const preorderReply = deferred<unknown>();
    const c = setup({ preorder: preorderReply.promise });
    const openedC = c.store.open("preorder", "pre1");
    c.store.close();
    preorderReply.resolve({
      ok: true,
      status: 200,
      data: { preorderId: "pre1", state: "Completed" },
    });
    await openedC;
    expect([c.store.phase, c.store.preorder]).toEqual(["loading", null]);
  });

  it("a page left during its last check does not turn to awaiting payment", async () => {
    let leave = () => {};
    let checks = 0;
    const s = setup({
      ...awaitingPayment,
      order: () => {
        if (++checks === 12) leave();
        return ok(order("AwaitingPayment"));
      },
    });
    leave = () => s.store.close();
    await s.store.open("order", "o1");
    expect(checks).toBe(12);
    expect(s.store.phase).toBe("checking");
  });

  it("retry: a double click pays once; a paid order without a payment has no retry", async () => {
    const s = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => ok([payment("Declined")]),
    });
    await s.store.open("order", "o1");
    expect(await Promise.all([s.store.retry(), s.store.retry()])).toEqual([true, false]);
    expect(s.log.filter((l) => l.startsWith("POST"))).toHaveLength(1);
    const paid = setup({ order: () => ok(order("Completed")), payments: () => ok([]) });
    await paid.store.open("order", "o1");
    expect(await paid.store.retry()).toBe(false);
    expect(paid.log.filter((l) => l.startsWith("POST"))).toEqual([]);
  });

  it("opening the order again clears the retry error", async () => {
    const s = setup({
      order: () => ok(order("AwaitingPayment")),
      payments: () => ok([payment("Declined")]),
      payUrl: "javascript:alert(1)",
    });
    await s.store.open("order", "o1");
    await s.store.retry();
    expect(s.store.retryError).toBe(true);
    await s.store.open("order", "o1");
    expect(s.store.retryError).toBe(false);
  });
});
