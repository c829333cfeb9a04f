/**
 * What an add puts in the cart (spec §3, §4): the line it makes (a product, its photo and frame
 * if any), what the cart is asked to add, and the line the cart shows at once while the call is
 * in flight, so a tap on "Add to cart" shows the photo, its event and its price straight away.
 */
import { describe, expect, it } from "vitest";
import type { Photo, Product } from "../../../storefront/src/api/index.ts";
import {
  type CartAddition,
  lineOf,
  newItemOf,
  PENDING_ITEM_PREFIX,
  pendingItem,
} from "../../../storefront/src/domain/cart.ts";

const product = (productType: string, price: number): Product => ({
  productId: `p-${productType}`,
  catalogId: "c-1003",
  eventId: "1003",
  distance: null,
  state: "InCatalog",
  title: `${productType} product`,
  description: "",
  productType,
  price,
  currencyId: 643,
  frames: [],
});
const photo: Photo = {
  photoId: "ph-7",
  albumId: "a-1",
  url: "https://cdn.example/ph-7.jpg",
  thumbnailUrl: "https://cdn.example/ph-7-thumb.jpg",
  width: 3000,
  height: 2000,
  photographer: null,
  takenAt: "2026-09-21T08:00:00.000Z",
  tags: [],
};
const framed: CartAddition = {
  product: product("frame", 390),
  eventName: "Moscow Marathon",
  photo,
  frameId: "gold",
};
const allMyPhotos: CartAddition = {
  product: product("photos_with_me", 990),
  eventName: "Moscow Marathon",
};

describe("a cart line", () => {
  it("is the product with its photo and frame; a package has neither", () => {
    expect(lineOf(framed)).toEqual({ product: framed.product, photoId: "ph-7", frameId: "gold" });
    expect(lineOf(allMyPhotos)).toEqual({
      product: allMyPhotos.product,
      photoId: null,
      frameId: null,
    });
  });

  it("asks the cart for the product, and its photo and frame only when it has them", () => {
    expect(newItemOf(framed)).toEqual({ productId: "p-frame", photoId: "ph-7", frameId: "gold" });
    expect(newItemOf(allMyPhotos)).toEqual({ productId: "p-photos_with_me" });
  });
});

describe("the line shown while an add is in flight", () => {
  it("shows the photo's thumbnail in its frame, under the event's name, at the product's price", () => {
    expect(pendingItem(framed, 3)).toEqual({
      shoppingCartItemId: `${PENDING_ITEM_PREFIX}3`,
      product: { productId: "p-frame", title: "frame product", productType: "frame" },
      catalog: { catalogId: "c-1003", title: "Moscow Marathon" },
      eventId: "1003",
      photoId: "ph-7",
      photoIds: ["ph-7"],
      frameId: "gold",
      originalPrice: 390,
      price: 390,
      currencyId: 643,
      duplicate: false,
      thumbnailUrl: "https://cdn.example/ph-7-thumb.jpg",
    });
  });

  it("a package shows no photo, no frame and no thumbnail; it is never a duplicate", () => {
    expect(pendingItem(allMyPhotos, 4)).toMatchObject({
      shoppingCartItemId: `${PENDING_ITEM_PREFIX}4`,
      photoId: null,
      photoIds: [],
      frameId: null,
      duplicate: false,
      thumbnailUrl: null,
    });
  });
});
