// @vitest-environment node
/**
 * Gift promo codes (spec §1 "package offers … promo codes, gifts"): a paid order's
 * promocode item mints one real single-use code for the all-photos package of its event; the
 * code is minted once from cryptographic randomness (it is a bearer secret), appears only once
 * the order is paid, and redeems once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { GIFT_CODE_CHARS, newGiftCode } from "../../../cli/preview/demo/gifts.ts";
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

/** GIFT- and four groups of four characters without 0/O or 1/I. */
const GIFT_CODE = /^GIFT-(?:[A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}$/;

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
    expect(codes[0]).toMatch(GIFT_CODE);
    // Minted once: the order shows the same code every time it is asked.
    const again = (await api.orders.get(order.orderId)).data?.items[0]?.promotionalCodes;
    expect(again?.map((c) => c.code)).toEqual(codes);
  });

  it("a code is 80 random bits from the system's cryptographic source, never Math.random", () => {
    expect(GIFT_CODE_CHARS * Math.log2(32)).toBeGreaterThanOrEqual(80);
    // A fixed Math.random changes nothing: the codes do not come from it.
    const fixed = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const codes = Array.from({ length: 2000 }, () => newGiftCode());
    fixed.mockRestore();
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(GIFT_CODE);
    // Every character of the alphabet turns up in every place (2000 draws of 32: all but certain).
    const letters = codes.map((c) => c.slice(5).replaceAll("-", ""));
    for (let at = 0; at < GIFT_CODE_CHARS; at++)
      expect(new Set(letters.map((l) => l[at])).size, `place ${at}`).toBe(32);
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
