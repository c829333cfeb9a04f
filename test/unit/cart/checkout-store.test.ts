// @vitest-environment node
/**
 * CheckoutStore (spec §2 /order, §4, §5, §7, §8, §9) wired as the app wires it, over the demo
 * backend: the e-mail checked when the visitor continues and saved on the cart (PUT customer),
 * the payment methods (GET /paymentTypes: amount, currencyId, albumId), the offer agreement,
 * checkout and one payment, and an unpaid order opened again to change the payment method.
 */
import { autorun } from "mobx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../demo/demo-server.ts";
import { json, shop, until, withCart, withPhoto as withPhotoOf } from "../faults/shop.ts";
import { errorReply } from "../fixtures/recording-fetch.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const CHECKOUT = /^POST \/shoppingCarts\/[^/]+$/;
const PUT_CUSTOMER = /^PUT \/shoppingCarts\/[^/]+\/customer$/;
const GET_ORDER = /^GET \/orders\/[^/]+$/;
const TYPES = /^GET \/paymentTypes$/;
const EMAIL = "runner@example.com";

type Shop = ReturnType<typeof shop>;

const withPhoto = (map?: Map<string, string>): Promise<Shop> => withPhotoOf(demo.origin, map);

/** On step Payment with the e-mail saved. */
async function atPayment(s?: Shop): Promise<Shop> {
  const at = s ?? (await withPhoto());
  await at.checkout.start(null);
  at.checkout.setEmail(EMAIL);
  expect(await at.checkout.continueToPayment()).toBe(true);
  return at;
}

/** The query of the last GET /paymentTypes. */
function typesQuery(s: Shop) {
  const call = s.recorded.filter((c) => c.path === "/paymentTypes").at(-1);
  return Object.fromEntries(new URL(call?.url ?? "http://x/").searchParams);
}

/** An order awaiting payment, placed by another visitor's tab; and that tab. */
async function unpaidOrder() {
  const payer = await atPayment();
  payer.checkout.setAgreed(true);
  expect(await payer.checkout.pay()).toBe(true);
  const order = payer.checkout.order;
  if (!order) throw new Error("no order");
  return { payer, order };
}

describe("a checkout not started yet", () => {
  it("is on step Order with nothing agreed, no payment methods and no error", () => {
    const { checkout } = shop(demo.origin);
    expect({
      step: checkout.step,
      email: checkout.email,
      agreed: checkout.agreed,
      agreementError: checkout.agreementError,
      emailError: checkout.emailError,
      saveError: checkout.saveError,
      payError: checkout.payError,
      payTransient: checkout.payTransient,
      promoError: checkout.promoError,
      types: checkout.types,
      typesState: checkout.typesState,
      selectedType: checkout.selectedType,
      order: checkout.order,
    }).toEqual({
      step: "order",
      email: "",
      agreed: false,
      agreementError: false,
      emailError: null,
      saveError: false,
      payError: false,
      payTransient: false,
      promoError: null,
      types: [],
      typesState: "idle",
      selectedType: null,
      order: null,
    });
  });

  it("with no cart (the cart service down): 0 in the tenant's currency (643), no album, no order", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p.startsWith("/shoppingCarts") ? 503 : null));
    await s.cart.init();
    expect(s.cart.cart).toBeNull();
    await s.checkout.start(null);
    expect([s.checkout.step, s.checkout.email]).toEqual(["order", ""]);
    expect([s.checkout.amount, s.checkout.currencyId]).toEqual([0, 643]);
    await s.checkout.loadTypes();
    expect(typesQuery(s)).toEqual({ amount: "0", currencyId: "643", albumId: "" });
    expect(s.checkout.typesState).toBe("done");
    // Pay with a method chosen: no cart, so nothing is checked out and the failure is no
    // connection problem.
    s.checkout.setAgreed(true);
    expect(await s.checkout.pay()).toBe(false);
    expect([s.checkout.payError, s.checkout.payTransient]).toEqual([true, false]);
    expect(s.count(CHECKOUT)).toBe(0);
  });
});

