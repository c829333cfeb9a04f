// @vitest-environment node
/**
 * Contract tests: carts, orders, invoices, pre-orders, archives, receipts, requests,
 * walked as a participant does: cart → checkout → pay on the demo page → download.
 */
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import { apiFor, newCartId, startDemo, tokenFor } from "../demo/demo-server.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo();
  // An access token the demo verifies (an e-mail as Bearer is refused with 401).
  api = apiFor(demo.origin, demo.demo.signToken("runner@demo.example"));
});
afterAll(() => demo.close());

/** Submits a form of the demo pay page the way a browser does. */
async function payPage(payUrl: string, action: "pay" | "decline" | "cancel") {
  const page = await fetch(new URL(payUrl, demo.origin));
  const html = await page.text();
  const form = new RegExp(`action="([^"]+/${action})"`).exec(html)?.[1];
  if (!form) throw new Error(`no ${action} form on the pay page`);
  return fetch(new URL(form, demo.origin), { method: "POST", redirect: "manual" });
}

describe("carts", () => {
  it("creates (201), fills (204), reads, edits and checks out a cart", async () => {
    const id = newCartId();
    const created = await api.carts.create(id);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ shoppingCartId: id, state: "Updated", items: [] });

    const searchToken = await tokenFor(api);
    const pkg = await api.carts.addItem(id, { productId: "c1001-pwm" }, { searchToken });
    expect(pkg).toMatchObject({ ok: true, status: 204 });
    const batch = await api.carts.addItems(
      id,
      [
        { productId: "c1001-photo", photoId: "a1001-3" },
        { productId: "c1001-frame", photoId: "a1001-4", frameId: "classic" },
        { productId: "c1001-gift" },
      ],
      { searchToken },
    );
    expect(batch.status).toBe(204);
    expect((await api.carts.setAttributes(id, { language: "en", theme: "MySport" })).status).toBe(
      204,
    );
    expect((await api.carts.setCustomer(id, "runner@demo.example")).status).toBe(204);

    let cart = (await api.carts.get(id)).data;
    expect(cart?.items.map((i) => i.product.productType)).toEqual([
      "photos_with_me",
      "photo",
      "frame",
      "promocode",
    ]);
    expect(cart?.attributes).toEqual([
      { key: "Language", value: "en" },
      { key: "Theme", value: "MySport" },
    ]);
    expect(cart?.customer).toEqual({ email: "runner@demo.example" });
    expect(cart?.amount).toBe(990 + 290 + 390 + 990);

    const [, photo, frame, gift] = cart?.items ?? [];
    expect((await api.carts.removeItem(id, photo?.shoppingCartItemId ?? "")).status).toBe(204);
    const removeMany = await api.carts.removeItems(id, [
      frame?.shoppingCartItemId ?? "",
      gift?.shoppingCartItemId ?? "",
    ]);
    expect(removeMany.status).toBe(204);
    expect((await api.carts.addPromoCode(id, "FREE-CONTRACT-1")).status).toBe(204);
    cart = (await api.carts.get(id)).data;
    const code = cart?.promotionalCodes[0];
    expect(code?.code).toBe("FREE-CONTRACT-1");
    expect(cart?.totalAmount).toBe(0);
    expect((await api.carts.removePromoCode(id, code?.codeId ?? "")).status).toBe(204);
    expect((await api.carts.get(id)).data?.totalAmount).toBe(990);

    const done = await api.carts.checkout(id);
    expect(done.status).toBe(200);
    expect(done.data?.state).toBe("Processed");
    expect(done.data?.orderId).toMatch(/^order-/);

    const other = newCartId();
    await api.carts.create(other);
    expect((await api.carts.remove(other)).status).toBe(204);
    expect((await api.carts.get(other)).data?.state).toBe("Deleted");
  });
});

