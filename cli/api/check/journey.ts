/**
 * `storefront check-api`: the shop's own client makes every read call of spec §7 against a
 * backend, and a safe write sequence (a cart created, filled, a promo code applied and removed,
 * its attributes and customer set, then deleted), and each reply is checked (./reply.ts). It
 * never pays, never tags a photo, never uploads a face and never sends a request form; it
 * checks out only with `allowOrders`. What it could not check is listed with the reason.
 */
import { type Api, type ApiResult, createApi } from "../../../storefront/src/api/index.ts";
import { type ApiCall, apiCalls } from "../inventory.ts";
import { allowOriginProblems, preflightProblems } from "./cors.ts";
import { curlLine } from "./curl.ts";
import {
  type Call,
  deleteCart,
  fillCart,
  type Leftover,
  readOrder,
  type Skip,
} from "./purchase-calls.ts";
import { checkReply, type Intent, type Mismatch, noReply, quote } from "./reply.ts";
import type { CallResult, CheckOptions, CheckReport } from "./types.ts";
import { type Exchange, wireFetch } from "./wire.ts";

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
    shopOrigin: o.shopOrigin,
    onExchange({ sent, preflight, reply, failure }) {
      if (!current || (!reply && o.signal.aborted)) return;
      const mismatches = [
        ...(preflight && o.shopOrigin ? corsOfPreflight(o.shopOrigin, sent.method, preflight) : []),
        ...(reply
          ? [
              ...checkReply(current.call, reply, current.intent),
              ...(o.shopOrigin ? allowOriginProblems(o.shopOrigin, reply.headers) : []),
            ]
          : [noReply(failure ?? "")]),
      ];
      const result: CallResult = {
        call: current.call.id,
        method: sent.method,
        url: sent.url,
        status: reply?.status ?? null,
        mismatches,
        curl: curlLine(sent),
        ...(preflight ? { preflight: curlLine(preflight.sent) } : {}),
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

/** What a preflight's reply (or its absence) means for the call behind it. */
function corsOfPreflight(
  origin: string,
  method: string,
  preflight: NonNullable<Exchange["preflight"]>,
): Mismatch[] {
  if (!preflight.reply) return [{ ...noReply("the preflight (OPTIONS) got none"), kind: "cors" }];
  return preflightProblems(origin, method, preflight.requested, preflight.reply);
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
    ? `needs the event ${quote(eventId)}, which events.get did not give`
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
