// @vitest-environment node
/**
 * Payments: card and fast payment (5 % off), idempotent creation while pending, the demo
 * pay page (pay, decline, cancel) and the order states AwaitingPayment → Completed/Canceled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { apiFor, newCartId, startDemo } from "./demo-server.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo();
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);

/** An order of one photo (290 ₽) awaiting payment. */
async function order(productId = "c1001-photo", photoId = "a1001-1") {
  const id = newCartId();
  await api.carts.create(id);
  await api.carts.addItem(id, { productId, photoId });
  await api.carts.setCustomer(id, "payer@example.com");
  const orderId = (await api.carts.checkout(id)).data?.orderId ?? "";
  const invoiceId = (await api.orders.get(orderId)).data?.invoiceId ?? "";
  return { orderId, invoiceId };
}

async function submit(payUrl: string, action: string) {
  const html = await (await fetch(new URL(payUrl, demo.origin))).text();
  const path = new RegExp(`action="([^"]+/${action})"`).exec(html)?.[1] ?? "missing";
  return fetch(new URL(path, demo.origin), { method: "POST", redirect: "manual" });
}

describe("payments", () => {
  it("offers card and the fast payment system with 5 % off in roubles, card only in dollars", async () => {
    const rub = await api.invoices.paymentTypes({
      amount: 1000,
      currencyId: 643,
      albumId: "a1001",
    });
    expect(rub.data?.map((t) => [t.paymentTypeId, t.amount])).toEqual([
      ["Card", 1000],
      ["FastPayment", 950],
    ]);
    const usd = await api.invoices.paymentTypes({ amount: 19, currencyId: 840, albumId: "a1004" });
    expect(usd.data?.map((t) => t.paymentTypeId)).toEqual(["Card"]);
  });

  it("creates a payment once per pending type: a retry returns the same one", async () => {
    const { invoiceId } = await order();
    const first = await api.invoices.createPayment(invoiceId, "Card");
    const retry = await api.invoices.createPayment(invoiceId, "Card");
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.data?.paymentId).toBe(first.data?.paymentId);
    const fast = await api.invoices.createPayment(invoiceId, "FastPayment");
    expect(fast.status).toBe(201);
    expect(fast.data?.amount).toBe(275.5);
    const all = (await api.invoices.payments(invoiceId)).data;
    expect(all?.map((p) => [p.paymentTypeId, p.state])).toEqual([
      ["Card", "Canceled"],
      ["FastPayment", "Pending"],
    ]);
    expect(codeOf(await api.invoices.createPayment(invoiceId, "Bitcoin"))).toBe(
      "PaymentTypeNotSupported",
    );
  });

  it("serves a pay page with real forms and no script", async () => {
    const { invoiceId } = await order();
    const payment = (await api.invoices.createPayment(invoiceId, "Card")).data;
    const page = await fetch(new URL(payment?.payUrl ?? "", demo.origin));
    const html = await page.text();
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/<form method="post"/g)).toHaveLength(3);
    expect(html).toContain("Pay 290 ₽");
  });

  it("pay completes the order and returns to /order/{id}", async () => {
    const { orderId, invoiceId } = await order();
    const payment = (await api.invoices.createPayment(invoiceId, "Card")).data;
    const back = await submit(payment?.payUrl ?? "", "pay");
    expect([back.status, back.headers.get("location")]).toEqual([303, `/order/${orderId}`]);
    const paid = (await api.orders.get(orderId)).data;
    expect([paid?.state, paid?.totalAmount]).toEqual(["Completed", 290]);
    expect(codeOf(await api.invoices.createPayment(invoiceId, "Card"))).toBe("OrderAlreadyPaid");
  });

  it("decline marks the payment Declined and leaves the order awaiting payment for a retry", async () => {
    const { orderId, invoiceId } = await order();
    const first = (await api.invoices.createPayment(invoiceId, "Card")).data;
    const back = await submit(first?.payUrl ?? "", "decline");
    expect(back.headers.get("location")).toBe(`/order/${orderId}`);
    expect((await api.orders.get(orderId)).data?.state).toBe("AwaitingPayment");
    const retry = await api.invoices.createPayment(invoiceId, "FastPayment");
    expect(retry.status).toBe(201);
    await submit(retry.data?.payUrl ?? "", "pay");
    const payments = (await api.invoices.payments(invoiceId)).data;
    expect(payments?.map((p) => p.state)).toEqual(["Declined", "Completed"]);
    expect((await api.orders.get(orderId)).data?.state).toBe("Completed");
  });

  it("cancel cancels the order", async () => {
    const { orderId, invoiceId } = await order();
    const payment = (await api.invoices.createPayment(invoiceId, "Card")).data;
    await submit(payment?.payUrl ?? "", "cancel");
    expect((await api.orders.get(orderId)).data?.state).toBe("Canceled");
    expect(codeOf(await api.invoices.createPayment(invoiceId, "Card"))).toBe("OrderCanceled");
    const page = await (await fetch(new URL(payment?.payUrl ?? "", demo.origin))).text();
    expect(page).toContain("This payment is <b>Canceled</b>");
  });
});
