/**
 * Checkout: the cart becomes an order awaiting payment. Promo codes are used up here
 * (single use). A discount is recorded as a Completed payment of type Discount; an
 * order whose total is 0 is Completed at once.
 */
import type { Context } from "./context.ts";
import { mintGiftCodes } from "./gifts.ts";
import { fail, type Reply } from "./http/reply.ts";
import { priceCart } from "./pricing.ts";
import type { CartRecord, OrderRecord } from "./state.ts";

export function checkout(ctx: Context, cart: CartRecord): OrderRecord | Reply {
  if (cart.items.length === 0) return fail(400, "CartEmpty", "The cart is empty");
  if (!cart.email) return fail(400, "CustomerRequired", "Enter your email address");
  const priced = priceCart(ctx.world, ctx.state, cart);
  const usedUp = priced.codes.find((c) => c.used >= c.usageLimit);
  if (usedUp) {
    return fail(409, "PromoCodeUsageLimit", `Promo code ${usedUp.code} has already been used`);
  }
  for (const code of priced.codes) code.used += 1;
  const first = priced.items[0]?.product;
  const orderId = ctx.state.nextId("order");
  const order: OrderRecord = {
    orderId,
    number: ctx.state.nextOrderNumber(),
    state: priced.totalAmount === 0 ? "Completed" : "AwaitingPayment",
    currencyId: cart.currencyId,
    invoiceId: ctx.state.nextId("invoice"),
    amount: priced.amount,
    discountAmount: priced.discountAmount,
    totalAmount: priced.totalAmount,
    catalogId: first?.catalogId ?? "",
    eventId: first?.eventId ?? "",
    email: cart.email,
    createdOn: ctx.now(),
    items: priced.items.map((i) => ({
      orderItemId: ctx.state.nextId("order-item"),
      productId: i.product.productId,
      frameId: i.record.frameId,
      photoIds: i.record.photoIds,
      originalPrice: i.originalPrice,
      totalPrice: i.price,
    })),
    owner: ctx.user ?? cart.owner,
  };
  // A free order (every item paid by promo codes) is paid at once: its gifts mint their codes.
  mintGiftCodes(ctx.world, ctx.state, order);
  ctx.state.orders.set(orderId, order);
  ctx.state.invoices.set(order.invoiceId, orderId);
  if (priced.discountAmount > 0) {
    const paymentId = ctx.state.nextId("payment");
    ctx.state.payments.set(paymentId, {
      paymentId,
      invoiceId: order.invoiceId,
      orderId,
      paymentTypeId: "Discount",
      state: "Completed",
      amount: priced.discountAmount,
      currencyId: order.currencyId,
      createdOn: ctx.now(),
    });
  }
  cart.state = "Processed";
  cart.orderId = orderId;
  return order;
}
