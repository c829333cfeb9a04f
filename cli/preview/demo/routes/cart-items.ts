/** shoppingcart-service items and promo codes. */

import { prepareItem, sameItem } from "../cart-item.ts";
import { isReply, loadCart } from "../cart-load.ts";
import { stringField } from "../context.ts";
import { fail, noContent } from "../http/reply.ts";
import { checkPromoCode } from "../promo.ts";
import type { Handler } from "../router.ts";
import type { CartItemRecord } from "../state.ts";

export const cartItemRoutes: Record<string, Handler> = {
  "POST /shoppingCarts/:id/items": async (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const item = prepareItem(ctx, cart, await ctx.json());
    if (isReply(item)) return item;
    if (cart.items.some((i) => sameItem(i, item))) {
      return fail(409, "ProductAlreadyInCart", "This item has already been added to the Cart.");
    }
    const product = ctx.world.product(item.productId);
    cart.items.push({ ...item, shoppingCartItemId: ctx.state.nextId("item") });
    cart.currencyId = product?.currencyId ?? cart.currencyId;
    cart.state = "Updated";
    return noContent();
  },
  /** Several items at once; all are checked first, items already in the cart are skipped. */
  "POST /shoppingCarts/:id/items/v2": async (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const list = ((await ctx.json()) as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(list) || list.length === 0) {
      return fail(400, "InvalidBody", "Expected { items: [{ productId, photoId?, frameId? }] }");
    }
    const prepared: CartItemRecord[] = [];
    for (const raw of list) {
      const item = prepareItem(ctx, cart, raw);
      if (isReply(item)) return item;
      prepared.push(item);
    }
    for (const item of prepared) {
      if (cart.items.some((i) => sameItem(i, item))) continue;
      cart.items.push({ ...item, shoppingCartItemId: ctx.state.nextId("item") });
      cart.currencyId = ctx.world.product(item.productId)?.currencyId ?? cart.currencyId;
    }
    cart.state = "Updated";
    return noContent();
  },
  "DELETE /shoppingCarts/:id/items/:itemId": (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const before = cart.items.length;
    cart.items = cart.items.filter((i) => i.shoppingCartItemId !== ctx.params.itemId);
    if (cart.items.length === before) return fail(404, "CartItemNotFound", "No such item");
    cart.state = "Updated";
    return noContent();
  },
  "DELETE /shoppingCarts/:id/items": async (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const ids = ((await ctx.json()) as { shoppingCartItemIds?: unknown } | undefined)
      ?.shoppingCartItemIds;
    if (!Array.isArray(ids))
      return fail(400, "InvalidBody", "Expected { shoppingCartItemIds: [] }");
    cart.items = cart.items.filter((i) => !ids.includes(i.shoppingCartItemId));
    cart.state = "Updated";
    return noContent();
  },
  "POST /shoppingCarts/:id/promotionalCodes": async (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const code = stringField(await ctx.json(), "code");
    if (!code) return fail(400, "InvalidBody", "Expected { code }");
    const check = checkPromoCode(ctx.world, ctx.state, cart, code, ctx.now());
    if (!check.ok) return check.reply;
    if (!check.alreadyInCart) cart.codeIds.push(check.promo.codeId);
    cart.state = "Updated";
    return noContent();
  },
  "DELETE /shoppingCarts/:id/promotionalCodes/:codeId": (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const codeId = ctx.params.codeId ?? "";
    if (!cart.codeIds.includes(codeId)) {
      return fail(404, "PromoCodeNotInCart", "The cart has no such promo code");
    }
    cart.codeIds = cart.codeIds.filter((id) => id !== codeId);
    cart.state = "Updated";
    return noContent();
  },
};
