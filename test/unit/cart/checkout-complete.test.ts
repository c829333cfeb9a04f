// @vitest-environment node
/**
 * Checkout's Complete (spec §7, an order its promo or gift codes pay in full) and what is free,
 * over the demo backend: the offer agreement, one checkout however often the visitor taps, the
 * payment step when the backend still wants a payment, a failure to place the order; and the
 * order a checked-out cart leads to, opened for payment only while it awaits one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../demo/demo-server.ts";
import { CHECKOUT, json, PAY, type Rule, shop, withPhoto as withPhotoOf } from "../faults/shop.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const EMAIL = "runner@example.com";

const isCheckout: (m: string, p: string) => boolean = (m, p) => CHECKOUT.test(`${m} ${p}`);

/** A cart with Kazan's first photo (290), on step Order with the e-mail typed and the offer agreed. */
async function agreed() {
  const s = await withPhotoOf(demo.origin);
  await s.checkout.start(null);
  s.checkout.setEmail(EMAIL);
  s.checkout.setAgreed(true);
  return s;
}

describe("Complete (a free order), when the backend does not complete the order", () => {
  it("a failure to place it says so, passing; the retry goes to the payment step with its methods and no error", async () => {
    const s = await agreed();
    s.setRule((m, p) => (isCheckout(m, p) ? "drop" : null));
    expect(await s.checkout.complete()).toBe(false);
    expect([s.checkout.payError, s.checkout.payTransient, s.checkout.paying]).toEqual([
      true,
      true,
      false,
    ]);
    s.setRule(() => null);
    // The backend wants a payment for it after all (290): the payment step follows.
    expect(await s.checkout.complete()).toBe(false);
    expect({
      step: s.checkout.step,
      state: s.checkout.order?.state,
      payError: s.checkout.payError,
      payTransient: s.checkout.payTransient,
      agreementError: s.checkout.agreementError,
      paying: s.checkout.paying,
      typesState: s.checkout.typesState,
      paid: s.checkout.takePaidOrder(),
    }).toEqual({
      step: "payment",
      state: "AwaitingPayment",
      payError: false,
      payTransient: false,
      agreementError: false,
      paying: false,
      typesState: "done",
      paid: null,
    });
    // The dropped checkout never left; the one that went through created no payment.
    expect([s.count(CHECKOUT), s.count(PAY)]).toEqual([2, 0]);
  });

  it("a second tap while the order is being placed places nothing more", async () => {
    const s = await agreed();
    let letGo: () => void = () => {};
    const held = new Promise<void>((r) => (letGo = r));
    const holdCheckout: Rule = async (m, p) => {
      if (isCheckout(m, p)) await held;
      return null;
    };
    s.setRule(holdCheckout);
    const first = s.checkout.complete();
    while (s.count(CHECKOUT) === 0) await new Promise((r) => setTimeout(r, 5));
    expect(s.checkout.paying).toBe(true);
    expect(await s.checkout.complete()).toBe(false);
    letGo();
    await first;
    expect(s.count(CHECKOUT)).toBe(1);
    expect(s.checkout.paying).toBe(false);
  });
});

describe("what is free", () => {
  it("a cart with a price is not; no cart is not; a cart costing 0 is, unless an unpaid order is open", async () => {
    const s = await agreed();
    expect(s.checkout.free).toBe(false);
    const none = shop(demo.origin);
    none.setRule((_m, p) => (p.startsWith("/shoppingCarts") ? 503 : null));
    await none.cart.init();
    expect(none.checkout.free).toBe(false);
    // The cart as the backend would have it with a code covering it all.
    const cart = s.cart.cart;
    s.setRule((m, p) =>
      m === "GET" && p === `/shoppingCarts/${cart?.shoppingCartId}`
        ? json({ ...cart, totalAmount: 0 })
        : null,
    );
    await s.cart.refresh();
    expect(s.checkout.free).toBe(true);
    // An order of another tab awaiting payment, opened here to change its payment method.
    const payer = await agreed();
    expect(await payer.checkout.continueToPayment()).toBe(true);
    expect(await payer.checkout.pay()).toBe(true);
    await s.checkout.start(payer.checkout.order?.orderId ?? "");
    expect(s.checkout.order?.state).toBe("AwaitingPayment");
    expect(s.checkout.free).toBe(false);
  });
});

describe("checkout of a cart already checked out", () => {
  /** A cart checked out (its order awaits payment) that this tab's cart store has read back. */
  async function checkedOut() {
    const s = await agreed();
    expect(await s.checkout.continueToPayment()).toBe(true);
    expect(await s.checkout.pay()).toBe(true);
    const orderId = s.checkout.order?.orderId ?? "";
    // The same device reloaded: its cart is the checked-out one.
    const tab = shop(demo.origin, s.map);
    await tab.cart.init();
    expect(tab.cart.cart?.orderId).toBe(orderId);
    const order = await s.api.orders.get(orderId);
    if (!order.ok) throw order.error;
    return { tab, order: order.data };
  }

  it("opens its order for payment while it awaits one", async () => {
    const { tab, order } = await checkedOut();
    await tab.checkout.start(null);
    expect([tab.checkout.step, tab.checkout.order?.orderId]).toEqual(["payment", order.orderId]);
  });

  it("an order paid meanwhile, or one that cannot be read, is not opened for payment", async () => {
    const { tab, order } = await checkedOut();
    tab.setRule((_m, p) =>
      p === `/orders/${order.orderId}` ? json({ ...order, state: "Completed" }) : null,
    );
    await tab.checkout.start(null);
    expect([tab.checkout.step, tab.checkout.order]).toEqual(["order", null]);
    tab.setRule((_m, p) => (p === `/orders/${order.orderId}` ? 503 : null));
    await tab.checkout.start(null);
    expect([tab.checkout.step, tab.checkout.order]).toEqual(["order", null]);
  });
});
