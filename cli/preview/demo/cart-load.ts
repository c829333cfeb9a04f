/** Finding the cart a request names, refusing changes to deleted or checked-out carts. */
import type { Context } from "./context.ts";
import { fail, type Reply } from "./http/reply.ts";
import type { CartRecord } from "./state.ts";

export function loadCart(ctx: Context, forChange: boolean): CartRecord | Reply {
  const cart = ctx.state.carts.get(ctx.params.id ?? "");
  if (!cart) return fail(404, "CartNotFound", "No such cart");
  if (forChange && cart.state === "Deleted")
    return fail(409, "CartDeleted", "The cart was deleted");
  if (forChange && cart.state === "Processed") {
    return fail(409, "CartProcessed", "The cart is already checked out");
  }
  return cart;
}

/** Records never have a `status` field; replies always do. */
export function isReply(value: object): value is Reply {
  return "status" in value;
}
