// @vitest-environment node
/**
 * CheckoutStore under faults: the e-mail that cannot be saved, a checkout or a
 * payment whose reply is lost after the backend acted. A retried payment is one payment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../demo/demo-server.ts";
import { CHECKOUT, PAY, type Rule, withPhoto } from "./shop.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

/** A cart with one photo of event 1003, on the checkout's step Order. */
async function atCheckout() {
  const s = await withPhoto(demo.origin);
  await s.checkout.start(null);
  s.checkout.setEmail("runner@example.com");
  return s;
}

/** Faults `path` of `method` the first `times` times. */
const first = (times: number, method: string, path: RegExp, fault: "drop" | "lost" | 503): Rule => {
  let left = times;
  return (m, p) => (m === method && path.test(p) && left-- > 0 ? fault : null);
};

describe("checkout under faults", () => {
  it("the e-mail cannot be saved: a connection message, not a payment one; the address stays", async () => {
    const s = await atCheckout();
    s.setRule(first(1, "PUT", /\/customer$/, "drop"));
    expect(await s.checkout.continueToPayment()).toBe(false);
    expect(s.checkout.saveError).toBe(true);
    expect(s.checkout.payError).toBe(false);
    expect(s.checkout.emailError).toBeNull();
    expect(s.checkout.email).toBe("runner@example.com");
    expect(s.checkout.step).toBe("order");
    expect(await s.checkout.continueToPayment()).toBe(true);
    expect(s.checkout.saveError).toBe(false);
    expect(s.checkout.step).toBe("payment");
  });

  it("checkout's and payment's replies lost: the retries reuse the order and the payment", async () => {
    const s = await atCheckout();
    expect(await s.checkout.continueToPayment()).toBe(true);
    s.checkout.setAgreed(true);
    s.setRule(first(1, "POST", /^\/shoppingCarts\/[^/]+$/, "lost"));
    expect(await s.checkout.pay()).toBe(false);
    expect(s.checkout.payError).toBe(true);
    expect(s.checkout.payTransient).toBe(true); // "check your connection and try again"
    s.setRule(first(1, "POST", /\/payments$/, "lost"));
    expect(await s.checkout.pay()).toBe(false);
    expect(s.checkout.payTransient).toBe(true);
    s.setRule(() => null);
    expect(await s.checkout.pay()).toBe(true);
    expect(s.checkout.payError).toBe(false);
    expect(s.count(CHECKOUT)).toBe(2);
    expect(s.count(PAY)).toBe(2);
    expect(s.redirects).toHaveLength(1);
    const order = s.checkout.order;
    const payments = await s.api.invoices.payments(order?.invoiceId ?? "");
    if (!payments.ok) throw payments.error;
    expect(payments.data.filter((p) => p.paymentTypeId !== "Discount")).toHaveLength(1);
    expect(s.redirects[0]).toBe(payments.data[0]?.payUrl);
  });

  it("the order cannot be read after checkout: the retry does not check out again", async () => {
    const s = await atCheckout();
    expect(await s.checkout.continueToPayment()).toBe(true);
    s.checkout.setAgreed(true);
    s.setRule(first(1, "GET", /^\/orders\/[^/]+$/, 503));
    expect(await s.checkout.pay()).toBe(false);
    expect(s.checkout.payTransient).toBe(true);
    expect(await s.checkout.pay()).toBe(true);
    expect(s.count(CHECKOUT)).toBe(1);
    expect(s.count(PAY)).toBe(1);
  });

  it("a refusal (4xx) is not a connection problem", async () => {
    const s = await atCheckout();
    expect(await s.checkout.continueToPayment()).toBe(true);
    s.checkout.setAgreed(true);
    // The demo refuses to check out an empty cart (400 CartEmpty): empty it behind the
    // store's back.
    const id = s.cart.cart?.shoppingCartId ?? "";
    const items = s.cart.cart?.items.map((i) => i.shoppingCartItemId) ?? [];
    await s.api.carts.removeItems(id, items);
    expect(await s.checkout.pay()).toBe(false);
    expect(s.checkout.payError).toBe(true);
    expect(s.checkout.payTransient).toBe(false);
  });
});