describe("orders, invoices, archives and receipts", () => {
  it("pays an order on the demo page and downloads it", async () => {
    const id = newCartId();
    await api.carts.create(id);
    await api.carts.addItem(id, { productId: "c1002-photo", photoId: "a1002-10" });
    await api.carts.addItem(id, {
      productId: "c1002-frame",
      photoId: "a1002-11",
      frameId: "finisher",
    });
    await api.carts.setCustomer(id, "runner@demo.example");
    const orderId = (await api.carts.checkout(id)).data?.orderId ?? "";

    const order = await api.orders.get(orderId);
    expect(order.status).toBe(200);
    expect(order.data).toMatchObject({
      state: "AwaitingPayment",
      totalAmount: 680,
      currencyId: 643,
    });
    expect(order.data?.items[0]?.photos[0]?.downloadUrl).toBeNull();
    const items = await api.orders.items(orderId);
    expect(items.data?.map((i) => i.product.productType)).toEqual(["photo", "frame"]);

    const invoiceId = order.data?.invoiceId ?? "";
    const types = await api.invoices.paymentTypes({
      amount: 680,
      currencyId: 643,
      albumId: "a1002",
    });
    expect(types.data?.map((t) => [t.paymentTypeId, t.discountPercent, t.amount])).toEqual([
      ["Card", 0, 680],
      ["FastPayment", 5, 646],
    ]);
    const payment = await api.invoices.createPayment(invoiceId, "FastPayment");
    expect(payment.status).toBe(201);
    expect(payment.data).toMatchObject({ state: "Pending", amount: 646 });

    const paid = await payPage(payment.data?.payUrl ?? "", "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/order/${orderId}`);
    const payments = await api.invoices.payments(invoiceId);
    expect(payments.data?.map((p) => p.state)).toEqual(["Completed"]);
    const after = await api.orders.get(orderId);
    expect(after.data).toMatchObject({ state: "Completed", totalAmount: 646, discountAmount: 34 });
    expect(after.data?.items[1]?.photos[0]?.downloadUrl).toBe(
      "/demo/img/download/a1002-11/finisher.jpg",
    );

    const created = await api.archives.create({ orderId });
    expect(created.status).toBe(201);
    const archive = await api.archives.get(created.data?.archiveId ?? "");
    expect(archive.data).toMatchObject({ state: "Published", photoCount: 2 });
    const zip = await api.archives.file(archive.data?.fileUrl ?? "");
    expect(zip.data?.type).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await (zip.data as Blob).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["a1002-10.jpg", "a1002-11-finisher.jpg"]);

    const receipts = await api.receipts.list(invoiceId);
    expect(receipts.data).toHaveLength(1);
    const receipt = await api.receipts.get(receipts.data?.[0]?.receiptId ?? "");
    expect(receipt.data).toMatchObject({ invoiceId, fileType: "html", amount: 646 });
    const html = await api.receipts.download(invoiceId);
    expect(html.data?.type).toMatch(/^text\/html/);
    expect(await html.data?.text()).toContain("Photo in a frame");
  });

  it("lists the signed-in user's orders newest first", async () => {
    const page = await api.orders.list({ offset: 0, count: 10 });
    expect(page.status).toBe(200);
    expect(page.data?.items).toHaveLength(10);
    expect(page.data?.total).toBeGreaterThanOrEqual(23);
    const dates = page.data?.items.map((o) => o.createdOn) ?? [];
    expect([...dates].sort().reverse()).toEqual(dates);
    const anonymous = await apiFor(demo.origin).orders.list();
    expect(anonymous.status).toBe(401);
  });
});

describe("pre-orders", () => {
  it("reads the seeded pre-order and zips it", async () => {
    const details = await api.preorders.details("po-1001");
    expect(details.status).toBe(200);
    expect(details.data).toMatchObject({ state: "Completed", eventId: "1001", number: "P-1001" });
    expect(details.data?.items[0]?.photos[0]?.downloadUrl).toMatch(
      /^\/demo\/img\/download\/a1001-\d+\.jpg$/,
    );
    expect((await api.archives.create({ preorderId: "po-1001" })).status).toBe(201);
    expect((await api.preorders.details("po-nope")).status).toBe(404);
  });
});

describe("requests", () => {
  it("posts photographer and business requests to the requests endpoint", async () => {
    const photographer = await api.requests.send({
      kind: "photographer",
      name: "Anna Orlova",
      email: "anna@example.com",
      city: "Moscow",
      portfolio: "https://example.com/anna",
      equipment: "Two bodies, 70-200",
    });
    expect(photographer.status).toBe(201);
    const business = await api.requests.send({ kind: "business", phone: "+7 900 000-00-00" });
    expect(business.status).toBe(201);
    const invalid = await api.requests.send({ kind: "business", phone: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.kind === "http" && invalid.error.code).toBe("ValidationFailed");
    expect(demo.demo.state.requests).toHaveLength(2);
  });
});
