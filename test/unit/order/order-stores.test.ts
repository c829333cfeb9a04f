// @vitest-environment node
/** CheckoutStore, OrderStore, DownloadStore and pending orders against the demo backend. */
import { autorun } from "mobx";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Photo } from "../../../storefront/src/api/index.ts";
import { PENDING_ORDERS_KEY } from "../../../storefront/src/domain/pending-orders.ts";
import type { FilePorts } from "../../../storefront/src/stores/files.ts";
import { PendingOrdersStore } from "../../../storefront/src/stores/PendingOrdersStore.ts";
import { tenantKey } from "../../../storefront/src/stores/tenant-storage.ts";
import { apiFor, fakeClock, startDemo } from "../demo/demo-server.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoStores, mapStorage } from "../fixtures/stores.ts";

const settings = testSettings();

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, archiveDelayMs: 5_000 });
});
afterAll(() => demo.close());

type Rule = (method: string, path: string) => "drop-reply" | "fail" | null;

/** A tab with a recording fetch; `rule` can fail a call or lose its reply (a time-out). */
function tab(rule: Rule = () => null, map = new Map<string, string>()) {
  const saved: { blob: Blob; name: string }[] = [];
  const redirects: string[] = [];
  /** What each redirect does if the visitor comes back to the page (back/forward cache). */
  const returns: (() => void)[] = [];
  const { fetch: fetcher, lines: calls } = recordingFetch(({ method, path }) => {
    const what = rule(method, path);
    return what === "fail" ? 503 : what === "drop-reply" ? "lost" : null;
  });
  const files: FilePorts = {
    save: (blob, name) => void saved.push({ blob, name }),
    share: async () => false,
    shareFiles: async () => "unsupported",
    redirect: (url, onReturn) => {
      redirects.push(url);
      if (onReturn) returns.push(onReturn);
    },
  };
  const store = demoStores({
    settings,
    storage: mapStorage(map),
    origin: demo.origin,
    fetch: fetcher,
    files,
    // Polling waits advance the demo's clock instead of real time.
    sleep: async (ms) => clock.advance(ms),
  });
  return { store, calls, saved, redirects, returns, map };
}

const count = (calls: string[], re: RegExp) => calls.filter((c) => re.test(c)).length;

/** A cart with two photos of event 1003, e-mail entered, on the Payment step. */
async function readyToPay(t: ReturnType<typeof tab>) {
  const { cart, catalog, checkout } = t.store;
  await cart.init();
  await catalog.load("c1003");
  const product = catalog.photoProduct("c1003");
  const page = await apiFor(demo.origin).photos.list({ albumId: "a1003" }, {});
  if (!product || !page.ok) throw new Error("no catalog");
  const event = { eventId: "1003", name: "Kazan Night Run 2025" };
  for (const photo of page.data.items.slice(0, 2) as Photo[]) {
    await cart.addPhoto(event, product, photo, null);
  }
  await checkout.start(null);
  checkout.setEmail("runner@example.com");
  expect(await checkout.continueToPayment()).toBe(true);
  checkout.setAgreed(true);
  return checkout;
}

async function bank(payUrl: string, action: "pay" | "decline") {
  await fetch(`${demo.origin}${payUrl}/${action}`, { method: "POST", redirect: "manual" });
}

/** Ready to pay, Pay clicked, and the bank answered `action` for the order. */
async function sentToTheBank(t: ReturnType<typeof tab>, action: "pay" | "decline") {
  const checkout = await readyToPay(t);
  await checkout.pay();
  const orderId = checkout.order?.orderId ?? "";
  await bank(t.redirects[0] ?? "", action);
  return { checkout, orderId };
}

/** A cart with the all-photos package of bib `bib` (event 1003) and promo code `code`, e-mail given. */
async function packageWithCode(t: ReturnType<typeof tab>, bib: string, code: string) {
  const checkout = await packageWithCodeAtCheckout(t, bib, code);
  expect(await checkout.continueToPayment()).toBe(true);
  checkout.setAgreed(true);
  return checkout;
}

