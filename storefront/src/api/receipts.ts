import { type Receipt, receipt, receipts } from "./contracts/files.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

export type ReceiptFileType = "html" | "pdf";

export interface ReceiptsApi {
  /** GET receipt-service /receipts?invoiceId: the receipts of an invoice (none until paid). */
  list(invoiceId: string, options?: CallOptions): Promise<ApiResult<Receipt[]>>;
  /** GET receipt-service /receipts/{id}. */
  get(receiptId: string, options?: CallOptions): Promise<ApiResult<Receipt>>;
  /** GET receipt-service /receipts/download?invoiceId&fileType (default html), as a blob. */
  download(
    invoiceId: string,
    fileType?: ReceiptFileType,
    options?: CallOptions,
  ): Promise<ApiResult<Blob>>;
}

export function createReceiptsApi(http: Http): ReceiptsApi {
  return {
    list: (invoiceId, options) =>
      http.request("receipt-service", "/receipts", {
        query: { invoiceId },
        contract: receipts,
        auth: true,
        signal: options?.signal,
      }),
    get: (receiptId, options) =>
      http.request("receipt-service", path`/receipts/${receiptId}`, {
        contract: receipt,
        auth: true,
        signal: options?.signal,
      }),
    download: (invoiceId, fileType = "html", options) =>
      http.request("receipt-service", "/receipts/download", {
        query: { invoiceId, fileType },
        responseType: "blob",
        auth: true,
        signal: options?.signal,
      }),
  };
}
