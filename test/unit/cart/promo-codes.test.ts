// @vitest-environment node
/**
 * The cart's promo codes (spec §5: single use, 100 % off the all-photos package; §7 POST and
 * DELETE promotionalCodes; §8 their errors), as the cart screen uses them over the demo backend.
 */
import { autorun } from "mobx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Competitor } from "../../../storefront/src/api/index.ts";
import { startDemo } from "../demo/demo-server.ts";
import { CART_ENTRY, shop, until } from "../faults/shop.ts";
import { english } from "../fixtures/english.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const EVENT = { eventId: "1003", name: "Kazan Night Run 2025" };
const PROMO = /\/promotionalCodes/;

/** A shop whose cart holds the all-photos package of bib `bib` of event 1003 (a cart of its own). */
async function withPackage(bib: string) {
  const s = shop(demo.origin);
  await s.cart.init();
  await s.catalog.load("c1003");
  const found = await s.api.competitors.search("1003", bib);
  const competitor = found.data?.items[0] as Competitor;
  const offer = s.catalog.offers("c1003")[0];
  if (!offer || !competitor) throw new Error("no package or participant");
  expect(await s.cart.addPackage(EVENT, offer, { kind: "competitor", competitor })).toBe(true);
  return s;
}

describe("applying a code", () => {
  it("takes the code without its spaces, is busy meanwhile, tells the live region and other tabs", async () => {
    const s = await withPackage("301");
    const { promoCodes } = s.cart;
    expect([promoCodes.busy, promoCodes.error]).toEqual([false, null]);
    const busy: boolean[] = [];
    const stop = autorun(() => void busy.push(promoCodes.busy));
    s.map.delete(CART_ENTRY);
    const applying = promoCodes.apply("  FREE-promo-1  ");
    expect(promoCodes.busy).toBe(true);
    expect(await applying).toBe(true);
    stop();
    expect(busy).toEqual([false, true, false]);
    expect(s.cart.cart?.totalAmount).toBe(0);
    const sent = s.recorded.filter((c) => c.method === "POST" && PROMO.test(c.path));
    expect(sent.map((c) => JSON.parse(c.body ?? "null"))).toEqual([{ code: "FREE-promo-1" }]);
    expect(english(s.cart.announcement)).toBe("The promo code is applied");
    expect(JSON.parse(s.map.get(CART_ENTRY) ?? "{}").cartId).toBe(s.cart.cart?.shoppingCartId);
    expect(s.waits).toEqual([]); // read back at once: nothing to read again later
  });

  it("an empty code is not sent", async () => {
    const s = await withPackage("301");
    expect(await s.cart.promoCodes.apply("   ")).toBe(false);
    expect(s.cart.promoCodes.error).toBeNull();
    expect(s.count(PROMO)).toBe(0);
  });

  it("with no cart to apply it to: the unknown error (spec §8), nothing sent", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p.startsWith("/shoppingCarts") && !PROMO.test(p) ? 503 : null));
    await s.cart.init();
    expect(await s.cart.promoCodes.apply("FREE-promo-2")).toBe(false);
    expect(s.cart.promoCodes.error).toBe("other");
    expect(s.cart.promoCodes.busy).toBe(false);
    expect(s.count(PROMO)).toBe(0);
  });

  it("taken while the cart cannot be read back: read again after 2 s", async () => {
    const s = await withPackage("301");
    s.setRule((m, p) => (m === "GET" && /^\/shoppingCarts\/[^/]+$/.test(p) ? 503 : null));
    expect(await s.cart.promoCodes.apply("FREE-promo-3")).toBe(true);
    await until(() => s.waits.length === 1);
    expect(s.waits[0]?.ms).toBe(2000);
    s.setRule(() => null);
    s.waits[0]?.go();
    await until(() => s.cart.cart?.totalAmount === 0);
  });

  it("an error is named until the visitor dismisses it", async () => {
    const s = await withPackage("301");
    expect(await s.cart.promoCodes.apply("NOPE-1")).toBe(false);
    expect(s.cart.promoCodes.error).toBe("not-found");
    s.cart.promoCodes.clearError();
    expect(s.cart.promoCodes.error).toBeNull();
  });
});

describe("removing a code", () => {
  it("a failure says so and keeps the code; with no cart there is nothing to remove", async () => {
    const s = await withPackage("301");
    expect(await s.cart.promoCodes.apply("FREE-promo-4")).toBe(true);
    const codeId = s.cart.cart?.promotionalCodes[0]?.codeId ?? "";
    s.setRule((m, p) => (m === "DELETE" && PROMO.test(p) ? 503 : null));
    expect(await s.cart.promoCodes.remove(codeId)).toBe(false);
    expect(english(s.errors.current?.message)).toBe(
      "Could not remove the product from the cart. Try again.",
    );
    expect(s.cart.cart?.promotionalCodes).toHaveLength(1);
    s.setRule(() => null);
    s.map.delete(CART_ENTRY);
    expect(await s.cart.promoCodes.remove(codeId)).toBe(true);
    expect(s.cart.cart?.promotionalCodes).toEqual([]);
    expect(JSON.parse(s.map.get(CART_ENTRY) ?? "{}").cartId).toBe(s.cart.cart?.shoppingCartId);

    const none = shop(demo.origin);
    none.setRule(() => 503);
    await none.cart.init();
    expect(await none.cart.promoCodes.remove(codeId)).toBe(false);
    expect(none.count(PROMO)).toBe(0);
  });
});
