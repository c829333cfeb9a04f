// @vitest-environment node
/**
 * The demo backend keeps a real backend's rules: what a visitor creates has an id nobody can
 * count or guess (an order's address is what its e-mail link hands out, so the id is the
 * secret that guards it), the order history needs the signed-in user's token, and a selfie is
 * reachable only by the id its upload returned.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPrefix } from "../../../cli/preview/demo/router.ts";
import type { Api } from "../../../storefront/src/api/index.ts";
import { apiFor, newCartId, selfie, startDemo, tokenFor } from "./demo-server.ts";

/** The order history's address on the demo backend (order-service). */
const ORDERS = `${apiPrefix("order-service")}/orders`;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo();
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

async function checkout(email: string) {
  const id = newCartId();
  await api.carts.create(id);
  const searchToken = await tokenFor(api, "1003", "1003-302");
  await api.carts.addItem(id, { productId: "c1003-pwf", frameId: "classic" }, { searchToken });
  await api.carts.setCustomer(id, email);
  const orderId = (await api.carts.checkout(id)).data?.orderId ?? "";
  return { orderId, order: (await api.orders.get(orderId)).data, searchToken };
}

describe("ids a visitor's data gets", () => {
  it("orders, invoices, payments and archives: random UUIDs, never a count", async () => {
    const a = await checkout("a@example.com");
    const b = await checkout("b@example.com");
    expect(a.orderId).toMatch(new RegExp(`^order-${UUID}$`));
    expect(a.order?.invoiceId).toMatch(new RegExp(`^invoice-${UUID}$`));
    const payment = await api.invoices.createPayment(a.order?.invoiceId ?? "", "Card");
    expect(payment.data?.payUrl).toMatch(new RegExp(`/demo/pay/payment-${UUID}$`));
    expect(b.orderId).not.toBe(a.orderId);
    // The numbered ids of before lead nowhere.
    for (const id of ["order-000001", "order-000002", "order-000013", "order-000100"])
      expect((await api.orders.get(id)).status).toBe(404);
    expect((await api.archives.create({ orderId: "order-000013" })).status).toBe(404);
    // A search token is 128 random bits.
    expect(a.searchToken).toMatch(/^st-[0-9a-f]{32}$/);
  });

  it("a selfie: a random id its upload alone returns", async () => {
    const up = await api.recognition.upload("a1002", selfie("one-person"));
    expect(up.data?.selfieId).toMatch(new RegExp(`^selfie-${UUID}$`));
    for (const id of ["selfie-000001", "selfie-000002", "selfie-000010"])
      expect((await api.recognition.get(id)).status).toBe(404);
  });

  it("the order history only with the signed-in user's token", async () => {
    expect((await api.orders.list({ offset: 0, count: 10 })).status).toBe(401);
    const forged = apiFor(demo.origin, "runner@demo.example");
    expect((await forged.orders.list({ offset: 0, count: 10 })).status).toBe(401);
    const runner = apiFor(demo.origin, demo.demo.signToken("runner@demo.example"));
    const mine = await runner.orders.list({ offset: 0, count: 50 });
    expect(mine.status).toBe(200);
    expect(mine.data?.items.every((o) => o.customer.email === "runner@demo.example")).toBe(true);
  });

  it("an e-mail in the query opens no one's history: the token alone says whose it is", async () => {
    const a = await checkout("a-history@example.com");
    const byEmail = await fetch(new URL(`${ORDERS}?email=a-history%40example.com`, demo.origin));
    expect(byEmail.status).toBe(401);
    expect(await byEmail.text()).not.toContain(a.orderId);
    const stranger = demo.demo.signToken("stranger@example.com");
    const asked = await fetch(
      new URL(`${ORDERS}?email=a-history%40example.com&offset=0&count=50`, demo.origin),
      { headers: { Authorization: `Bearer ${stranger}` } },
    );
    expect(asked.status).toBe(200);
    expect(await asked.text()).not.toContain(a.orderId);
    const owner = apiFor(demo.origin, demo.demo.signToken("a-history@example.com"));
    const theirs = await owner.orders.list({ offset: 0, count: 50 });
    expect(theirs.data?.items.map((o) => o.orderId)).toEqual([a.orderId]);
  });
});
