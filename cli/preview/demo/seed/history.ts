/**
 * Seeded purchases: an order history for the demo user (for "my account" and its
 * "show more") and a paid pre-order. Dates are fixed, so the history never moves.
 */
import type { DemoState, OrderItemRecord, PaymentRecord } from "../state.ts";
import type { World } from "../world.ts";
import { catalogIdOf } from "./events.ts";

export const DEMO_USER = "runner@demo.example";
export const DEMO_PREORDER_ID = "po-1001";
export const SEEDED_ORDER_COUNT = 23;

const DAY = 86_400_000;
const LATEST = Date.parse("2025-10-20T09:00:00.000Z");

function packageItem(world: World, eventId: string, k: number, id: string): OrderItemRecord {
  const participant = world.participants(eventId)[k];
  const product = world.product(`${catalogIdOf(eventId)}-pwm`);
  const price = product?.price ?? 0;
  return {
    orderItemId: id,
    productId: product?.productId ?? "",
    frameId: null,
    photoIds: (participant?.photos ?? []).map((n) => world.photoId(eventId, n)),
    originalPrice: price,
    totalPrice: price,
  };
}

export function seedHistory(world: World, state: DemoState): void {
  const events = ["1001", "1002", "1003", "1004"];
  for (let i = 1; i <= SEEDED_ORDER_COUNT; i++) {
    const eventId = events[i % events.length] ?? "1001";
    const orderId = `order-seed-${String(i).padStart(2, "0")}`;
    const item = packageItem(world, eventId, i % 4, `${orderId}-1`);
    const state_ = i % 7 === 0 ? "Canceled" : i % 5 === 0 ? "AwaitingPayment" : "Completed";
    const invoiceId = `invoice-seed-${String(i).padStart(2, "0")}`;
    const createdOn = LATEST - i * 3 * DAY;
    const currencyId = world.event(eventId)?.currencyId ?? 643;
    state.orders.set(orderId, {
      orderId,
      number: String(90_000 + i),
      state: state_,
      currencyId,
      invoiceId,
      amount: item.originalPrice,
      discountAmount: 0,
      totalAmount: item.totalPrice,
      catalogId: catalogIdOf(eventId),
      eventId,
      email: DEMO_USER,
      createdOn,
      items: [item],
      owner: DEMO_USER,
    });
    state.invoices.set(invoiceId, orderId);
    if (state_ === "Completed") {
      const payment: PaymentRecord = {
        paymentId: `payment-seed-${String(i).padStart(2, "0")}`,
        invoiceId,
        orderId,
        paymentTypeId: "Card",
        state: "Completed",
        amount: item.totalPrice,
        currencyId,
        createdOn: createdOn + 60_000,
      };
      state.payments.set(payment.paymentId, payment);
    }
  }
  state.preorders.set(DEMO_PREORDER_ID, {
    preorderId: DEMO_PREORDER_ID,
    catalogId: catalogIdOf("1001"),
    eventId: "1001",
    state: "Completed",
    email: DEMO_USER,
    number: "P-1001",
    createdOn: Date.parse("2025-09-01T10:00:00.000Z"),
    items: [packageItem(world, "1001", 1, `${DEMO_PREORDER_ID}-1`)],
  });
}
