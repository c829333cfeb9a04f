import type { ArchiveRequest, BoughtPhoto, Order, OrderItem, Preorder } from "../api/index.ts";

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
  product: { title: string };
  price: number | null;
  photos: BoughtPhoto[];
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
      price: i.totalPrice,
      photos: i.photos,
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
      price: null,
      photos: i.photos,
    })),
  };
}

/** How many photos can be downloaded. */
export function photoCount(purchase: Purchase): number {
  return new Set(
    purchase.items.flatMap((i) => i.photos.filter((p) => p.downloadUrl).map((p) => p.downloadUrl)),
  ).size;
}