describe("step Order → Payment (spec §5: the e-mail is required)", () => {
  it("checks the e-mail when the visitor continues, then again as they type; saves it trimmed", async () => {
    const s = await withPhoto();
    await s.checkout.start(null);
    s.checkout.setEmail("nope@");
    expect(s.checkout.emailError).toBeNull(); // not before the visitor tries
    expect(await s.checkout.continueToPayment()).toBe(false);
    expect(s.checkout.emailError).toBe("invalid");
    s.checkout.setEmail("");
    expect(s.checkout.emailError).toBe("missing");
    s.checkout.setEmail(`  ${EMAIL} `);
    expect(s.checkout.emailError).toBeNull();
    expect(s.count(PUT_CUSTOMER)).toBe(0);
    const steps: string[] = [];
    const stop = autorun(() => void steps.push(s.checkout.step));
    expect(await s.checkout.continueToPayment()).toBe(true);
    stop();
    expect(steps).toEqual(["order", "payment"]);
    const saved = s.recorded.filter((c) => PUT_CUSTOMER.test(`${c.method} ${c.path}`));
    expect(saved.map((c) => JSON.parse(c.body ?? "null"))).toEqual([{ email: EMAIL }]);
    // The payment methods for the cart: its amount and currency, the event's album.
    expect(typesQuery(s)).toEqual({ amount: "290", currencyId: "643", albumId: "a1003" });
    expect(s.checkout.types.map((t) => t.paymentTypeId)).toEqual(["Card", "FastPayment"]);
    expect(s.checkout.selectedType?.paymentTypeId).toBe("Card");
    expect(s.checkout.typesState).toBe("done");
  });

  it("a second click while the e-mail is being saved is ignored", async () => {
    const s = await withPhoto();
    await s.checkout.start(null);
    s.checkout.setEmail(EMAIL);
    const first = s.checkout.continueToPayment();
    expect(s.checkout.savingEmail).toBe(true);
    expect(await s.checkout.continueToPayment()).toBe(false);
    expect(await first).toBe(true);
    expect(s.checkout.savingEmail).toBe(false);
    expect(s.count(PUT_CUSTOMER)).toBe(1);
  });

  it("an address the backend refuses is invalid; a server failure leaves the address to save again", async () => {
    const s = await withPhoto();
    await s.checkout.start(null);
    s.checkout.setEmail(EMAIL);
    s.setRule((m, p) =>
      m === "PUT" && p.endsWith("/customer") ? errorReply(400, "InvalidEmail") : null,
    );
    expect(await s.checkout.continueToPayment()).toBe(false);
    expect([s.checkout.emailError, s.checkout.saveError, s.checkout.step]).toEqual([
      "invalid",
      false,
      "order",
    ]);
    s.setRule((m, p) => (m === "PUT" && p.endsWith("/customer") ? 503 : null));
    expect(await s.checkout.continueToPayment()).toBe(false);
    expect([s.checkout.emailError, s.checkout.saveError]).toEqual([null, true]);
    s.setRule(() => null);
    expect(await s.checkout.continueToPayment()).toBe(true);
    expect(s.checkout.saveError).toBe(false);
  });

  it("back to step Order from Payment", async () => {
    const s = await atPayment();
    s.checkout.backToOrder();
    expect(s.checkout.step).toBe("order");
  });

  it("a reload finds the e-mail the cart keeps; a signed-in e-mail comes trimmed", async () => {
    const first = await atPayment();
    const reload = shop(demo.origin, first.map);
    await reload.cart.init();
    await reload.checkout.start(null);
    expect([reload.checkout.step, reload.checkout.email]).toEqual(["order", EMAIL]);
    const fresh = await withPhoto();
    await fresh.checkout.start(null);
    fresh.checkout.suggestEmail("  runner@demo.example ");
    expect(fresh.checkout.email).toBe("runner@demo.example");
  });
});

