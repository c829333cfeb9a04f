// @vitest-environment node
/**
 * Gift promo codes (spec §1 "package offers … promo codes, gifts"): a paid order's
 * promocode item mints one real single-use code for the all-photos package of its event; the
 * code is the same for the same order, appears only once the order is paid, and redeems once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { giftCodeOf } from "../../../cli/preview/demo/gifts.ts";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { apiFor, newCartId, startDemo, tokenFor } from "./demo-server.ts";

type Demo = Awaited<ReturnType<typeof startDemo>>;
const running: Demo[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.close()));
});

async function start(): Promise<{ demo: Demo; api: Api }> {
  const demo = await startDemo();
  running.push(demo);
  return { demo, api: apiFor(demo.origin) };
}

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);

/** Buys a gift of event 1001 (990 ₽) and returns the order, unpaid. */
async function orderGift(api: Api) {
  const id = newCartId();
  await api.carts.create(id);
  // Anyone may buy a gift: no photo, no search token.
  expect((await api.carts.addItem(id, { productId: "c1001-gift" })).status).toBe(204);
  await api.carts.setCustomer(id, "friend@example.com");
  const orderId = (await api.carts.checkout(id)).data?.orderId ?? "";
  const order = (await api.orders.get(orderId)).data;
  if (!order) throw new Error("no order");
  return order;
}

async function pay(demo: Demo, api: Api, invoiceId: string) {
  const payment = (await api.invoices.createPayment(invoiceId, "Card")).data;
  const html = await (await fetch(new URL(payment?.payUrl ?? "", demo.origin))).text();
  const action = /action="([^"]+\/pay)"/.exec(html)?.[1] ?? "missing";
  await fetch(new URL(action, demo.origin), { method: "POST", redirect: "manual" });
}

async function cartWithPackage(api: Api, eventId: string) {
  const id = newCartId();
  await api.carts.create(id);
  const searchToken = await tokenFor(api, eventId, eventId === "1002" ? "1002-201" : "1001-101");
  const added = await api.carts.addItem(id, { productId: `c${eventId}-pwm` }, { searchToken });
  expect(added.status).toBe(204);
  return id;
}

describe("gift promo codes in the demo backend", () => {
  it("a paid gift shows one code; the unpaid order shows none", async () => {
    const { demo, api } = await start();
    const order = await orderGift(api);
    expect(order.state).toBe("AwaitingPayment");
    expect(order.totalAmount).toBe(990);
    expect(order.items[0]?.product.productType).toBe("promocode");
    expect(order.items[0]?.promotionalCodes).toBeUndefined();

    await pay(demo, api, order.invoiceId);
    const items = (await api.orders.items(order.orderId)).data ?? [];
    const codes = items.flatMap((i) => i.promotionalCodes ?? []).map((c) => c.code);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^GIFT-[A-HJ-NP-Z2-9]{8}$/);
    const item = items[0];
    expect(codes[0]).toBe(giftCodeOf(order, item?.orderItemId ?? ""));
  });

  it("is deterministic for an order, which itself has an id nobody can count to", async () => {
    const orders = [];
    for (let run = 0; run < 2; run++) {
      const { api } = await start();
      orders.push(await orderGift(api));
    }
    const [a, b] = orders;
    if (!a || !b) throw new Error("no order");
    // Two fresh backends, the same purchase: two unrelated random ids (not order-000001 twice).
    expect(a.orderId).toMatch(
      /^order-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(b.orderId).not.toBe(a.orderId);
    expect(giftCodeOf(a, "item-1")).toBe(giftCodeOf({ ...a }, "item-1"));
    expect(giftCodeOf(a, "item-1")).not.toBe(giftCodeOf(b, "item-1"));
  });

  it("redeems once for the all-photos package of its event, in another cart", async () => {
    const { demo, api } = await start();
    const order = await orderGift(api);
    await pay(demo, api, order.invoiceId);
    const code = (await api.orders.get(order.orderId)).data?.items[0]?.promotionalCodes?.[0]?.code;
    if (!code) throw new Error("no code");

    // Not for another event's package.
    const elsewhere = await cartWithPackage(api, "1002");
    const wrong = await api.carts.addPromoCode(elsewhere, code);
    expect([wrong.status, codeOf(wrong)]).toEqual([400, "PromoCodeNotApplicable"]);

    // The package of event 1001 becomes free.
    const first = await cartWithPackage(api, "1001");
    expect((await api.carts.addPromoCode(first, code.toLowerCase())).status).toBe(204);
    const cart = (await api.carts.get(first)).data;
    expect([cart?.amount, cart?.discountAmount, cart?.totalAmount]).toEqual([990, 990, 0]);
    await api.carts.setCustomer(first, "runner@example.com");
    const redeemed = (await api.carts.checkout(first)).data?.orderId ?? "";
    expect((await api.orders.get(redeemed)).data?.state).toBe("Completed");

    // Single use: the next cart is told the limit is reached.
    const second = await cartWithPackage(api, "1001");
    const again = await api.carts.addPromoCode(second, code);
    expect([again.status, codeOf(again)]).toEqual([409, "PromoCodeUsageLimit"]);
  });
});
