/** Archives (zip of bought photos) and receipts. */
import * as z from "zod/mini";
import { count, currencyId, dateTime, id, money } from "./common.ts";

export const archive = z.object({
  archiveId: id,
  /** Published means the zip is ready at fileUrl. */
  state: z.enum(["Created", "Published"]),
  fileUrl: z.nullable(z.string()),
  photoCount: count,
  createdOn: dateTime,
});
export type Archive = z.infer<typeof archive>;

/** POST /archives/ answers 201 with the new archive's id and address in headers. */
export const archiveCreatedHeaders = z.object({ "x-archive-id": id, location: z.string() });

export const receipt = z.object({
  receiptId: id,
  invoiceId: id,
  fileType: z.enum(["html", "pdf"]),
  amount: money,
  currencyId,
  createdOn: dateTime,
});
export type Receipt = z.infer<typeof receipt>;
export const receipts = z.array(receipt);
