/** Pure cart rules: cart id, promo error mapping (spec §8), grouping, replace-by-package hint. */
import { describe, expect, it } from "vitest";
import { ecommerceEvent } from "../../../storefront/src/domain/analytics.ts";
import {
  groupByEvent,
  isCartId,
  packageHint,
  promoErrorKind,
} from "../../../storefront/src/domain/cart.ts";
import { PROMO_ERROR_MESSAGES } from "../../../storefront/src/stores/cart-messages.ts";

describe("promo code errors (spec §8)", () => {
  it.each([
    ["PromoCodeNotFound", "Promo code not found"],
    ["PromoCodeExpired", "The promo code has expired"],
    ["PromoCodeInactive", "The promo code is inactive"],
    ["PromoCodeConflict", "This promo code conflicts with another promo code in the cart"],
    ["PromoCodeUsageLimit", "The promo code usage limit has been reached"],
    ["PromoCodeNotApplicable", "The promo code is not valid for the selected items"],
    ["ServiceUnavailable", "An error occurred while adding a promo code"],
    [null, "An error occurred while adding a promo code"],
  ])("%s → %s", (code, text) => {
    expect(PROMO_ERROR_MESSAGES[promoErrorKind(code)].message).toBe(text);
  });
});

describe("cart id", () => {
  it("accepts client ids and refuses anything corrupted", () => {
    expect(isCartId("a1b2-C_3")).toBe(true);
    for (const bad of ["", "x".repeat(101), "a b", '{"cartId":1}', null, 42, "../x"]) {
      expect(isCartId(bad)).toBe(false);
    }
  });
});

const item = (eventId: string, productType: string, originalPrice: number, duplicate = false) => ({
  eventId,
  catalog: { catalogId: `c${eventId}`, title: `Event ${eventId}` },
  product: { productType },
  originalPrice,
  duplicate,
});

describe("grouping by event", () => {
  it("keeps the order in which events first appear", () => {
    const groups = groupByEvent([
      item("2", "photo", 1),
      item("1", "photo", 1),
      item("2", "frame", 1),
    ]);
    expect(groups.map((g) => [g.eventId, g.title, g.items.length])).toEqual([
      ["2", "Event 2", 2],
      ["1", "Event 1", 1],
    ]);
  });
});

describe("replace-by-package hint", () => {
  it("suggests the package when the single photos cost more", () => {
    const photos = [1, 2, 3, 4].map(() => item("1", "photo", 290));
    expect(packageHint(photos, 990)).toEqual({
      kind: "cheaper-package",
      count: 4,
      photosPrice: 1160,
      packagePrice: 990,
    });
  });
  it("says nothing when the photos are cheaper, there is no offer, or the package is in the cart", () => {
    const three = [1, 2, 3].map(() => item("1", "photo", 290));
    expect(packageHint(three, 990)).toBeNull();
    expect(packageHint([...three, ...three], null)).toBeNull();
    expect(packageHint([...three, ...three, item("1", "photos_with_me", 990)], 990)).toBeNull();
  });
  it("flags photos a package already covers first", () => {
    expect(
      packageHint([item("1", "photos_with_me", 990), item("1", "photo", 290, true)], 990),
    ).toEqual({ kind: "duplicates", count: 1 });
  });
});

describe("analytics", () => {
  it("has id, name, price, category and quantity", () => {
    expect(
      ecommerceEvent("add_to_cart", [
        { productId: "c1-photo", title: "Digital photo", productType: "photo", price: 290 },
      ]),
    ).toEqual({
      event: "add_to_cart",
      ecommerce: {
        items: [
          {
            item_id: "c1-photo",
            item_name: "Digital photo",
            price: 290,
            item_category: "photo",
            quantity: 1,
          },
        ],
      },
    });
  });
});
