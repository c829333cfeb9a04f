// @vitest-environment node
/**
 * The demo backend held to the API document from outside: a buyer's whole journey is made
 * through the shop's own client against the demo backend, and every reply is checked against
 * docs/api.openapi.json by an OpenAPI 3.1 validator (@hyperjump/json-schema's OpenAPI dialect),
 * not by the client's own checks: a success against the operation's `2XX` schema (or the
 * headers it names), an error against `{code, message}`. A reply that does not match fails;
 * every operation of the document is exercised.
 */
import { readFileSync } from "node:fs";
import { registerSchema, validate } from "@hyperjump/json-schema/openapi-3-1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, createApi } from "../../../storefront/src/api/index.ts";
import { fakeClock, newCartId, selfie, startDemo } from "../demo/demo-server.ts";

const DOC_ID = "https://storefront.example/api.openapi.json";
type Op = { "x-calls": string[]; responses: Record<string, Reply> };
type Reply = { content?: Record<string, unknown>; headers?: Record<string, { required: boolean }> };
const doc = JSON.parse(readFileSync("docs/api.openapi.json", "utf8")) as {
  paths: Record<string, Record<string, Op>>;
};

interface Seen {
  method: string;
  url: URL;
  status: number;
  headers: Headers;
  body: string;
}

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
const seen: Seen[] = [];
let api: Api;

beforeAll(async () => {
  registerSchema(
    { ...JSON.parse(readFileSync("docs/api.openapi.json", "utf8")), $id: DOC_ID },
    DOC_ID,
    "https://spec.openapis.org/oas/3.1/schema-base",
  );
  demo = await startDemo({ now: clock.now, archiveDelayMs: 1_000 });
  // The shop's client, its fetch noting every reply as it came over the wire.
  api = createApi({
    origin: demo.origin,
    getLanguage: () => "en",
    fetch: async (input, init) => {
      const reply = await fetch(input, init);
      const request = new Request(input, init);
      seen.push({
        method: request.method,
        url: new URL(request.url),
        status: reply.status,
        headers: reply.headers,
        body: await reply.clone().text(),
      });
      return reply;
    },
  });
});
afterAll(() => demo.close());

/** The document's operation for a request: its path template, method and JSON pointer. */
function operationOf(method: string, url: URL): { pointer: string; op: Op } | null {
  // A concrete path before a templated one (/receipts/download before /receipts/{receiptId}).
  const params = (path: string) => path.split("{").length;
  const paths = Object.entries(doc.paths).sort(([a], [b]) => params(a) - params(b));
  for (const [template, ops] of paths) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    const op = ops[method.toLowerCase()];
    if (op && pattern.test(url.pathname)) {
      const escaped = template.replaceAll("~", "~0").replaceAll("/", "~1");
      return { pointer: `#/paths/${escaped}/${method.toLowerCase()}`, op };
    }
  }
  return null;
}

/** What is wrong with a reply by the document: [] when it matches. */
async function mismatches(reply: Seen): Promise<string[]> {
  const found = operationOf(reply.method, reply.url);
  const call = `${reply.method} ${reply.url.pathname} → ${reply.status}`;
  if (!found) return [`${call}: no operation in the document`];
  const success = reply.status >= 200 && reply.status < 300;
  // The status spec §7 names (201 for a new cart), or any 2xx where it names none.
  const named = Object.keys(found.op.responses).filter((k) => k !== "default");
  const key = named.find((k) => k === String(reply.status) || k === "2XX");
  if (success && !key) return [`${call}: the document expects ${named.join(" or ")}`];
  const pointer = success ? `${found.pointer}/responses/${key}` : "#/components/responses/Error";
  const described = success
    ? found.op.responses[key ?? ""]
    : { content: { "application/json": {} } };
  const problems: string[] = [];
  for (const [name, header] of Object.entries(described?.headers ?? {})) {
    if (header.required && !reply.headers.has(name)) problems.push(`${call}: no ${name} header`);
  }
  if (described?.content?.["application/json"]) {
    let body: unknown;
    try {
      body = JSON.parse(reply.body);
    } catch {
      return [`${call}: not JSON`];
    }
    // A JSON pointer in an address: its braces ({orderId}) percent-encoded.
    const schema = `${DOC_ID}${encodeURI(`${pointer}/content/application~1json/schema`)}`;
    const result = await validate(schema, body as never, "BASIC");
    if (!result.valid) problems.push(`${call}: ${JSON.stringify(result.errors?.slice(0, 3))}`);
  }
  return problems;
}

async function pay(invoiceId: string) {
  const payment = (await api.invoices.createPayment(invoiceId, "Card")).data;
  const html = await (await fetch(new URL(payment?.payUrl ?? "", demo.origin))).text();
  const action = /action="([^"]+\/pay)"/.exec(html)?.[1] ?? "";
  await fetch(new URL(action, demo.origin), { method: "POST", redirect: "manual" });
}

