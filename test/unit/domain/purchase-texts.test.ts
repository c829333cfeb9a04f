/**
 * Pure rules without a test of their own: the paid-order page's purchase (spec §2: download each,
 * download all, discounts sum; pre-orders have no prices), event dates, tenant texts, and the
 * landing pages' business constants of spec §9.
 */
import { describe, expect, it } from "vitest";
import type { Order, Preorder } from "../../../storefront/src/api/index.ts";
import { formatEventDate } from "../../../storefront/src/domain/dates.ts";
import {
  MARKETING,
  ORGANIZER_COMMISSION,
  PHOTOGRAPHER_PAY,
} from "../../../storefront/src/domain/landing.ts";
import {
  onePhoto,
  photoCount,
  purchaseOfOrder,
  purchaseOfPreorder,
} from "../../../storefront/src/domain/purchase.ts";
import { destinationHost, tenantText } from "../../../storefront/src/domain/tenant-text.ts";

const photo = (photoId: string, paid = true) => ({
  photoId,
  thumbnailUrl: `/t/${photoId}.jpg`,
  downloadUrl: paid ? `/d/${photoId}.jpg` : null,
});
const product = (productType: string, title = productType) => ({
  productId: `p-${productType}`,
  title,
  productType,
});

const ORDER = {
  orderId: "o1",
  number: "A-1001",
  state: "Completed",
  currencyId: 643,
  invoiceId: "inv1",
  amount: 600,
  discountAmount: 150,
  totalAmount: 450,
  catalogId: "c1003",
  eventId: "1003",
  customer: { email: "runner@example.com" },
  createdOn: "2025-10-01T10:00:00Z",
  items: [
    {
      orderItemId: "i1",
      product: product("photo", "Digital photo"),
      eventId: "1003",
      frameId: null,
      originalPrice: 200,
      totalPrice: 150,
      photos: [photo("ph1")],
    },
    {
      orderItemId: "i2",
      product: product("photos_with_me", "All photos with me"),
      eventId: "1003",
      frameId: null,
      originalPrice: 400,
      totalPrice: 300,
      photos: [photo("ph1"), photo("ph2"), photo("ph3")],
    },
    {
      orderItemId: "i3",
      product: product("promocode", "Gift"),
      eventId: "1003",
      frameId: null,
      originalPrice: 0,
      totalPrice: 0,
      photos: [],
      promotionalCodes: [{ code: "GIFT-AAAA" }, { code: "GIFT-BBBB" }],
    },
  ],
} as unknown as Order;

describe("a paid order as the paid-order page shows it", () => {
  it("keeps number, receipt invoice, currency, discounts sum and total", () => {
    const p = purchaseOfOrder(ORDER);
    expect(p).toMatchObject({
      key: "order:o1",
      archive: { orderId: "o1" },
      number: "A-1001",
      invoiceId: "inv1",
      currencyId: 643,
      discount: 150,
      total: 450,
    });
  });

  it("lists each item with its price, photos and, for a gift, the promo codes it bought", () => {
    const p = purchaseOfOrder(ORDER);
    expect(p.items.map((i) => [i.id, i.product.title, i.price, i.photoId, i.codes])).toEqual([
      ["i1", "Digital photo", 150, "ph1", []],
      ["i2", "All photos with me", 300, null, []],
      ["i3", "Gift", 0, null, ["GIFT-AAAA", "GIFT-BBBB"]],
    ]);
    expect(p.items[1]?.photos.map((x) => x.photoId)).toEqual(["ph1", "ph2", "ph3"]);
  });

  it("can be shown with items loaded separately (GET /orders/{id}/items)", () => {
    const items = ORDER.items.slice(0, 1);
    expect(purchaseOfOrder(ORDER, items).items.map((i) => i.id)).toEqual(["i1"]);
  });

  it("download all counts each photo once, and only photos that can be downloaded", () => {
    expect(photoCount(purchaseOfOrder(ORDER))).toBe(3);
    const unpaid = {
      ...ORDER,
      items: [{ ...ORDER.items[1], photos: [photo("ph1"), photo("ph2", false)] }],
    } as unknown as Order;
    expect(photoCount(purchaseOfOrder(unpaid))).toBe(1);
  });
});

