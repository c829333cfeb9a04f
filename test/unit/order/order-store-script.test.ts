/**
 * OrderStore over a scripted API (spec §4: the latest non-Discount payment decides; Declined
 * leads to "Something went wrong" with retry; §7: an order call other than 200 sets an order
 * error): the phases of the paid-order page, its polling, pending orders and the retry.
 */
import { describe, expect, it } from "vitest";
import type { Api, Order, Payment } from "../../../storefront/src/api/index.ts";
import { OrderStore } from "../../../storefront/src/stores/OrderStore.ts";
import { PendingOrdersStore } from "../../../storefront/src/stores/PendingOrdersStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { mapStorage } from "../fixtures/stores.ts";

const order = (state: Order["state"]) =>
  ({ orderId: "o1", invoiceId: "inv1", state, currencyId: 643 }) as Order;
const payment = (state: Payment["state"], paymentTypeId = "Card") =>
  ({ paymentId: "p1", paymentTypeId, state, createdOn: "2025-10-01T10:00:00Z" }) as Payment;

interface Script {
  order?: () => ReturnType<typeof ok<Order>> | ReturnType<typeof failed>;
  payments?: () => ReturnType<typeof ok<Payment[]>> | ReturnType<typeof failed>;
  payUrl?: string;
  preorder?: ReturnType<typeof failed> | { ok: true; status: 200; data: unknown };
}

function setup(script: Script) {
  const log: string[] = [];
  const sleeps: number[] = [];
  const redirects: string[] = [];
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
    files: { redirect: (url) => void redirects.push(url) },
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { store, pending, log, sleeps, redirects };
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
    await s.store.open("order", "o1");
    expect([s.store.phase, s.pending.ids]).toEqual(["declined", ["o1"]]);
    expect(await s.store.retry()).toBe(true);
    expect(s.log.at(-1)).toBe("POST /invoices/inv1/payments FastPayment");
    expect(s.redirects).toEqual(["https://bank.example/pay/1"]);
    expect([s.store.retrying, s.store.retryError]).toEqual([false, false]);
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
    expect(s.pending.ids).toEqual(["o1"]);
  });

  it("shows checking while polling, then the outcome once the bank answers", async () => {
    let n = 0;
    const s = setup({
      order: () => ok(order(++n < 3 ? "AwaitingPayment" : "Completed")),
      payments: () => ok([payment(n < 3 ? "Pending" : "Completed")]),
    });
    const phases: string[] = [];
    const opened = s.store.open("order", "o1");
    phases.push(s.store.phase);
    await opened;
    expect(phases).toEqual(["loading"]);
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
