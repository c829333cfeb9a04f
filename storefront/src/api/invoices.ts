import {
  type Payment,
  type PaymentType,
  payment,
  payments,
  paymentTypes,
} from "./contracts/payments.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

export interface InvoicesApi {
  /** GET invoice-service /paymentTypes: card, fast payment (5 % off)… with their amounts. */
  paymentTypes(
    query: { amount: number; currencyId: number; albumId: string },
    options?: CallOptions,
  ): Promise<ApiResult<PaymentType[]>>;
  /**
   * POST invoice-service /invoices/{id}/payments: 201 with the payment and its payUrl.
   * Asking again while a payment of that type is pending returns it (200), so a retry
   * after a time-out never creates a second one.
   */
  createPayment(
    invoiceId: string,
    paymentTypeId: string,
    options?: CallOptions,
  ): Promise<ApiResult<Payment>>;
  /** GET invoice-service /invoices/{id}/payments. */
  payments(invoiceId: string, options?: CallOptions): Promise<ApiResult<Payment[]>>;
}

export function createInvoicesApi(http: Http): InvoicesApi {
  return {
    paymentTypes: (query, options) =>
      http.request("invoice-service", "/paymentTypes", {
        query: { ...query },
        contract: paymentTypes,
        signal: options?.signal,
      }),
    createPayment: (invoiceId, paymentTypeId, options) =>
      http.request("invoice-service", path`/invoices/${invoiceId}/payments`, {
        method: "POST",
        body: { paymentTypeId },
        contract: payment,
        signal: options?.signal,
      }),
    payments: (invoiceId, options) =>
      http.request("invoice-service", path`/invoices/${invoiceId}/payments`, {
        contract: payments,
        signal: options?.signal,
      }),
  };
}