describe("payment methods (GET /paymentTypes)", () => {
  it("for a cart with nothing in it, asked with no album", async () => {
    const s = await atPayment(await withCart(demo.origin));
    expect(typesQuery(s)).toEqual({ amount: "0", currencyId: "643", albumId: "" });
    expect(s.checkout.typesState).toBe("done");
  });

  it("shows loading while asked, keeps the chosen method, fails visibly, and may offer none", async () => {
    const s = await atPayment();
    s.checkout.select("FastPayment");
    const loading = s.checkout.loadTypes();
    expect(s.checkout.typesState).toBe("loading");
    await loading;
    expect(s.checkout.selectedType?.paymentTypeId).toBe("FastPayment");
    s.setRule((_m, p) => (p === "/paymentTypes" ? 503 : null));
    await s.checkout.loadTypes();
    expect(s.checkout.typesState).toBe("failed");
    s.setRule((_m, p) => (p === "/paymentTypes" ? json([]) : null));
    await s.checkout.loadTypes();
    expect([s.checkout.typesState, s.checkout.types, s.checkout.selectedType]).toEqual([
      "done",
      [],
      null,
    ]);
    // No method to pay with: nothing is checked out.
    s.checkout.setAgreed(true);
    expect(await s.checkout.pay()).toBe(false);
    expect(s.count(CHECKOUT)).toBe(0);
  });
});

describe("Pay (spec §7: checkout, then one payment)", () => {
  it("asks to accept the offer first: unticking keeps the error, ticking clears it", async () => {
    const s = await atPayment();
    expect(await s.checkout.pay()).toBe(false);
    expect(s.checkout.agreementError).toBe(true);
    expect(s.count(CHECKOUT)).toBe(0);
    s.checkout.setAgreed(false);
    expect(s.checkout.agreementError).toBe(true);
    s.checkout.setAgreed(true);
    expect(s.checkout.agreementError).toBe(false);
  });

  it("checks out once, pays once and goes to the pay page; after paying the cart has the order", async () => {
    const s = await atPayment();
    s.checkout.setAgreed(true);
    expect(await s.checkout.pay()).toBe(true);
    expect([s.checkout.payError, s.checkout.payTransient, s.checkout.promoError]).toEqual([
      false,
      false,
      null,
    ]);
    const order = s.checkout.order;
    expect(order?.state).toBe("AwaitingPayment");
    expect(s.store.pendingOrders.ids).toContain(order?.orderId);
    const payments = await s.api.invoices.payments(order?.invoiceId ?? "");
    expect(s.redirects).toEqual([payments.data?.[0]?.payUrl]);
    // The cart learns it is checked out; opening checkout again shows the order, read once.
    await until(() => s.cart.checkedOut);
    const reads = s.count(GET_ORDER);
    await s.checkout.start(null);
    expect([s.checkout.step, s.checkout.order?.orderId]).toEqual(["payment", order?.orderId]);
    expect(s.count(GET_ORDER)).toBe(reads);
    s.checkout.backToOrder();
    expect(s.checkout.step).toBe("payment"); // an order's method changes, not its e-mail
  });

  it("a refusal that is no promo code's names no promo code; a new step clears the pay error", async () => {
    const s = await atPayment();
    s.checkout.setAgreed(true);
    // The demo refuses to check out an empty cart (400 CartEmpty).
    const id = s.cart.cart?.shoppingCartId ?? "";
    await s.api.carts.removeItems(id, s.cart.cart?.items.map((i) => i.shoppingCartItemId) ?? []);
    expect(await s.checkout.pay()).toBe(false);
    expect([s.checkout.payError, s.checkout.payTransient, s.checkout.promoError]).toEqual([
      true,
      false,
      null,
    ]);
    s.checkout.backToOrder();
    expect(await s.checkout.continueToPayment()).toBe(true);
    expect(s.checkout.payError).toBe(false);
  });

  it("a checkout that names no order is no order: nothing is read or paid", async () => {
    const s = await atPayment();
    s.checkout.setAgreed(true);
    const cart = s.cart.cart;
    s.setRule((m, p) => (m === "POST" && CHECKOUT.test(`${m} ${p}`) ? json(cart) : null));
    expect(await s.checkout.pay()).toBe(false);
    expect([s.checkout.payError, s.checkout.payTransient, s.checkout.order]).toEqual([
      true,
      false,
      null,
    ]);
    expect(s.count(GET_ORDER)).toBe(0);
    expect(s.redirects).toEqual([]);
  });

  it("opening checkout again clears the last errors", async () => {
    const s = await atPayment();
    expect(await s.checkout.pay()).toBe(false); // not agreed
    s.checkout.setAgreed(true);
    s.setRule((m, p) => (CHECKOUT.test(`${m} ${p}`) ? "drop" : null));
    expect(await s.checkout.pay()).toBe(false);
    expect(s.checkout.payTransient).toBe(true);
    s.setRule((m, p) => (m === "PUT" && p.endsWith("/customer") ? 503 : null));
    s.checkout.backToOrder();
    expect(await s.checkout.continueToPayment()).toBe(false);
    s.checkout.setAgreed(false);
    await s.checkout.pay();
    expect(s.checkout.agreementError).toBe(true);
    expect(s.checkout.saveError).toBe(true);
    await s.checkout.start(null);
    expect([
      s.checkout.payError,
      s.checkout.payTransient,
      s.checkout.saveError,
      s.checkout.agreementError,
    ]).toEqual([false, false, false, false]);
  });
});