/** The same cart on checkout's first step, the e-mail typed. */
async function packageWithCodeAtCheckout(t: ReturnType<typeof tab>, bib: string, code: string) {
  const { cart, catalog, checkout } = t.store;
  await cart.init();
  await catalog.load("c1003");
  const pkg = catalog.offers("c1003")[0];
  const found = await apiFor(demo.origin).competitors.search("1003", bib);
  const competitor = found.ok ? found.data.items[0] : undefined;
  if (!pkg || !competitor) throw new Error("no package or participant");
  const event = { eventId: "1003", name: "Kazan Night Run 2025" };
  expect(await cart.addPackage(event, pkg, { kind: "competitor", competitor })).toBe(true);
  expect(await cart.promoCodes.apply(code)).toBe(true);
  await checkout.start(null);
  checkout.setEmail("runner@example.com");
  return checkout;
}

describe("checkout", () => {
  it("a single-use promo code used meanwhile by another order: says which, and no order", async () => {
    const code = `FREE-TWICE-${Date.now()}`;
    const first = tab();
    const second = tab();
    const a = await packageWithCode(first, "305", code);
    const b = await packageWithCode(second, "306", code);
    // The first order takes the code (its total is 0: paid at once, no pay page).
    expect(await a.pay()).toBe(true);
    expect(a.takePaidOrder()).toBeTruthy();
    expect(a.promoError).toBeNull();
    // The second checkout is refused with the promo code's own error, not only "Unable to pay".
    expect(await b.pay()).toBe(false);
    expect(b.payError).toBe(true);
    expect(b.promoError).toBe("usage-limit");
    expect(b.order).toBeNull();
    expect(second.redirects).toEqual([]);
    // Once the code is off the cart, the same checkout goes through.
    const applied = second.store.cart.cart?.promotionalCodes?.[0];
    if (!applied) throw new Error("the code should still be in the cart");
    expect(await second.store.cart.promoCodes.remove(applied.codeId)).toBe(true);
    expect(await b.pay()).toBe(true);
    expect(b.promoError).toBeNull();
    expect(second.redirects).toHaveLength(1);
  });

  it("requires the e-mail and the offer agreement", async () => {
    const t = tab();
    await t.store.cart.init();
    await t.store.checkout.start(null);
    expect(await t.store.checkout.continueToPayment()).toBe(false);
    expect(t.store.checkout.emailError).toBe("missing");
    t.store.checkout.setEmail("nope@");
    expect(await t.store.checkout.continueToPayment()).toBe(false);
    expect(t.store.checkout.emailError).toBe("invalid");
    expect(count(t.calls, /customer$/)).toBe(0);
  });

  it("offers card and the fast payment 5 % cheaper; a double click creates one payment", async () => {
    const t = tab();
    const checkout = await readyToPay(t);
    expect(checkout.types.map((p) => [p.paymentTypeId, p.amount])).toEqual([
      ["Card", 580],
      ["FastPayment", 551],
    ]);
    expect(count(t.calls, /^PUT \/shoppingCarts\/.+\/customer$/)).toBe(1);
    const [a, b] = await Promise.all([checkout.pay(), checkout.pay()]);
    expect([a, b]).toEqual([true, false]);
    expect(count(t.calls, /^POST \/shoppingCarts\/[^/]+$/)).toBe(1);
    expect(count(t.calls, /^POST \/invoices\/.+\/payments$/)).toBe(1);
    expect(t.redirects).toHaveLength(1);
    expect(t.redirects[0]).toMatch(/^\/demo\/pay\//);
    expect(JSON.parse(t.map.get(tenantKey(testSettings().id, PENDING_ORDERS_KEY)) ?? "[]")).toEqual(
      [checkout.order?.orderId],
    );
  });

  it("a second tap once the bank's page is on its way pays nothing twice; back on the page, Pay is live", async () => {
    const t = tab();
    const checkout = await readyToPay(t);
    expect(await checkout.pay()).toBe(true);
    // The browser has not left yet: the button stays busy and a second tap does nothing.
    expect(checkout.paying).toBe(true);
    expect(await checkout.pay()).toBe(false);
    expect(count(t.calls, /^POST \/invoices\/.+\/payments$/)).toBe(1);
    expect(t.redirects).toHaveLength(1);
    // The visitor comes back from the bank with the back button: the page is live again.
    for (const back of t.returns) back();
    expect(checkout.paying).toBe(false);
  });

  it("a retry after a lost reply reuses the order and the pending payment", async () => {
    let drop = true;
    const t = tab((method, path) => {
      if (drop && method === "POST" && /\/payments$/.test(path)) {
        drop = false;
        return "drop-reply";
      }
      return null;
    });
    const checkout = await readyToPay(t);
    expect(await checkout.pay()).toBe(false);
    expect(checkout.payError).toBe(true);
    expect(await checkout.pay()).toBe(true);
    expect(count(t.calls, /^POST \/shoppingCarts\/[^/]+$/)).toBe(1);
    const invoice = checkout.order?.invoiceId ?? "";
    const payments = await apiFor(demo.origin).invoices.payments(invoice);
    expect(payments.ok && payments.data.map((p) => p.state)).toEqual(["Pending"]);
  });

  it('"Unable to pay the order" when the payment cannot be created', async () => {
    const t = tab((method, path) =>
      method === "POST" && /\/payments$/.test(path) ? "fail" : null,
    );
    const checkout = await readyToPay(t);
    expect(await checkout.pay()).toBe(false);
    expect(checkout.payError).toBe(true);
    expect(t.redirects).toEqual([]);
  });
});

describe("every order completes (a free order, an order paid meanwhile)", () => {
  it("a promo code covering the whole order: no payment step, the paid order opens", async () => {
    const t = tab();
    const checkout = await packageWithCodeAtCheckout(t, "307", `FREE-WHOLE-${Date.now()}`);
    expect(checkout.amount).toBe(0);
    expect(checkout.free).toBe(true);
    // The offer agreement is still needed, and nothing is placed without it.
    expect(await checkout.complete()).toBe(false);
    expect(checkout.agreementError).toBe(true);
    expect(count(t.calls, /^POST \/shoppingCarts\/[^/]+$/)).toBe(0);
    checkout.setAgreed(true);
    expect(await checkout.complete()).toBe(true);
    expect(checkout.payError).toBe(false);
    const paid = checkout.takePaidOrder();
    expect(paid).toBeTruthy();
    expect(checkout.takePaidOrder()).toBeNull();
    // No payment method was asked for, no payment made, no pay page.
    expect(count(t.calls, /paymentTypes|\/payments$/)).toBe(0);
    expect(t.redirects).toEqual([]);
    // Not pending: the cart offers no "order awaiting payment".
    expect(t.store.pendingOrders.ids).not.toContain(paid);
    await t.store.order.open("order", paid ?? "");
    expect(t.store.order.phase).toBe("paid");
    expect(t.store.order.order?.totalAmount).toBe(0);
  });

  it("a free order reaching Pay (the old payment step) opens the paid order, not an error", async () => {
    const t = tab();
    const checkout = await packageWithCode(t, "308", `FREE-PAYSTEP-${Date.now()}`);
    expect(await checkout.pay()).toBe(true);
    expect(checkout.payError).toBe(false);
    expect(checkout.takePaidOrder()).toBeTruthy();
    expect(t.redirects).toEqual([]);
    // The order completed at checkout: no payment is asked for it.
    expect(count(t.calls, /^POST \/invoices\/.+\/payments$/)).toBe(0);
  });

  it("OrderAlreadyPaid from the payment call (paid in a second tab) opens the paid order", async () => {
    const t = tab();
    const checkout = await readyToPay(t);
    expect(await checkout.pay()).toBe(true);
    const orderId = checkout.order?.orderId ?? "";
    // Another tab pays at the bank; this one, back on the payment step (the back button),
    // clicks Pay again.
    await bank(t.redirects[0] ?? "", "pay");
    for (const back of t.returns) back();
    expect(await checkout.pay()).toBe(true);
    expect(checkout.payError).toBe(false);
    expect(checkout.takePaidOrder()).toBe(orderId);
    expect(t.redirects).toHaveLength(1);
    expect(t.store.pendingOrders.ids).not.toContain(orderId);
  });

  it("resuming payment of an order paid meanwhile opens the paid order", async () => {
    const t = tab();
    const { orderId } = await sentToTheBank(t, "pay");
    // Another tab (or the account's "pay" link later) opens checkout of the order: it is paid.
    const other = tab();
    await other.store.cart.init();
    await other.store.checkout.start(orderId);
    expect(other.store.checkout.takePaidOrder()).toBe(orderId);
    expect(other.store.checkout.order).toBeNull();
    expect(other.redirects).toEqual([]);
  });

  it("repeating a declined payment of an order paid meanwhile shows it paid", async () => {
    const t = tab();
    const { orderId } = await sentToTheBank(t, "decline");
    const { order } = t.store;
    await order.open("order", orderId);
    expect(order.phase).toBe("declined");
    // Another tab retried and paid.
    const other = tab();
    await other.store.order.open("order", orderId);
    expect(await other.store.order.retry()).toBe(true);
    await bank(other.redirects[0] ?? "", "pay");
    // This tab's "repeat" meets OrderAlreadyPaid: the paid order, not "Unable to pay".
    expect(await order.retry()).toBe(true);
    expect(order.retryError).toBe(false);
    await vi.waitFor(() => expect(order.phase).toBe("paid"));
    expect(t.redirects).toHaveLength(1);
  });

  it("the cart never offers a paid order as awaiting payment", async () => {
    const t = tab();
    const checkout = await readyToPay(t);
    await checkout.pay();
    const orderId = checkout.order?.orderId ?? "";
    const pending = t.store.pendingOrders;
    expect(pending.latest).toBe(orderId);
    // Not yet confirmed by the backend: not offered.
    expect(pending.awaiting).toBeNull();
    await pending.confirm();
    expect(pending.awaiting).toBe(orderId);
    // Paid in another tab (this tab never saw the paid page).
    await bank(t.redirects[0] ?? "", "pay");
    await pending.confirm();
    expect(pending.awaiting).toBeNull();
    expect(pending.ids).not.toContain(orderId);
  });
});

describe("returning from the bank", () => {
  it("Declined → declined; retry with the same method; paid → paid and no longer pending", async () => {
    const t = tab();
    const checkout = await readyToPay(t);
    checkout.select("FastPayment");
    await checkout.pay();
    const orderId = checkout.order?.orderId ?? "";
    await bank(t.redirects[0] ?? "", "decline");
    const { order } = t.store;
    await order.open("order", orderId);
    expect(order.phase).toBe("declined");
    expect(order.payment?.paymentTypeId).toBe("FastPayment");
    expect(t.store.pendingOrders.ids).toContain(orderId);
    expect(await order.retry()).toBe(true);
    expect(t.redirects[1]).not.toBe(t.redirects[0]);
    await bank(t.redirects[1] ?? "", "pay");
    await order.open("order", orderId);
    expect(order.phase).toBe("paid");
    expect(order.order?.totalAmount).toBe(551);
    expect(t.store.pendingOrders.ids).not.toContain(orderId);
  });

  it("keeps checking while the payment is pending, then shows awaiting payment", async () => {
    const t = tab();
    const checkout = await readyToPay(t);
    await checkout.pay();
    const before = t.calls.length;
    await t.store.order.open("order", checkout.order?.orderId ?? "");
    expect(t.store.order.phase).toBe("awaiting");
    // PAYMENT_CHECKS (12) checks of the order and its payments, then it stops.
    expect(count(t.calls.slice(before), /^GET \/orders\//)).toBe(12);
  });

  it("opening someone's unpaid order by its address plants no 'awaiting payment' banner here", async () => {
    const buyer = tab();
    const checkout = await readyToPay(buyer);
    await checkout.pay();
    const orderId = checkout.order?.orderId ?? "";
    expect(buyer.store.pendingOrders.ids).toEqual([orderId]);
    // Another device opens the link: it shows the order, and keeps no way back to it.
    const visitor = tab();
    await visitor.store.order.open("order", orderId);
    expect(visitor.store.order.phase).toBe("awaiting");
    expect(visitor.store.pendingOrders.ids).toEqual([]);
    expect(visitor.store.pendingOrders.latest).toBeNull();
  });

  it("a non-200 order is an order error", async () => {
    const t = tab();
    await t.store.order.open("order", "no-such-order");
    expect(t.store.order.phase).toBe("failed");
    expect(t.store.order.errorStatus).toBe(404);
  });
});

describe("downloads", () => {
  it("archive: 201, polled until Published, then saved; other status → archive error", async () => {
    const t = tab();
    const { downloads } = t.store;
    downloads.reset("preorder:po-1001");
    expect(await downloads.downloadAll({ preorderId: "po-1001" }, "all.zip")).toBe(true);
    expect(count(t.calls, /^GET \/archives\//)).toBeGreaterThan(1);
    expect(t.saved[0]?.name).toBe("all.zip");
    expect(downloads.archive).toBe("done");

    downloads.reset("order:no-such");
    expect(await downloads.downloadAll({ orderId: "no-such" }, "x.zip")).toBe(false);
    expect(downloads.archive).toBe("failed");
  });

  it("receipts: stored on 200, cleared by any other status", async () => {
    const fail = { on: false };
    const t = tab((_m, path) => (fail.on && path === "/receipts" ? "fail" : null));
    const checkout = await readyToPay(t);
    await checkout.pay();
    await bank(t.redirects[0] ?? "", "pay");
    const invoiceId = checkout.order?.invoiceId ?? "";
    const { downloads } = t.store;
    downloads.reset("receipts");
    await downloads.loadReceipts(invoiceId);
    expect(downloads.receiptsStatus).toBe(200);
    expect(downloads.receipts).toHaveLength(1);
    expect(await downloads.downloadReceipt(downloads.receipts[0] as never)).toBe(true);
    expect(await (t.saved.at(-1)?.blob.text() ?? "")).toMatch(/<html/i);
    fail.on = true;
    await downloads.loadReceipts(invoiceId);
    expect(downloads.receiptsStatus).toBe(503);
    expect(downloads.receipts).toEqual([]);
  });
});

describe("PendingOrdersStore (spec §3: unpaid orders of this device)", () => {
  /** A device's local storage that keeps its entries on itself, as a storage object may. */
  function deviceStorage(entries: Record<string, string> = {}) {
    return {
      entries,
      getItem(key: string) {
        return this.entries[key] ?? null;
      },
      setItem(key: string, value: string) {
        this.entries[key] = value;
      },
      removeItem(key: string) {
        delete this.entries[key];
      },
    };
  }

  it("keeps the list in the storage it is given; the page follows the latest unpaid order", () => {
    const storage = deviceStorage({ [PENDING_ORDERS_KEY]: JSON.stringify(["o-1"]) });
    const pending = new PendingOrdersStore(storage);
    const latest: (string | null)[] = [];
    const stop = autorun(() => void latest.push(pending.latest));
    pending.add("o-2");
    pending.remove("o-2");
    pending.remove("o-1");
    stop();
    expect(latest).toEqual(["o-1", "o-2", "o-1", null]);
    expect(storage.entries[PENDING_ORDERS_KEY]).toBe("[]");
    pending.add("o-3");
    expect(JSON.parse(storage.entries[PENDING_ORDERS_KEY] ?? "")).toEqual(["o-3"]);
  });
});
