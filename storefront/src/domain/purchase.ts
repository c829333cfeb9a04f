import type { ArchiveRequest, BoughtPhoto, Order, OrderItem, Preorder } from "../api/index.ts";
import { downloadUrlOf } from "./photo-list.ts";

/** A paid order or pre-order as the paid-order page shows it (pre-orders have no prices). */
export interface Purchase {
  key: string;
  archive: ArchiveRequest;
  number: string;
  invoiceId: string | null;
  currencyId: number | null;
  discount: number | null;
  total: number | null;
  items: PurchaseItem[];
}

export interface PurchaseItem {
  id: string;
  product: { title: string; productType: string };
  /** The photo of a one-photo item (what tells two "Digital photo" lines apart). */
  photoId: string | null;
  price: number | null;
  photos: BoughtPhoto[];
  /** Promo codes a paid gift item bought (empty for every other item). */
  codes: string[];
}

/** The photo of an item that covers exactly one photo; null for packages and gifts. */
export function onePhoto(
  product: { productType: string },
  photos: readonly BoughtPhoto[],
): string | null {
  const single = product.productType === "photo" || product.productType === "frame";
  // Stryker disable next-line OptionalChaining: equivalent, photos[0] exists when there is exactly one
  return single && photos.length === 1 ? (photos[0]?.photoId ?? null) : null;
}

export function purchaseOfOrder(order: Order, items: readonly OrderItem[] = order.items): Purchase {
  return {
    key: `order:${order.orderId}`,
    archive: { orderId: order.orderId },
    number: order.number,
    invoiceId: order.invoiceId,
    currencyId: order.currencyId,
    discount: order.discountAmount,
    total: order.totalAmount,
    items: items.map((i) => ({
      id: i.orderItemId,
      product: i.product,
      photoId: onePhoto(i.product, i.photos),
      price: i.totalPrice,
      photos: i.photos,
      codes: (i.promotionalCodes ?? []).map((c) => c.code),
    })),
  };
}

export function purchaseOfPreorder(preorder: Preorder): Purchase {
  return {
    key: `preorder:${preorder.preorderId}`,
    archive: { preorderId: preorder.preorderId },
    number: preorder.number,
    invoiceId: null,
    currencyId: null,
    discount: null,
    total: null,
    items: preorder.items.map((i) => ({
      id: i.preorderItemId,
      product: i.product,
      photoId: onePhoto(i.product, i.photos),
      price: null,
      photos: i.photos,
      codes: [],
    })),
  };
}

/** How many photos can be downloaded. */
export function photoCount(purchase: Purchase): number {
  return new Set(
    purchase.items.flatMap((i) => i.photos.map(downloadUrlOf).filter((url) => url !== null)),
  ).size;
}