describe("an unpaid order, opened to change the payment method", () => {
  it("opens on step Payment with the order's e-mail, amount and methods; read once", async () => {
    const { order } = await unpaidOrder();
    const s = await withPhoto();
    await s.checkout.start(order.orderId);
    expect([s.checkout.step, s.checkout.email, s.checkout.order?.orderId]).toEqual([
      "payment",
      EMAIL,
      order.orderId,
    ]);
    expect(s.checkout.typesState).toBe("done");
    expect(typesQuery(s)).toEqual({
      amount: String(order.totalAmount),
      currencyId: "643",
      albumId: "a1003",
    });
    await s.checkout.start(order.orderId);
    expect(s.count(GET_ORDER)).toBe(1);
    expect(s.checkout.order?.orderId).toBe(order.orderId);
    s.checkout.backToOrder();
    expect(s.checkout.step).toBe("payment");
    // Checkout of the cart again: the order is left, no payment methods asked for yet.
    const asked = s.count(TYPES);
    await s.checkout.start(null);
    expect([s.checkout.step, s.checkout.order]).toEqual(["order", null]);
    expect(s.count(TYPES)).toBe(asked);
  });

  it("a paid order, or one that cannot be read, is not paid again", async () => {
    const { order } = await unpaidOrder();
    const s = await withPhoto();
    s.setRule((_m, p) =>
      p === `/orders/${order.orderId}` ? json({ ...order, state: "Completed" }) : null,
    );
    await s.checkout.start(order.orderId);
    expect([s.checkout.step, s.checkout.order]).toEqual(["order", null]);
    s.setRule((_m, p) => (p === `/orders/${order.orderId}` ? 503 : null));
    await s.checkout.start(order.orderId);
    expect([s.checkout.step, s.checkout.order]).toEqual(["order", null]);
    expect(s.count(TYPES)).toBe(0);
  });

  it("opens with the cart service down, and is left when checkout of the cart opens", async () => {
    const { order } = await unpaidOrder();
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p.startsWith("/shoppingCarts") ? 503 : null));
    await s.cart.init();
    await s.checkout.start(order.orderId);
    expect(s.checkout.order?.orderId).toBe(order.orderId);
    await s.checkout.start(null);
    expect([s.checkout.step, s.checkout.order]).toEqual(["order", null]);
  });
});
