/** shoppingcart-service carts: create, read, delete, attributes, customer, checkout. */
import { isReply, loadCart } from "../cart-load.ts";
import { cartView } from "../cart-view.ts";
import { checkout } from "../checkout.ts";
import { stringField } from "../context.ts";
import { fail, json, noContent } from "../http/reply.ts";
import type { Handler } from "../router.ts";

const CART_ID = /^[A-Za-z0-9_-]{1,100}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const cartRoutes: Record<string, Handler> = {
  "POST /shoppingCarts": async (ctx) => {
    const id = stringField(await ctx.json(), "shoppingCartId");
    if (!id || !CART_ID.test(id)) return fail(400, "InvalidBody", "Expected { shoppingCartId }");
    const existing = ctx.state.carts.get(id);
    if (existing?.state === "Deleted") return fail(409, "CartDeleted", "The cart was deleted");
    // A retried create (the first reply was lost) gets the same cart back.
    if (existing) return json(200, cartView(ctx.world, ctx.state, existing));
    const cart = {
      shoppingCartId: id,
      state: "Updated" as const,
      currencyId: 643,
      items: [],
      codeIds: [],
      email: null,
      attributes: [],
      orderId: null,
      owner: ctx.user,
    };
    ctx.state.carts.set(id, cart);
    return json(201, cartView(ctx.world, ctx.state, cart));
  },
  "GET /shoppingCarts/:id": (ctx) => {
    const cart = loadCart(ctx, false);
    return isReply(cart) ? cart : json(200, cartView(ctx.world, ctx.state, cart));
  },
  "DELETE /shoppingCarts/:id": (ctx) => {
    const cart = loadCart(ctx, false);
    if (isReply(cart)) return cart;
    cart.state = "Deleted";
    return noContent();
  },
  "PATCH /shoppingCarts/:id/attributes": async (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const list = ((await ctx.json()) as { attributes?: unknown } | undefined)?.attributes;
    if (!Array.isArray(list))
      return fail(400, "InvalidBody", "Expected { attributes: [{ key, value }] }");
    for (const raw of list) {
      const key = stringField(raw, "key");
      const value = stringField(raw, "value");
      if (!key || value === null)
        return fail(400, "InvalidBody", "Each attribute needs a key and a value");
      cart.attributes = [...cart.attributes.filter((a) => a.key !== key), { key, value }];
    }
    return noContent();
  },
  "PUT /shoppingCarts/:id/customer": async (ctx) => {
    const cart = loadCart(ctx, true);
    if (isReply(cart)) return cart;
    const email = stringField(await ctx.json(), "email")?.trim();
    if (!email || !EMAIL.test(email)) return fail(400, "InvalidEmail", "Enter your email address");
    cart.email = email;
    return noContent();
  },
  "POST /shoppingCarts/:id": (ctx) => {
    const cart = loadCart(ctx, false);
    if (isReply(cart)) return cart;
    if (cart.state === "Deleted") return fail(409, "CartDeleted", "The cart was deleted");
    // Checking out twice (a retry) answers with the same order.
    if (cart.state === "Processed") return json(200, cartView(ctx.world, ctx.state, cart));
    const order = checkout(ctx, cart);
    return isReply(order) ? order : json(200, cartView(ctx.world, ctx.state, cart));
  },
};
