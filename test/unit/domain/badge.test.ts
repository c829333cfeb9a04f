import { describe, expect, it } from "vitest";
import { cartBadgeCount } from "../../../storefront/src/domain/badge.ts";

const item = (productType: string, eventId = "1") => ({ product: { productType }, eventId });

describe("cart badge count (spec §9)", () => {
  it("counts photos_with_me, photo, frame and photosWithFrame items", () => {
    expect(
      cartBadgeCount([
        item("photos_with_me"),
        item("photo"),
        item("photo"),
        item("frame"),
        item("photosWithFrame"),
      ]),
    ).toBe(5);
  });
  it("counts promocode items grouped by event", () => {
    expect(
      cartBadgeCount([item("promocode", "1"), item("promocode", "1"), item("promocode", "2")]),
    ).toBe(2);
    expect(
      cartBadgeCount([item("photo", "1"), item("promocode", "1"), item("promocode", "1")]),
    ).toBe(2);
  });
  it("ignores unknown product types and is 0 for an empty cart", () => {
    expect(cartBadgeCount([item("gift-card")])).toBe(0);
    expect(cartBadgeCount([])).toBe(0);
  });
});
