import { makeAutoObservable, runInAction } from "mobx";
import type { Api, Order, Payment, Preorder } from "../api/index.ts";
import {
  currentPayment,
  ORDER_ALREADY_PAID,
  PAYMENT_CHECKS,
  type PaymentOutcome,
  paymentOutcome,
  pollDelay,
} from "../domain/order.ts";
import { isWebAddress } from "../domain/url.ts";
import type { FilePorts } from "./files.ts";
import type { PendingOrdersStore } from "./PendingOrdersStore.ts";

export interface OrderDeps {
  api: Api;
  pending: PendingOrdersStore;
  files: Pick<FilePorts, "redirect">;
  sleep?: (ms: number) => Promise<void>;
}

export type OrderPhase = "loading" | PaymentOutcome | "failed";

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The order page (/order/{id}, /preorder/{id}): after the bank it polls the order and its
 * payments with backoff and trusts only them (never the return address). Also repeats a
 * declined payment with the same method.
 */
export class OrderStore {
  kind: "order" | "preorder" = "order";
  id: string | null = null;
  phase: OrderPhase = "loading";
  /** HTTP status of a failed order call (the order error of spec §7). */
  errorStatus: number | null = null;
  order: Order | null = null;
  preorder: Preorder | null = null;
  payment: Payment | null = null;
  retrying = false;
  retryError = false;
  private readonly deps: OrderDeps;
  private run = 0;

  constructor(deps: OrderDeps) {
    this.deps = deps;
    makeAutoObservable<OrderStore, "deps" | "run">(this, {
      deps: false,
      // Stryker disable next-line BooleanLiteral: equivalent, the counter is only compared after awaits, never read by a view
      run: false,
    });
  }

  /** Opens an order (and checks its payment) or a pre-order; stops any previous polling. */
  async open(kind: "order" | "preorder", id: string): Promise<void> {
    const run = ++this.run;
    this.kind = kind;
    this.id = id;
    this.phase = "loading";
    this.errorStatus = null;
    this.retryError = false;
    if (this.order?.orderId !== id) this.order = null;
    if (this.preorder?.preorderId !== id) this.preorder = null;
    this.payment = null;
    if (kind === "preorder") return this.openPreorder(run, id);
    for (let attempt = 0; run === this.run; attempt++) {
      const outcome = await this.check(run, id);
      if (outcome !== "checking") return;
      if (attempt + 1 >= PAYMENT_CHECKS) {
        // The bank is slow: show the order as awaiting payment, with "check again".
        runInAction(() => {
          if (run === this.run) this.phase = "awaiting";
        });
        return;
      }
      await (this.deps.sleep ?? sleep)(pollDelay(attempt));
    }
  }

  /** Stops polling (the screen was left). */
  close(): void {
    this.run++;
  }

  /**
   * Pays again with the same method (after Declined); ignored while in flight and once the
   * bank's page is on its way (a second tap before the page is left would pay twice).
   */
  async retry(): Promise<boolean> {
    const order = this.order;
    const type = this.payment?.paymentTypeId;
    if (this.retrying || !order || !type) return false;
    this.retrying = true;
    this.retryError = false;
    let leaving = false;
    try {
      const result = await this.deps.api.invoices.createPayment(order.invoiceId, type);
      if (result.ok && isWebAddress(result.data.payUrl)) {
        // Busy until the page is gone; live again if the visitor comes back to it.
        this.deps.files.redirect(result.data.payUrl, () => {
          runInAction(() => {
            this.retrying = false;
          });
        });
        leaving = true;
        return true;
      }
      // Paid meanwhile (another tab, a late bank reply): show the paid order, not an error.
      if (!result.ok && result.error.kind === "http" && result.error.code === ORDER_ALREADY_PAID) {
        void this.open("order", order.orderId);
        return true;
      }
      runInAction(() => {
        this.retryError = true;
      });
      return false;
    } finally {
      if (!leaving) {
        runInAction(() => {
          this.retrying = false;
        });
      }
    }
  }

  /** One check of the order and its payments: the outcome, or null when polling must stop. */
  private async check(run: number, id: string): Promise<PaymentOutcome | null> {
    const order = await this.deps.api.orders.get(id);
    if (run !== this.run) return null;
    if (!order.ok) {
      runInAction(() => {
        this.phase = "failed";
        this.errorStatus = order.status;
      });
      return null;
    }
    const payments = await this.deps.api.invoices.payments(order.data.invoiceId);
    if (run !== this.run) return null;
    const payment = payments.ok ? currentPayment(payments.data) : null;
    // Without the payments list only the order's own state can be trusted.
    const outcome =
      payments.ok || order.data.state !== "AwaitingPayment"
        ? paymentOutcome(order.data, payment)
        : "checking";
    runInAction(() => {
      this.order = order.data;
      this.payment = payment;
      // Within one run the phase is "loading" or "checking" until an outcome ends the polling.
      this.phase = outcome;
    });
    // The way back to an unpaid order is kept only by the device that checked it out
    // (CheckoutStore): having seen an order's address is no proof it is this visitor's.
    if (outcome === "paid" || outcome === "canceled") this.deps.pending.remove(id);
    return outcome;
  }

  private async openPreorder(run: number, id: string): Promise<void> {
    const result = await this.deps.api.preorders.details(id);
    runInAction(() => {
      if (run !== this.run) return;
      if (!result.ok) {
        this.phase = "failed";
        this.errorStatus = result.status;
        return;
      }
      this.preorder = result.data;
      this.phase =
        result.data.state === "Completed"
          ? "paid"
          : result.data.state === "Canceled"
            ? "canceled"
            : "awaiting";
    });
  }
}
