/** Archives (zip of bought photos) and receipts. */
import { count, currencyId, dateTime, id, money } from "./common.ts";
import { array, nullable, object, str } from "./plain.ts";
import { oneOf } from "./shop-checks.ts";

export interface Archive {
  archiveId: string;
  /** Published means the zip is ready at fileUrl. */
  state: "Created" | "Published";
  fileUrl: string | null;
  photoCount: number;
  createdOn: string;
}
export const archive = object<Archive>({
  archiveId: id,
  state: oneOf(["Created", "Published"]),
  fileUrl: nullable(str),
  photoCount: count,
  createdOn: dateTime,
});

/** POST /archives/ answers 201 with the new archive's id and address in headers. */
export const archiveCreatedHeaders = object<{ "x-archive-id": string; location: string }>({
  "x-archive-id": id,
  location: str,
});

export interface Receipt {
  receiptId: string;
  invoiceId: string;
  fileType: "html" | "pdf";
  amount: number;
  currencyId: number;
  createdOn: string;
}
export const receipt = object<Receipt>({
  receiptId: id,
  invoiceId: id,
  fileType: oneOf(["html", "pdf"]),
  amount: money,
  currencyId,
  createdOn: dateTime,
});
export const receipts = array(receipt);
