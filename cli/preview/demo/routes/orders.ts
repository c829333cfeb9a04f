/** order-service and preorder-service. */

import { pageOf, paging } from "../http/paging.ts";
import { fail, json } from "../http/reply.ts";
import type { Handler } from "../router.ts";
import { orderItemView, orderView, preorderView } from "../views.ts";

export const orderRoutes: Record<string, Handler> = {
  /** The signed-in user's orders, newest first; 401 without a Bearer token. */
  "GET /orders": (ctx) => {
    const who = ctx.user;
    if (!who) return fail(401, "Unauthorized", "Sign in to see your orders");
    const { offset, count } = paging(ctx.query, 10);
    const mine = [...ctx.state.orders.values()]
      .filter((o) => o.owner === who || o.email === who)
      .sort((a, b) => b.createdOn - a.createdOn);
    return json(
      200,
      pageOf(
        mine.map((o) => orderView(ctx.world, o)),
        offset,
        count,
      ),
    );
  },
  "GET /orders/:id": (ctx) => {
    const order = ctx.state.orders.get(ctx.params.id ?? "");
    return order
      ? json(200, orderView(ctx.world, order))
      : fail(404, "OrderNotFound", "No such order");
  },
  "GET /orders/:id/items": (ctx) => {
    const order = ctx.state.orders.get(ctx.params.id ?? "");
    if (!order) return fail(404, "OrderNotFound", "No such order");
    return json(
      200,
      order.items.map((item) => orderItemView(ctx.world, order, item)),
    );
  },
};

export const preorderRoutes: Record<string, Handler> = {
  "GET /preorders/:id/details": (ctx) => {
    const preorder = ctx.state.preorders.get(ctx.params.id ?? "");
    return preorder
      ? json(200, preorderView(ctx.world, preorder))
      : fail(404, "PreorderNotFound", "No such pre-order");
  },
};
