// @vitest-environment node
/** Archives go from Created to Published and are real zips; receipts are HTML once paid. */
import { unzipSync } from "fflate";
import jpeg from "jpeg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { apiFor, fakeClock, newCartId, startDemo, tokenFor } from "./demo-server.ts";

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, archiveDelayMs: 2_000 });
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);

async function unpaidOrder() {
  const id = newCartId();
  await api.carts.create(id);
  const searchToken = await tokenFor(api, "1003", "1003-302");
  await api.carts.addItem(id, { productId: "c1003-pwf", frameId: "classic" }, { searchToken });
  await api.carts.setCustomer(id, "runner@demo.example");
  const orderId = (await api.carts.checkout(id)).data?.orderId ?? "";
  const order = (await api.orders.get(orderId)).data;
  return { orderId, invoiceId: order?.invoiceId ?? "", photoIds: order?.items[0]?.photos ?? [] };
}

async function pay(invoiceId: string) {
  const payment = (await api.invoices.createPayment(invoiceId, "Card")).data;
  const html = await (await fetch(new URL(payment?.payUrl ?? "", demo.origin))).text();
  const action = /action="([^"]+\/pay)"/.exec(html)?.[1] ?? "";
  await fetch(new URL(action, demo.origin), { method: "POST", redirect: "manual" });
}

describe("archives", () => {
  it("refuses an unpaid order, then goes Created → Published with a real zip", async () => {
    const { orderId, invoiceId, photoIds } = await unpaidOrder();
    const early = await api.archives.create({ orderId });
    expect([early.status, codeOf(early)]).toEqual([409, "OrderNotPaid"]);
    await pay(invoiceId);
    const created = await api.archives.create({ orderId });
    expect(created.status).toBe(201);
    expect(created.data?.location).toBe(
      `/public/archive-service/api/v1/archives/${created.data?.archiveId}`,
    );
    const archiveId = created.data?.archiveId ?? "";
    const pending = await api.archives.get(archiveId);
    expect(pending.data).toMatchObject({ state: "Created", fileUrl: null });
    expect((await fetch(`${demo.origin}/demo/files/archives/${archiveId}.zip`)).status).toBe(404);
    clock.advance(2_000);
    const ready = await api.archives.get(archiveId);
    expect(ready.data?.state).toBe("Published");
    const zip = await api.archives.file(ready.data?.fileUrl ?? "");
    const files = unzipSync(new Uint8Array(await (zip.data as Blob).arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(photoIds.length);
    // The same JPEG files as each photo's own download (in its frame when bought in one).
    const [name, first] = Object.entries(files)[0] ?? [];
    expect(name).toMatch(/^a\d+-\d+(-[a-z-]+)?\.jpg$/);
    const [photoId, frameId] = (name ?? "").replace(/\.jpg$/, "").split(/-(?=[a-z])/);
    const own = await fetch(
      `${demo.origin}/demo/img/download/${photoId}${frameId ? `/${frameId}` : ""}.jpg`,
    );
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(first ?? []))).toBe(true);
    expect(jpeg.decode(first ?? new Uint8Array()).width).toBeGreaterThanOrEqual(400);
  });
});

describe("receipts", () => {
  it("has none before payment and an HTML receipt after", async () => {
    const { invoiceId } = await unpaidOrder();
    expect((await api.receipts.list(invoiceId)).data).toEqual([]);
    expect(codeOf(await api.receipts.download(invoiceId))).toBe("ReceiptNotFound");
    await pay(invoiceId);
    const [receipt] = (await api.receipts.list(invoiceId)).data ?? [];
    expect(receipt).toMatchObject({ invoiceId, fileType: "html", amount: 1490, currencyId: 643 });
    const html = await (await api.receipts.download(invoiceId)).data?.text();
    expect(html).toContain("All my photos in a frame");
    expect(html).toContain("1490 ₽");
    expect(html).not.toMatch(/<script/i);
    expect(codeOf(await api.receipts.download(invoiceId, "pdf"))).toBe("UnsupportedFileType");
    expect((await api.receipts.get("receipt-nope")).status).toBe(404);
  });
});
