/** Ecommerce analytics events (spec §7): add and remove, with id, name, price, category, quantity. */

export type EcommerceEventName = "add_to_cart" | "remove_from_cart";

export interface AnalyticsProduct {
  productId: string;
  title: string;
  productType: string;
  price: number;
}

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: {
    items: {
      item_id: string;
      item_name: string;
      price: number;
      item_category: string;
      quantity: number;
    }[];
  };
}

/** The dataLayer entry for products added to or removed from the cart (one of each). */
export function ecommerceEvent(
  event: EcommerceEventName,
  products: readonly AnalyticsProduct[],
): EcommerceEvent {
  return {
    event,
    ecommerce: {
      items: products.map((p) => ({
        item_id: p.productId,
        item_name: p.title,
        price: p.price,
        item_category: p.productType,
        quantity: 1,
      })),
    },
  };
}
