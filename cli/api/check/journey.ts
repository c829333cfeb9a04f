/**
 * `storefront check-api`: the shop's own client makes every read call of spec §7 against a
 * backend, and a safe write sequence (a cart created, filled, a promo code applied and removed,
 * its attributes and customer set, then deleted), and each reply is checked (./reply.ts). It
 * never pays, never tags a photo, never uploads a face and never sends a request form; it
 * checks out only with `allowOrders`. What it could not check is listed with the reason.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Api, type ApiResult, createApi } from "../../../storefront/src/api/index.ts";
import { type ApiCall, apiCalls } from "../inventory.ts";
import { curlLine } from "./curl.ts";
import { checkReply, type Intent, type Mismatch, noReply } from "./reply.ts";
import { wireFetch } from "./wire.ts";

export interface CheckOptions {
  api: URL;
  /** The event to read (else the first the backend lists, or the order's). */
  event: string | null;
  /** A paid order whose items, payments, archive and receipts are read. */
  order: string | null;
  preorder: string | null;
  /** A bib number or last name to search the event's participants for. */
  participant: string | null;
  /** A promo code the backend accepts (else a made-up one, which it must refuse well). */
  promo: string | null;
  /** A signed-in user's access token. */
  token: string | null;
  allowOrders: boolean;
  theme: string;
  language: string;
  rate: number;
  timeoutMs: number;
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Each request's result, as it comes. */
  onResult?: (result: CallResult) => void;
}

/** One request made and what was found wrong with its reply. */
export interface CallResult {
  call: string;
  method: string;
  url: string;
  status: number | null;
  mismatches: Mismatch[];
  curl: string;
}

export interface CheckReport {
  api: string;
  results: CallResult[];
  /** The calls made at least once. */
  checked: string[];
  notChecked: { call: string; reason: string }[];
  /** Ctrl+C came before the end. */
  stopped: boolean;
}

/** What the check never does to a backend, whatever it is given. */
const NEVER: Record<string, string> = {
  "photos.itsMe":
    "a write the check never makes: it would mark a participant's photo as not theirs",
  "recognition.upload": "a write the check never makes: it would upload a face photo",
  "recognition.get": "needs a face photo uploaded, which the check never does",
  "recognition.file": "needs a face photo uploaded, which the check never does",
  "invoices.createPayment": "starts a payment at the bank: never made",
  "requests.send": "a write the check never makes: it would send a request form to the staff",
};

/** How often an archive is asked for while it is being made, one second apart. */
const ARCHIVE_POLLS = 10;
const MADE_UP_PROMO_CODE = "CHECK-API-NO-SUCH-CODE";
const CUSTOMER_EMAIL = "check-api@example.invalid";

export async function checkApi(o: CheckOptions): Promise<CheckReport> {
  const calls = new Map((await apiCalls()).map((c) => [c.id, c]));
  const results: CallResult[] = [];
  const notChecked = new Map<string, string>(Object.entries(NEVER));
  let current: { call: ApiCall; intent: Intent } | null = null;
  // No reply to the very first call: the backend is not there, and nothing more is asked.
  let unreachable: string | null = null;
  const fetch = wireFetch({
    api: o.api,
    rate: o.rate,
    signal: o.signal,
    ...(o.fetch ? { fetch: o.fetch } : {}),
    onExchange({ sent, reply, failure }) {
      if (!current || (!reply && o.signal.aborted)) return;
      const mismatches = reply
        ? checkReply(current.call, reply, current.intent)
        : [noReply(failure ?? "")];
      const result = {
        call: current.call.id,
        method: sent.method,
        url: sent.url,
        status: reply?.status ?? null,
        mismatches,
        curl: curlLine(sent),
      };
      if (!reply && results.length === 0) unreachable = failure;
      results.push(result);
      o.onResult?.(result);
    },
  });
  const api = createApi({
    origin: o.api.origin,
    getLanguage: () => o.language,
    getToken: () => o.token,
    fetch,
    timeoutMs: o.timeoutMs,
  });

  /** Makes one call (its replies checked as they come); its data when it succeeded. */
  async function call<T>(
    id: string,
    make: (api: Api) => Promise<ApiResult<T>>,
    intent: Intent = "success",
  ): Promise<T | null> {
    const known = calls.get(id);
    if (!known) throw new Error(`check-api: the client has no call ${id}`);
    if (o.signal.aborted || unreachable !== null) return null;
    current = { call: known, intent };
    try {
      const result = await make(api);
      return result.ok ? result.data : null;
    } finally {
      current = null;
    }
  }
  const skip = (id: string, reason: string) => {
    if (!notChecked.has(id)) notChecked.set(id, reason);
  };

  const leftover: Leftover = { cart: null };
  await readShop(call, skip, o, leftover);
  // Stopped between making the cart and deleting it: it is deleted now, unrecorded.
  if (leftover.cart) await deleteCart(o, leftover.cart);
  const report: CheckReport = {
    api: o.api.href,
    results,
    checked: [...new Set(results.map((r) => r.call))],
    notChecked: [],
    stopped: o.signal.aborted,
  };
  for (const id of calls.keys()) {
    if (report.checked.includes(id)) continue;
    const reason =
      unreachable !== null && !(id in NEVER)
        ? "not made: the backend did not answer the first call"
        : (notChecked.get(id) ?? (report.stopped ? "not reached: stopped" : "not reached"));
    report.notChecked.push({ call: id, reason });
  }
  return report;
}

