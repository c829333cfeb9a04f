/**
 * Every call the shop makes to its backend, as the client code itself makes it: each method of
 * the API (storefront/src/api/) is run once over a recording transport with the sample arguments
 * below, and what it sends is noted (service, method, path, query, headers, body, the contract
 * its reply is checked with). The OpenAPI document (openapi.ts) is written from this, so it can
 * never say something the client does not do; a test fails when a method of the API has no
 * sample here. Path parameters are samples written `{name}`: the path the client builds with
 * them is the path template.
 */

import type {
  ApiResult,
  Contract,
  Http,
  Method,
  Query,
  Service,
} from "../../storefront/src/api/http.ts";
import { apiOver } from "../../storefront/src/api/index.ts";

/** One call as the client makes it. */
export interface ApiCall {
  /** `service.method` of the API object ("orders.get"). */
  id: string;
  service: Service | null;
  method: Method;
  /** The path after /public/{service}/api/v1 with `{name}` parameters; for an address call, the address. */
  path: string;
  query: Record<string, string | number | boolean>;
  /** Request headers beyond Accept and Accept-Language (X-Search-Token). */
  headers: string[];
  /** Whether the signed-in user's Bearer token goes with it (spec §6). */
  auth: boolean;
  body: unknown;
  /** json: a JSON reply checked by `contract`; headers: reply headers checked by it; blob; none. */
  reply: "json" | "headers" | "blob" | "none";
  contract: Contract<unknown> | null;
  /** The success status spec §7 names for it, or null where any 2xx will do. */
  status: number | null;
}

type Sample = readonly unknown[];

/** The arguments each call is made with; a `{name}` string becomes a path parameter. */
export const CALL_SAMPLES: Record<string, Sample> = {
  "themes.images": ["{themeId}"],
  "events.list": [{ searchString: "marathon", offset: 0, count: 24 }],
  "events.get": ["{eventId}"],
  "photos.list": [
    { albumId: "album-1", competitorId: "c-1", offset: 0, count: 100 },
    { searchToken: "search-token" },
  ],
  "photos.listAll": [{ albumId: "album-1", personId: "p-1" }, { searchToken: "search-token" }],
  "photos.itsMe": [
    "{photoId}",
    { itIsMe: true, tag: { photoTagId: "tag-1", name: "bib", value: "101" } },
    { searchToken: "search-token" },
  ],
  "competitors.search": ["list-1", "101"],
  "competitors.token": ["{eventId}", { competitorId: "c-1" }],
  "recognition.upload": ["album-1", new Blob(["jpeg"], { type: "image/jpeg" })],
  "recognition.get": ["{selfieId}"],
  "recognition.file": ["{selfieFileUrl}"],
  "catalog.products": [{ catalogId: "catalog-1", distance: "10K" }],
  "catalog.product": ["{productId}"],
  "frames.preview": [{ photoId: "photo-1", frameId: "frame-1" }, { searchToken: "search-token" }],
  "carts.create": ["cart-1"],
  "carts.get": ["{shoppingCartId}"],
  "carts.addItem": [
    "{shoppingCartId}",
    { productId: "product-1", photoId: "photo-1" },
    { searchToken: "search-token" },
  ],
  "carts.addItems": [
    "{shoppingCartId}",
    [{ productId: "product-1" }],
    { searchToken: "search-token" },
  ],
  "carts.removeItem": ["{shoppingCartId}", "{itemId}"],
  "carts.removeItems": ["{shoppingCartId}", ["item-1", "item-2"]],
  "carts.addPromoCode": ["{shoppingCartId}", "SPRING10"],
  "carts.removePromoCode": ["{shoppingCartId}", "{promoCodeId}"],
  "carts.remove": ["{shoppingCartId}"],
  "carts.setAttributes": ["{shoppingCartId}", { language: "en", theme: "MySport" }],
  "carts.setCustomer": ["{shoppingCartId}", "runner@example.com"],
  "carts.checkout": ["{shoppingCartId}"],
  "orders.get": ["{orderId}"],
  "orders.list": [{ offset: 0, count: 10 }],
  "orders.items": ["{orderId}"],
  "invoices.paymentTypes": [{ amount: 990, currencyId: 643, albumId: "album-1" }],
  "invoices.createPayment": ["{invoiceId}", "Card"],
  "invoices.payments": ["{invoiceId}"],
  "preorders.details": ["{preorderId}"],
  "archives.create": [{ orderId: "order-1" }],
  "archives.get": ["{archiveId}"],
  "archives.file": ["{archiveFileUrl}"],
  "receipts.list": ["invoice-1"],
  "receipts.get": ["{receiptId}"],
  "receipts.download": ["invoice-1", "pdf"],
  "requests.send": [{ kind: "business", phone: "+7 900 000-00-00", comment: "Team photos" }],
};

/** Methods of the API that build a request without sending it (no call to document). */
const NOT_CALLS = new Set(["orders.getRequest"]);

/** Every call of the API, in the order of CALL_SAMPLES. */
export async function apiCalls(): Promise<ApiCall[]> {
  const calls: ApiCall[] = [];
  let current = "";
  const record = (service: Service | null, target: string, o: Record<string, unknown>) => {
    // The first request of a call is the call (a paged listAll asks again for its next page).
    if (calls.some((c) => c.id === current)) return;
    const headers = Object.keys((o.headers as Record<string, string> | undefined) ?? {});
    calls.push({
      id: current,
      service,
      method: (o.method as Method | undefined) ?? "GET",
      path: decodeURIComponent(target),
      query: Object.fromEntries(
        Object.entries((o.query as Query | undefined) ?? {}).filter(
          (e): e is [string, string | number | boolean] => e[1] !== undefined && e[1] !== null,
        ),
      ),
      headers,
      auth: o.auth === true,
      body: o.body,
      reply: (o.responseType as ApiCall["reply"] | undefined) ?? "json",
      contract: (o.contract as Contract<unknown> | undefined) ?? null,
      status: (o.status as number | undefined) ?? null,
    });
  };
  const refused: ApiResult<never> = {
    ok: false,
    status: 0,
    data: null,
    error: { kind: "network", status: 0, message: "recorded" } as never,
  };
  const http = {
    origin: "https://api.example",
    url: (service: Service, path: string) => `https://api.example/public/${service}/api/v1${path}`,
    getRequest: () => new Request("https://api.example/"),
    request: async (service: Service, path: string, o: Record<string, unknown>) => {
      record(service, path, o);
      return refused;
    },
    requestUrl: async (url: string, o: Record<string, unknown>) => {
      record(null, url, o);
      return refused;
    },
  } as unknown as Http;
  const api = apiOver(http) as unknown as Record<string, Record<string, unknown>>;
  for (const id of Object.keys(CALL_SAMPLES)) {
    const [group, name] = id.split(".") as [string, string];
    const method = api[group]?.[name];
    if (typeof method !== "function") throw new Error(`the API has no ${id}`);
    current = id;
    await (method as (...args: unknown[]) => Promise<unknown>)(...(CALL_SAMPLES[id] ?? []));
    if (!calls.some((c) => c.id === id)) throw new Error(`${id} sent nothing`);
  }
  return calls;
}

/** `service.method` of every method the API object has (what CALL_SAMPLES must cover). */
export function apiMethods(): string[] {
  const api = apiOver({} as Http) as unknown as Record<string, unknown>;
  return Object.entries(api).flatMap(([group, value]) =>
    group === "http" || typeof value !== "object" || value === null
      ? []
      : Object.keys(value)
          .map((name) => `${group}.${name}`)
          .filter((id) => !NOT_CALLS.has(id)),
  );
}
