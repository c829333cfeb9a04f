/** What the event page says photos cost before any search (a single photo from …, the package). */
import { describe, expect, it } from "vitest";
import { startingPrices } from "../../../storefront/src/domain/catalog.ts";

const product = (productType: string, price: number, state = "InCatalog", distance = null) => ({
  productType,
  price,
  state,
  distance: distance as string | null,
});

describe("startingPrices", () => {
  it("a photo is always 'from' its cheapest (a frame costs more); the package at its price", () => {
    expect(
      startingPrices([
        product("frame", 390),
        product("photo", 290),
        product("photos_with_me", 990),
        product("promocode", 990),
      ]),
    ).toEqual({ photo: { price: 290, from: true }, allMine: { price: 990, from: false } });
  });

  it("an event selling photos only in frames starts at its frame; a cheaper package is never a photo's price", () => {
    expect(startingPrices([product("frame", 390), product("photos_with_me", 190)])).toEqual({
      photo: { price: 390, from: true },
      allMine: { price: 190, from: false },
    });
  });

  it("packages per distance at different prices: 'from' the lowest", () => {
    expect(
      startingPrices([product("photos_with_me", 1490), product("photos_with_me", 990)]).allMine,
    ).toEqual({ price: 990, from: true });
  });

  it("only products on sale; none at all gives nothing to show", () => {
    expect(startingPrices([product("photo", 10, "Archived"), product("photo", 290)]).photo).toEqual(
      { price: 290, from: true },
    );
    expect(startingPrices([])).toEqual({ photo: null, allMine: null });
    expect(startingPrices([product("photos_with_me", 990, "Archived")]).allMine).toBeNull();
  });
});