type Call = <T>(
  id: string,
  make: (api: Api) => Promise<ApiResult<T>>,
  intent?: Intent,
) => Promise<T | null>;
type Skip = (id: string, reason: string) => void;
/** The cart the check made and has not deleted yet. */
interface Leftover {
  cart: string | null;
}

async function deleteCart(o: CheckOptions, id: string): Promise<void> {
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

/** The whole sequence: the order named, the event, its participants and catalog, a cart. */
async function readShop(
  call: Call,
  skip: Skip,
  o: CheckOptions,
  leftover: Leftover,
): Promise<void> {
  await call("themes.images", (api) => api.themes.images(o.theme));
  const order = o.order ? await call("orders.get", (api) => api.orders.get(o.order ?? "")) : null;
  const events = await call("events.list", (api) => api.events.list({ offset: 0, count: 24 }));
  const eventId = o.event ?? order?.eventId ?? events?.items[0]?.eventId ?? null;
  const event = eventId ? await call("events.get", (api) => api.events.get(eventId)) : null;
  const noEvent = eventId
    ? `needs the event ${eventId}, which events.get did not give`
    : "needs an event: the backend lists none (--event ID names one)";

  if (event) {
    const participant = o.participant ?? "1";
    const found = await call("competitors.search", (api) =>
      api.competitors.search(event.competitorsListId, participant),
    );
    const competitor = found?.items[0] ?? null;
    const token = competitor
      ? await call("competitors.token", (api) =>
          api.competitors.token(event.eventId, { competitorId: competitor.competitorId }),
        )
      : null;
    const noToken = competitor
      ? "needs a search token, which competitors.token did not give"
      : o.participant
        ? `needs a participant: none found by "${o.participant}"`
        : "needs a participant: --participant names one (a bib number or last name)";
    const searchToken = token?.token ?? null;
    const query = { albumId: event.albumId, competitorId: competitor?.competitorId ?? "" };
    const photos = searchToken
      ? await call("photos.list", (api) => api.photos.list(query, { searchToken }))
      : null;
    if (searchToken)
      await call("photos.listAll", (api) => api.photos.listAll(query, { searchToken }));
    for (const id of ["competitors.token", "photos.list", "photos.listAll"]) skip(id, noToken);

    const products = await call("catalog.products", (api) =>
      api.catalog.products({ catalogId: event.catalogId }),
    );
    const product = products?.items[0] ?? null;
    if (product) await call("catalog.product", (api) => api.catalog.product(product.productId));
    skip("catalog.product", "needs a product: the event's catalog lists none");
    const photo = photos?.items[0] ?? null;
    const frame = products?.items.flatMap((p) => p.frames)[0] ?? null;
    if (photo && frame && searchToken) {
      await call("frames.preview", (api) =>
        api.frames.preview({ photoId: photo.photoId, frameId: frame.frameId }, { searchToken }),
      );
    }
    skip("frames.preview", photo ? "needs a frame: no product of the event has one" : noToken);
    // Items as the shop adds them: the participant's photo, the product's first frame, and
    // the search token that authorizes them; gift codes (promocode) are bought elsewhere.
    const items =
      photo && searchToken
        ? (products?.items ?? [])
            .filter((p) => p.productType !== "promocode")
            .map((p) => ({
              productId: p.productId,
              photoId: photo.photoId,
              ...(p.frames[0] ? { frameId: p.frames[0].frameId } : {}),
            }))
        : [];
    for (const id of ["carts.addItem", "carts.addItems", "carts.removeItem", "carts.removeItems"])
      skip(id, searchToken ? "needs a photo of the participant and a product" : noToken);
    await fillCart(call, skip, o, { items, searchToken }, leftover);
  } else {
    for (const id of ["competitors.search", "competitors.token", "photos.list", "photos.listAll"])
      skip(id, noEvent);
    for (const id of ["catalog.products", "catalog.product", "frames.preview"]) skip(id, noEvent);
    for (const id of ["carts.addItem", "carts.addItems", "carts.removeItem", "carts.removeItems"])
      skip(id, `${noEvent}, for a product to add`);
    await fillCart(call, skip, o, { items: [], searchToken: null }, leftover);
  }

  if (order) await readOrder(call, skip, { ...order, albumId: event?.albumId ?? null }, o.signal);
  const noOrder = o.order
    ? `needs the order ${o.order}, which orders.get did not give`
    : "needs a paid order (--order ID)";
  for (const id of [
    "orders.get",
    "orders.items",
    "invoices.paymentTypes",
    "invoices.payments",
    "archives.create",
    "archives.get",
    "archives.file",
    "receipts.list",
    "receipts.get",
    "receipts.download",
  ])
    skip(id, noOrder);
  const preorder = o.preorder;
  if (preorder) await call("preorders.details", (api) => api.preorders.details(preorder));
  skip("preorders.details", "needs a pre-order (--preorder ID)");
  if (o.token) await call("orders.list", (api) => api.orders.list({ offset: 0, count: 10 }));
  skip("orders.list", "needs a signed-in user's token (--token, or STOREFRONT_API_TOKEN)");
}

/** A cart made for the check: filled, a promo code tried, emptied, and deleted again. */
async function fillCart(
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
async function readOrder(
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
