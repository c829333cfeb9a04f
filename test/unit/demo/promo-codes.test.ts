// @vitest-environment node
/** Spec §5/§8: promo codes are single use, 100 % off the all-photos package, and every error case. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { apiFor, newCartId, startDemo, tokenFor } from "./demo-server.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo();
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

/** A cart holding the all-photos package of event 1001 (and optionally one more photo). */
async function cartWithPackage(extraPhoto = false) {
  const id = newCartId();
  await api.carts.create(id);
  const searchToken = await tokenFor(api);
  await api.carts.addItem(id, { productId: "c1001-pwm" }, { searchToken });
  if (extraPhoto) await api.carts.addItem(id, { productId: "c1001-photo", photoId: "a1001-1" });
  await api.carts.setCustomer(id, "runner@demo.example");
  return id;
}

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);

describe("promo codes", () => {
  it("DEMO100 gives 100 % off the all-photos package and nothing else", async () => {
    const id = await cartWithPackage(true);
    expect((await api.carts.addPromoCode(id, "demo100")).status).toBe(204);
    const cart = (await api.carts.get(id)).data;
    expect(cart?.promotionalCodes.map((c) => c.code)).toEqual(["DEMO100"]);
    expect(cart?.items.map((i) => [i.product.productType, i.originalPrice, i.price])).toEqual([
      ["photos_with_me", 990, 0],
      ["photo", 290, 290],
    ]);
    expect([cart?.amount, cart?.discountAmount, cart?.totalAmount]).toEqual([1280, 990, 290]);
    expect((await api.carts.addPromoCode(id, "DEMO100")).status).toBe(204); // idempotent
  });

  it.each([
    ["NO-SUCH-CODE", 404, "PromoCodeNotFound"],
    ["EXPIRED", 400, "PromoCodeExpired"],
    ["INACTIVE", 400, "PromoCodeInactive"],
    ["USEDUP", 409, "PromoCodeUsageLimit"],
    ["NOTVALID", 400, "PromoCodeNotApplicable"],
  ])("%s answers %i %s", async (code, status, errorCode) => {
    const id = await cartWithPackage();
    const result = await api.carts.addPromoCode(id, code);
    expect(result.status).toBe(status);
    expect(codeOf(result)).toBe(errorCode);
    expect((await api.carts.get(id)).data?.promotionalCodes).toEqual([]);
  });

  it("CONFLICT conflicts with another code already in the cart", async () => {
    const id = await cartWithPackage();
    expect((await api.carts.addPromoCode(id, "FREE-FIRST")).status).toBe(204);
    const result = await api.carts.addPromoCode(id, "CONFLICT");
    expect([result.status, codeOf(result)]).toEqual([409, "PromoCodeConflict"]);
  });

  it("is not valid on a cart without an all-photos package", async () => {
    const id = newCartId();
    await api.carts.create(id);
    await api.carts.addItem(id, { productId: "c1001-photo", photoId: "a1001-1" });
    const result = await api.carts.addPromoCode(id, "FREE-NOPACKAGE");
    expect([result.status, codeOf(result)]).toEqual([400, "PromoCodeNotApplicable"]);
  });

  it("is single use: once an order used it, another cart gets PromoCodeUsageLimit", async () => {
    const first = await cartWithPackage();
    expect((await api.carts.addPromoCode(first, "MOSCOW100")).status).toBe(204);
    const second = await cartWithPackage();
    expect((await api.carts.addPromoCode(second, "MOSCOW100")).status).toBe(204);
    const orderId = (await api.carts.checkout(first)).data?.orderId ?? "";
    // A free order is paid at once, with the discount recorded as a Discount payment.
    const order = (await api.orders.get(orderId)).data;
    expect([order?.state, order?.totalAmount, order?.discountAmount]).toEqual([
      "Completed",
      0,
      990,
    ]);
    const payments = (await api.invoices.payments(order?.invoiceId ?? "")).data;
    expect(payments?.map((p) => [p.paymentTypeId, p.state, p.payUrl])).toEqual([
      ["Discount", "Completed", null],
    ]);
    const late = await api.carts.checkout(second);
    expect([late.status, codeOf(late)]).toEqual([409, "PromoCodeUsageLimit"]);
    const third = await cartWithPackage();
    const again = await api.carts.addPromoCode(third, "MOSCOW100");
    expect([again.status, codeOf(again)]).toEqual([409, "PromoCodeUsageLimit"]);
  });

  it("can be removed from the cart", async () => {
    const id = await cartWithPackage();
    await api.carts.addPromoCode(id, "FREE-REMOVE");
    const codeId = (await api.carts.get(id)).data?.promotionalCodes[0]?.codeId ?? "";
    expect((await api.carts.removePromoCode(id, codeId)).status).toBe(204);
    expect((await api.carts.removePromoCode(id, codeId)).status).toBe(404);
    expect((await api.carts.get(id)).data?.totalAmount).toBe(990);
  });
});
