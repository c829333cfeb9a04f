/**
 * The demo pay page at a payment's payUrl. Pay completes the order; Decline marks the
 * payment Declined and leaves the order AwaitingPayment so the payer can retry or
 * change the method; Cancel cancels the order. Each returns to /order/{orderId}.
 */
import { mintGiftCodes } from "../gifts.ts";
import { fail, type Reply, redirect } from "../http/reply.ts";
import { htmlPage, PAGE_CSP } from "../render/page.ts";
import { payPageHtml } from "../render/pay-page.ts";
import type { Handler } from "../router.ts";

const html = (status: number, body: string): Reply => ({
  status,
  headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_CSP },
  body,
});

export const payRoutes: Record<string, Handler> = {
  "GET /:paymentId": (ctx) => {
    const payment = ctx.state.payments.get(ctx.params.paymentId ?? "");
    const order = payment && ctx.state.orders.get(payment.orderId);
    if (!payment || !order) return html(404, htmlPage("Demo payment", "<p>No such payment.</p>"));
    return html(200, payPageHtml({ ...payment, orderNumber: order.number }));
  },
  "POST /:paymentId/:action": async (ctx) => {
    await ctx.body();
    const payment = ctx.state.payments.get(ctx.params.paymentId ?? "");
    const order = payment && ctx.state.orders.get(payment.orderId);
    if (!payment || !order) return fail(404, "PaymentNotFound", "No such payment");
    const action = ctx.params.action;
    if (payment.state === "Pending" && order.state === "AwaitingPayment") {
      if (action === "pay") {
        payment.state = "Completed";
        order.state = "Completed";
        // The fast payment discount shows in the order's discounts and total.
        order.discountAmount =
          Math.round((order.discountAmount + order.totalAmount - payment.amount) * 100) / 100;
        order.totalAmount = payment.amount;
        mintGiftCodes(ctx.world, ctx.state, order);
      } else if (action === "decline") {
        payment.state = "Declined";
      } else if (action === "cancel") {
        payment.state = "Canceled";
        order.state = "Canceled";
      } else {
        return fail(404, "NotFound", "Unknown action");
      }
    }
    return redirect(`/order/${encodeURIComponent(order.orderId)}`);
  },
};
