/**
 * The calls of a purchase `storefront check-api` makes (./journey.ts): a cart made for the
 * check, filled, a promo code tried, emptied and deleted (or, with --allow-orders, checked
 * out); and a paid order's items, payments, archive and receipts.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Api, type ApiResult, createApi } from "../../../storefront/src/api/index.ts";
import type { Intent } from "./reply.ts";
import type { CheckOptions } from "./types.ts";
import { wireFetch } from "./wire.ts";

/** How often an archive is asked for while it is being made, one second apart. */
const ARCHIVE_POLLS = 10;
const MADE_UP_PROMO_CODE = "CHECK-API-NO-SUCH-CODE";
const CUSTOMER_EMAIL = "check-api@example.invalid";

export type Call = <T>(
  id: string,
  make: (api: Api) => Promise<ApiResult<T>>,
  intent?: Intent,
) => Promise<T | null>;
export type Skip = (id: string, reason: string) => void;
/** The cart the check made and has not deleted yet. */
export interface Leftover {
  cart: string | null;
}

export async function deleteCart(o: CheckOptions, id: string): Promise<void> {
  const signal = AbortSignal.timeout(5_000);
  const fetch = wireFetch({ api: o.api, rate: o.rate, signal, onExchange: () => undefined });
  const api = createApi({
    origin: o.api.origin,
    getLanguage: () => o.language,
    getToken: () => o.token,
    fetch,
  });
  await api.carts.remove(id);
}

/** A cart made for the check: filled, a promo code tried, emptied, and deleted again. */
export async function fillCart(
  call: Call,
  skip: Skip,
  o: CheckOptions,
  {
    items,
    searchToken,
  }: { items: { productId: string; photoId?: string }[]; searchToken: string | null },
  leftover: Leftover,
): Promise<void> {
  const id = randomUUID();
  // Noted before it is asked for: a Ctrl+C during the call may still leave the cart made.
  leftover.cart = id;
  const created = await call("carts.create", (api) => api.carts.create(id));
  const noCart = "needs a cart, which carts.create did not make";
  if (created) {
    await call("carts.get", (api) => api.carts.get(id));
    await call("carts.setAttributes", (api) =>
      api.carts.setAttributes(id, { language: o.language, theme: o.theme }),
    );
    const [first, second] = items;
    if (first) await call("carts.addItem", (api) => api.carts.addItem(id, first, { searchToken }));
    if (second) {
      await call("carts.addItems", (api) => api.carts.addItems(id, [second], { searchToken }));
    }
    skip("carts.addItems", "needs a second product in the event's catalog");
    const promo = o.promo ?? MADE_UP_PROMO_CODE;
    // A made-up code is to be refused, with an error body the shop can read.
    await call(
      "carts.addPromoCode",
      (api) => api.carts.addPromoCode(id, promo),
      o.promo ? "success" : "either",
    );
    const filled = await call("carts.get", (api) => api.carts.get(id));
    const code = filled?.promotionalCodes[0];
    if (code)
      await call("carts.removePromoCode", (api) => api.carts.removePromoCode(id, code.codeId));
    skip("carts.removePromoCode", "needs a promo code the backend accepts (--promo CODE)");
    const [one, ...rest] = filled?.items ?? [];
    if (one)
      await call("carts.removeItem", (api) => api.carts.removeItem(id, one.shoppingCartItemId));
    if (rest.length > 0) {
      const ids = rest.map((item) => item.shoppingCartItemId);
      await call("carts.removeItems", (api) => api.carts.removeItems(id, ids));
    }
    const noItem = first
      ? "needs an item in the cart, which carts.addItem did not add"
      : "needs a product to add";
    skip("carts.removeItem", noItem);
    skip("carts.removeItems", `${noItem} (two items)`);
    await call("carts.setCustomer", (api) => api.carts.setCustomer(id, CUSTOMER_EMAIL));
    if (o.allowOrders && first) {
      // Emptied above: the first item goes back in, as the order's one line.
      await call("carts.addItem", (api) => api.carts.addItem(id, first, { searchToken }));
      const placed = await call("carts.checkout", (api) => api.carts.checkout(id));
      const orderId = placed?.orderId;
      if (orderId) await call("orders.items", (api) => api.orders.items(orderId));
    } else {
      await call("carts.remove", (api) => api.carts.remove(id));
    }
    if (!o.signal.aborted) leftover.cart = null;
  } else if (!o.signal.aborted) {
    leftover.cart = null;
    for (const name of [
      "get",
      "setAttributes",
      "addItem",
      "addItems",
      "addPromoCode",
      "setCustomer",
    ])
      skip(`carts.${name}`, noCart);
  }
  skip(
    "carts.checkout",
    o.allowOrders ? "needs an item in the cart" : "places an order: only with --allow-orders",
  );
  skip("carts.remove", o.allowOrders ? "the cart became an order (--allow-orders)" : noCart);
}

/** A paid order's items, payments, archive and receipts. */
export async function readOrder(
  call: Call,
  skip: Skip,
  order: {
    orderId: string;
    invoiceId: string;
    totalAmount: number;
    currencyId: number;
    albumId: string | null;
  },
  signal: AbortSignal,
): Promise<void> {
  await call("orders.items", (api) => api.orders.items(order.orderId));
  const albumId = order.albumId;
  if (albumId) {
    await call("invoices.paymentTypes", (api) =>
      api.invoices.paymentTypes({
        amount: order.totalAmount,
        currencyId: order.currencyId,
        albumId,
      }),
    );
  }
  skip("invoices.paymentTypes", "needs the order's event, for its album");
  await call("invoices.payments", (api) => api.invoices.payments(order.invoiceId));
  const made = await call("archives.create", (api) =>
    api.archives.create({ orderId: order.orderId }),
  );
  let fileUrl: string | null = null;
  for (let poll = 0; made && !fileUrl && poll < ARCHIVE_POLLS; poll++) {
    if (poll > 0) await sleep(1_000, undefined, { signal }).catch(() => undefined);
    const archive = await call("archives.get", (api) => api.archives.get(made.archiveId));
    if (!archive) break;
    fileUrl = archive.state === "Published" ? archive.fileUrl : null;
  }
  const url = fileUrl;
  if (url) await call("archives.file", (api) => api.archives.file(url));
  skip("archives.get", "needs an archive, which archives.create did not make");
  skip("archives.file", `needs a published archive: not ready after ${ARCHIVE_POLLS} s`);
  const receipts = await call("receipts.list", (api) => api.receipts.list(order.invoiceId));
  const receipt = receipts?.[0];
  if (receipt) await call("receipts.get", (api) => api.receipts.get(receipt.receiptId));
  skip("receipts.get", "needs a receipt: the order's invoice has none (is it paid?)");
  await call("receipts.download", (api) => api.receipts.download(order.invoiceId));
}