describe("a paid pre-order (same screen, no prices)", () => {
  const PREORDER = {
    preorderId: "pre1",
    catalogId: "c1003",
    eventId: "1003",
    state: "Completed",
    email: "runner@example.com",
    number: "P-7",
    createdOn: "2025-10-01T10:00:00Z",
    items: [
      {
        preorderItemId: "pi1",
        product: product("frame", "Photo in a frame"),
        photos: [photo("f1")],
      },
      { preorderItemId: "pi2", product: product("photos_with_me"), photos: [photo("f1")] },
    ],
  } as unknown as Preorder;

  it("has no invoice, currency, discount, total or prices, and downloads by pre-order", () => {
    const p = purchaseOfPreorder(PREORDER);
    expect(p).toMatchObject({
      key: "preorder:pre1",
      archive: { preorderId: "pre1" },
      number: "P-7",
      invoiceId: null,
      currencyId: null,
      discount: null,
      total: null,
    });
    expect(p.items.map((i) => [i.id, i.price, i.photoId, i.codes])).toEqual([
      ["pi1", null, "f1", []],
      ["pi2", null, null, []],
    ]);
    expect(photoCount(p)).toBe(1);
  });
});

describe("onePhoto: the photo that tells two one-photo lines apart", () => {
  it("is the photo of a photo or frame item with exactly one photo, else null", () => {
    expect(onePhoto({ productType: "photo" }, [photo("a")])).toBe("a");
    expect(onePhoto({ productType: "frame" }, [photo("a")])).toBe("a");
    expect(onePhoto({ productType: "photo" }, [photo("a"), photo("b")])).toBeNull();
    expect(onePhoto({ productType: "photo" }, [])).toBeNull();
    expect(onePhoto({ productType: "photosWithFrame" }, [photo("a")])).toBeNull();
    expect(onePhoto({ productType: "photos_with_me" }, [photo("a")])).toBeNull();
  });
});

describe("event dates in the visitor's language", () => {
  it("writes the day in full in ru, en and es, whatever the machine's time zone", () => {
    expect(formatEventDate("2026-05-12", "ru")).toBe("12 мая 2026 г.");
    expect(formatEventDate("2026-05-12", "en")).toBe("May 12, 2026");
    expect(formatEventDate("2026-05-12", "es")).toBe("12 de mayo de 2026");
    expect(formatEventDate("2026-01-01", "en")).toBe("January 1, 2026");
  });
  it("leaves a day it cannot read as given", () => {
    expect(formatEventDate("soon", "en")).toBe("soon");
  });
});

describe("tenant texts", () => {
  it("are in the visitor's language, else in ru (the fallback), else absent", () => {
    const text = { ru: "Поддержка", en: "Support" };
    expect(tenantText(text, "en")).toBe("Support");
    expect(tenantText(text, "ru")).toBe("Поддержка");
    expect(tenantText(text, "es")).toBe("Поддержка");
    expect(tenantText(null, "en")).toBeNull();
    expect(tenantText(undefined, "ru")).toBeNull();
  });
  it("the external back link names its host without scheme or www.", () => {
    expect(destinationHost("https://www.mysport.ru/events?id=1")).toBe("mysport.ru");
    expect(destinationHost("https://ironstar.com")).toBe("ironstar.com");
    expect(destinationHost("https://shop.wwwx.example/")).toBe("shop.wwwx.example");
    expect(destinationHost("not a url")).toBe("not a url");
  });
});

describe("landing pages' numbers (spec §9)", () => {
  it("organizer commission 15% to 40% within 50 days of the event", () => {
    expect(ORGANIZER_COMMISSION).toEqual({ minPercent: 15, maxPercent: 40, days: 50 });
  });
  it("photographers paid from 5000 RUB per event (up to 4 hours), 1500 RUB per extra hour", () => {
    expect(PHOTOGRAPHER_PAY).toEqual({ perEvent: 5000, eventHours: 4, extraHour: 1500 });
  });
  it("98% recognition, 1.3 million visitors, 430244 accounts, 2-3 days reaching 90%", () => {
    expect(MARKETING).toEqual({
      faceRecognitionPercent: 98,
      uniqueVisitorsMillions: 1.3,
      accounts: 430244,
      campaignDays: "2–3",
      campaignReachPercent: 90,
    });
  });
});
