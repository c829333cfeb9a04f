/** The Cart JSON of GET /shoppingCarts/{id}, priced. */
import type { Cart } from "../../../storefront/src/api/contracts/index.ts";
import { priceCart } from "./pricing.ts";
import type { CartRecord, DemoState } from "./state.ts";
import { productRef, thumbnailUrl } from "./views.ts";
import type { World } from "./world.ts";

export function cartView(world: World, state: DemoState, cart: CartRecord): Cart {
  const priced = priceCart(world, state, cart);
  return {
    shoppingCartId: cart.shoppingCartId,
    state: cart.state,
    currencyId: cart.currencyId,
    amount: priced.amount,
    discountAmount: priced.discountAmount,
    totalAmount: priced.totalAmount,
    customer: cart.email ? { email: cart.email } : null,
    orderId: cart.orderId,
    items: priced.items.map(({ record, product, originalPrice, price, duplicate }) => {
      const photo = record.photoId ?? record.photoIds[0] ?? null;
      return {
        shoppingCartItemId: record.shoppingCartItemId,
        product: productRef(world, product.productId),
        catalog: {
          catalogId: product.catalogId,
          title: world.event(product.eventId)?.name ?? product.catalogId,
        },
        eventId: product.eventId,
        photoId: record.photoId,
        photoIds: record.photoIds,
        frameId: record.frameId,
        originalPrice,
        price,
        currencyId: product.currencyId,
        duplicate,
        thumbnailUrl: photo ? thumbnailUrl(photo) : null,
      };
    }),
    attributes: cart.attributes,
    promotionalCodes: priced.codes.map(({ codeId, code }) => ({ codeId, code })),
  };
}
