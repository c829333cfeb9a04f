/** The demo payment provider's page at a payment's payUrl: pay, decline or cancel. */
import { escapeXml } from "./escape.ts";
import { formatMoney } from "./money.ts";
import { htmlPage } from "./page.ts";

export interface PayPageModel {
  paymentId: string;
  orderId: string;
  orderNumber: string;
  amount: number;
  currencyId: number;
  paymentTypeId: string;
  state: string;
}

export function payPageHtml(m: PayPageModel): string {
  const id = encodeURIComponent(m.paymentId);
  const amount = escapeXml(formatMoney(m.amount, m.currencyId));
  const head =
    `<h1>Demo payment</h1><p>Order <b>№ ${escapeXml(m.orderNumber)}</b>, ${amount}, ` +
    `method <b>${escapeXml(m.paymentTypeId)}</b>.</p>`;
  if (m.state !== "Pending") {
    return htmlPage(
      "Demo payment",
      `${head}<p>This payment is <b>${escapeXml(m.state)}</b>.</p>` +
        `<p><a href="/order/${encodeURIComponent(m.orderId)}">Back to the order</a></p>`,
    );
  }
  const button = (action: string, cls: string, label: string) =>
    `<form method="post" action="/demo/pay/${id}/${action}"><button type="submit" class="${cls}">${label}</button></form>`;
  return htmlPage(
    "Demo payment",
    `${head}<p class="note">This page stands in for the bank. Nothing is charged.</p>` +
      button("pay", "pay", `Pay ${amount}`) +
      button("decline", "decline", "Decline") +
      button("cancel", "cancel", "Cancel order"),
  );
}
