/** receipt-service: a paid invoice has one receipt, downloadable as HTML. */
import type { Receipt } from "../../../../storefront/src/api/contracts/index.ts";
import type { Context } from "../context.ts";
import { fail, file, json } from "../http/reply.ts";
import { PAGE_CSP } from "../render/page.ts";
import { receiptHtml } from "../render/receipt-html.ts";
import type { Handler } from "../router.ts";
import type { OrderRecord } from "../state.ts";
import { iso, productRef } from "../views.ts";

const receiptIdOf = (o: OrderRecord) => `receipt-${o.invoiceId}`;

function paidPayment(ctx: Context, o: OrderRecord) {
  return [...ctx.state.payments.values()]
    .filter((p) => p.invoiceId === o.invoiceId && p.state === "Completed")
    .sort((a, b) => b.createdOn - a.createdOn)
    .find((p) => p.paymentTypeId !== "Discount");
}

function receiptOf(ctx: Context, o: OrderRecord): Receipt | null {
  if (o.state !== "Completed") return null;
  return {
    receiptId: receiptIdOf(o),
    invoiceId: o.invoiceId,
    fileType: "html",
    amount: o.totalAmount,
    currencyId: o.currencyId,
    createdOn: iso(paidPayment(ctx, o)?.createdOn ?? o.createdOn),
  };
}

const orderOfInvoice = (ctx: Context, invoiceId: string) =>
  ctx.state.orders.get(ctx.state.invoices.get(invoiceId) ?? "");

export const receiptRoutes: Record<string, Handler> = {
  "GET /receipts": (ctx) => {
    const order = orderOfInvoice(ctx, ctx.query.get("invoiceId") ?? "");
    if (!order) return fail(404, "InvoiceNotFound", "No such invoice");
    const receipt = receiptOf(ctx, order);
    return json(200, receipt ? [receipt] : []);
  },
  "GET /receipts/download": (ctx) => {
    const order = orderOfInvoice(ctx, ctx.query.get("invoiceId") ?? "");
    if (!order) return fail(404, "InvoiceNotFound", "No such invoice");
    const fileType = ctx.query.get("fileType") ?? "html";
    if (fileType !== "html")
      return fail(415, "UnsupportedFileType", "The demo has HTML receipts only");
    const receipt = receiptOf(ctx, order);
    if (!receipt) return fail(404, "ReceiptNotFound", "The order is not paid yet");
    const html = receiptHtml({
      receiptId: receipt.receiptId,
      orderNumber: order.number,
      email: order.email,
      paidOn: receipt.createdOn.slice(0, 10),
      paymentTypeId: paidPayment(ctx, order)?.paymentTypeId ?? "Discount",
      currencyId: order.currencyId,
      lines: order.items.map((i) => ({
        title: productRef(ctx.world, i.productId).title,
        amount: i.originalPrice,
      })),
      discountAmount: order.discountAmount,
      totalAmount: order.totalAmount,
    });
    return file("text/html; charset=utf-8", html, {
      "Content-Disposition": `inline; filename="${receipt.receiptId}.html"`,
      "Content-Security-Policy": PAGE_CSP,
    });
  },
  "GET /receipts/:id": (ctx) => {
    for (const order of ctx.state.orders.values()) {
      if (receiptIdOf(order) === ctx.params.id) {
        const receipt = receiptOf(ctx, order);
        if (receipt) return json(200, receipt);
      }
    }
    return fail(404, "ReceiptNotFound", "No such receipt");
  },
};
