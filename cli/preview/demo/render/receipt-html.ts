/** A receipt as HTML, the file GET /receipts/download returns. */
import { escapeXml } from "./escape.ts";
import { formatMoney } from "./money.ts";
import { htmlPage } from "./page.ts";

export interface ReceiptModel {
  receiptId: string;
  orderNumber: string;
  email: string;
  paidOn: string;
  paymentTypeId: string;
  currencyId: number;
  lines: { title: string; amount: number }[];
  discountAmount: number;
  totalAmount: number;
}

export function receiptHtml(m: ReceiptModel): string {
  const money = (x: number) => escapeXml(formatMoney(x, m.currencyId));
  const rows = m.lines
    .map((l) => `<tr><td>${escapeXml(l.title)}</td><td class="n">${money(l.amount)}</td></tr>`)
    .join("");
  return htmlPage(
    `Receipt ${m.receiptId}`,
    `<h1>Receipt ${escapeXml(m.receiptId)}</h1>` +
      `<p>Order № ${escapeXml(m.orderNumber)} · ${escapeXml(m.paidOn)} · ${escapeXml(m.email)}</p>` +
      `<table><tbody>${rows}` +
      `<tr><td>Discount</td><td class="n">−${money(m.discountAmount)}</td></tr>` +
      `<tr><th>Total (${escapeXml(m.paymentTypeId)})</th><th class="n">${money(m.totalAmount)}</th></tr>` +
      '</tbody></table><p class="note">Demo receipt: not a fiscal document.</p>',
  );
}