/** A participant's whole journey through the shop's calls, successes and errors alike. */
async function journey(): Promise<void> {
  await api.themes.images("MySport");
  const events = await api.events.list({ searchString: "Kazan" });
  const event = (await api.events.get("1003")).data;
  if (!event) throw new Error(`no event 1003 (${events.status})`);
  await api.competitors.search(event.competitorsListId, "302");
  const searchToken = (await api.competitors.token("1003", { competitorId: "1003-302" })).data
    ?.token;
  const found = await api.photos.list(
    { albumId: event.albumId, competitorId: "1003-302" },
    { searchToken },
  );
  const photo = found.data?.items[0];
  if (!photo || !searchToken) throw new Error("no photo of the participant");
  await api.photos.itsMe(
    photo.photoId,
    { itIsMe: false, tag: { photoTagId: "t", name: "bib", value: "302" } },
    { searchToken },
  );
  const products = (await api.catalog.products({ catalogId: event.catalogId })).data?.items ?? [];
  await api.catalog.product(products[0]?.productId ?? "none");
  await api.frames.preview({ photoId: photo.photoId, frameId: "classic" }, { searchToken });
  // A cart: filled, emptied, a promo code refused and one applied, then checked out.
  const cart = newCartId();
  await api.carts.create(cart);
  await api.carts.get(cart);
  await api.carts.setAttributes(cart, { language: "en", theme: "MySport" });
  await api.carts.addItem(cart, { productId: "c1003-pwf", frameId: "classic" }, { searchToken });
  await api.carts.addItems(cart, [{ productId: "c1003-pwm" }], { searchToken });
  const items = (await api.carts.get(cart)).data?.items ?? [];
  await api.carts.removeItem(cart, items[1]?.shoppingCartItemId ?? "none");
  await api.carts.removeItems(cart, ["none"]);
  await api.carts.addPromoCode(cart, "EXPIRED");
  await api.carts.addPromoCode(cart, "DEMO100");
  const codeId = (await api.carts.get(cart)).data?.promotionalCodes[0]?.codeId ?? "none";
  await api.carts.removePromoCode(cart, codeId);
  await api.carts.setCustomer(cart, "runner@demo.example");
  const orderId = (await api.carts.checkout(cart)).data?.orderId ?? "none";
  const order = (await api.orders.get(orderId)).data;
  await api.orders.items(orderId);
  await api.orders.list();
  await api.invoices.paymentTypes({
    amount: order?.totalAmount ?? 0,
    currencyId: 643,
    albumId: event.albumId,
  });
  await api.invoices.payments(order?.invoiceId ?? "none");
  await pay(order?.invoiceId ?? "none");
  await api.invoices.payments(order?.invoiceId ?? "none");
  await api.preorders.details("po-1001");
  const archive = (await api.archives.create({ orderId })).data;
  clock.advance(1_000);
  await api.archives.get(archive?.archiveId ?? "none");
  const receipts = (await api.receipts.list(order?.invoiceId ?? "none")).data ?? [];
  await api.receipts.get(receipts[0]?.receiptId ?? "none");
  await api.receipts.download(order?.invoiceId ?? "none");
  const uploaded = (await api.recognition.upload(event.albumId, selfie("one-person"))).data;
  await api.recognition.get(uploaded?.selfieId ?? "none");
  await api.requests.send({ kind: "business", phone: "+7 900 000-00-00" });
  const spare = newCartId();
  await api.carts.create(spare);
  await api.carts.remove(spare);
  // Errors: their bodies are held to {code, message} as well.
  await api.events.get("no-such-event");
  await api.orders.get("no-such-order");
  await api.carts.get("no-such-cart");
}

describe("the demo backend by the API document", () => {
  it("answers every call of a participant's journey as the document says", async () => {
    await journey();
    const problems = (await Promise.all(seen.map(mismatches))).flat();
    expect(problems).toEqual([]);
    // Every operation of the document was asked for, successes and errors both seen.
    const asked = new Set(seen.map((s) => operationOf(s.method, s.url)?.pointer));
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map(
        (m) => `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${m}`,
      ),
    );
    expect(operations.filter((o) => !asked.has(o))).toEqual([]);
    expect(seen.some((s) => s.status >= 400)).toBe(true);
  }, 60_000);

  it("a drifting reply is caught: a number sent as a string, a field renamed, an error without code, 200 for a new cart", async () => {
    const list = "#/paths/~1public~1photo-service~1api~1v1~1events/get/responses/2XX";
    const ok = { count: 0, total: 0, items: [] };
    const drifted = (body: unknown, pointer = list): Promise<string[]> =>
      mismatches({
        method: "GET",
        url: new URL("http://x/public/photo-service/api/v1/events"),
        status: pointer === list ? 200 : 404,
        headers: new Headers(),
        body: JSON.stringify(body),
      });
    expect(await drifted(ok)).toEqual([]);
    // A field the shop ignores is no mismatch.
    expect(await drifted({ ...ok, nextPage: null })).toEqual([]);
    expect(await drifted({ ...ok, count: "0" })).toHaveLength(1);
    expect(await drifted({ count: 0, totalCount: 0, items: [] })).toHaveLength(1);
    expect(await drifted({ message: "Not found" }, "error")).toHaveLength(1);
    // Spec §7: a new cart is 201; the demo's own reply answered 200 is named as such.
    await api.carts.create(newCartId());
    const created = seen.at(-1);
    if (!created) throw new Error("no reply seen");
    expect(await mismatches(created)).toEqual([]);
    expect(await mismatches({ ...created, status: 200 })).toEqual([
      "POST /public/shoppingcart-service/api/v1/shoppingCarts → 200: the document expects 201",
    ]);
  });
});
