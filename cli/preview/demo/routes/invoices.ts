/**
 * invoice-service: payment types and payments. Creating a payment is idempotent while
 * one of the same type is Pending; choosing another type cancels the pending one.
 */
import { stringField } from "../context.ts";
import { fail, json } from "../http/reply.ts";
import { paymentTypesFor } from "../payment-types.ts";
import type { Handler } from "../router.ts";
import { paymentView } from "../views.ts";

export const invoiceRoutes: Record<string, Handler> = {
  "GET /paymentTypes": (ctx) => {
    const amount = Number(ctx.query.get("amount"));
    const currencyId = Number(ctx.query.get("currencyId") ?? 643);
    if (!(amount >= 0) || !Number.isInteger(currencyId)) {
      return fail(400, "InvalidQuery", "amount and currencyId must be numbers");
    }
    return json(200, paymentTypesFor(amount, currencyId));
  },
  "POST /invoices/:id/payments": async (ctx) => {
    const invoiceId = ctx.params.id ?? "";
    const order = ctx.state.orders.get(ctx.state.invoices.get(invoiceId) ?? "");
    if (!order) return fail(404, "InvoiceNotFound", "No such invoice");
    if (order.state === "Completed") return fail(409, "OrderAlreadyPaid", "The order is paid");
    if (order.state === "Canceled") return fail(409, "OrderCanceled", "The order was canceled");
    const typeId = stringField(await ctx.json(), "paymentTypeId");
    const type = paymentTypesFor(order.totalAmount, order.currencyId).find(
      (t) => t.paymentTypeId === typeId,
    );
    if (!type) return fail(400, "PaymentTypeNotSupported", "Choose another payment method");
    const payments = [...ctx.state.payments.values()].filter((p) => p.invoiceId === invoiceId);
    for (const pending of payments.filter((p) => p.state === "Pending")) {
      if (pending.paymentTypeId === type.paymentTypeId) return json(200, paymentView(pending));
      pending.state = "Canceled";
    }
    const paymentId = ctx.state.nextId("payment");
    const payment = {
      paymentId,
      invoiceId,
      orderId: order.orderId,
      paymentTypeId: type.paymentTypeId,
      state: "Pending" as const,
      amount: type.amount,
      currencyId: order.currencyId,
      createdOn: ctx.now(),
    };
    ctx.state.payments.set(paymentId, payment);
    return json(201, paymentView(payment));
  },
  "GET /invoices/:id/payments": (ctx) => {
    const invoiceId = ctx.params.id ?? "";
    if (!ctx.state.invoices.has(invoiceId)) return fail(404, "InvoiceNotFound", "No such invoice");
    const payments = [...ctx.state.payments.values()]
      .filter((p) => p.invoiceId === invoiceId)
      .sort((a, b) => a.createdOn - b.createdOn);
    return json(200, payments.map(paymentView));
  },
};
