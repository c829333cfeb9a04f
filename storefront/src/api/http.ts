/**
 * The one transport. Every backend call goes through `createHttp`: base
 * /public/{service}/api/v1, result { status, data }, status 1001 on a network failure,
 * Accept-Language on every call, the Bearer token only where a module asks for it and
 * only to the API origin, replies checked against contracts (Standard Schema: the plain checks
 * of ./contracts/plain.ts, so no validation library is in the shop's JavaScript). It never throws,
 * never shows UI and never navigates.
 */
import {
  type ApiError,
  ContractError,
  HttpError,
  NETWORK_FAILURE_STATUS,
  NetworkError,
} from "./errors.ts";
import { type ContractIssue, describeIssues } from "./issues.ts";
import { SEARCH_TOKEN_HEADER } from "./options.ts";
import { callKey } from "./request-key.ts";

export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T; readonly error?: undefined }
  | { readonly ok: false; readonly status: number; readonly data: null; readonly error: ApiError };

/** A schema whose output is T, in the Standard Schema form (./contracts/plain.ts, or a test's). */
export interface Contract<T> {
  readonly "~standard": {
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: T; readonly issues?: undefined }
      | { readonly issues: readonly ContractIssue[] }
      | Promise<unknown>;
  };
}

export type Service =
  | "themes-service"
  | "photo-service"
  | "competitor-service"
  | "recognition-service"
  | "catalog-service"
  | "frame-service"
  | "shoppingcart-service"
  | "order-service"
  | "invoice-service"
  | "preorder-service"
  | "archive-service"
  | "receipt-service";

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface BaseOptions {
  method?: Method;
  query?: Query;
  /** Sent as JSON, unless it is FormData or a Blob. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /** Attach `Authorization: Bearer` when a token exists and the URL is on the API origin. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Overrides the transport's time-out for this call (uploads, large downloads). */
  timeoutMs?: number;
  /**
   * The success status spec §7 names for this call, where it names one (201 for a new cart).
   * The API document and `storefront check-api` hold a backend to it; the transport itself
   * takes any 2xx, and a module that must refuse another (archives) checks it.
   */
  status?: number;
}
export interface JsonOptions<T> extends BaseOptions {
  responseType?: "json";
  contract: Contract<T>;
}
/** The reply's headers (lower-case names) are the data, checked by the contract. */
export interface HeadersOptions<T> extends BaseOptions {
  responseType: "headers";
  contract: Contract<T>;
}
export interface BlobOptions extends BaseOptions {
  responseType: "blob";
}
export interface NoneOptions extends BaseOptions {
  responseType: "none";
}
type AnyOptions = JsonOptions<unknown> | HeadersOptions<unknown> | BlobOptions | NoneOptions;

export interface Http {
  /** The API origin, e.g. https://shop.example.com. */
  readonly origin: string;
  url(service: Service, path: string, query?: Query): string;
  request<T>(
    service: Service,
    path: string,
    options: JsonOptions<T> | HeadersOptions<T>,
  ): Promise<ApiResult<T>>;
  request(service: Service, path: string, options: BlobOptions): Promise<ApiResult<Blob>>;
  request(service: Service, path: string, options: NoneOptions): Promise<ApiResult<null>>;
  /**
   * The request a JSON GET call would send (its address and headers, the token where `auth`),
   * without sending it: the paid order kept offline fetches its reply again with it
   * (stores/offline-cache.ts).
   */
  getRequest(service: Service, path: string, options?: { query?: Query; auth?: boolean }): Request;
  /** A call to an address the backend gave (archive file, selfie file) or a fixed path. */
  requestUrl<T>(url: string, options: JsonOptions<T> | HeadersOptions<T>): Promise<ApiResult<T>>;
  requestUrl(url: string, options: BlobOptions): Promise<ApiResult<Blob>>;
  requestUrl(url: string, options: NoneOptions): Promise<ApiResult<null>>;
}

export interface HttpOptions {
  /** Origin of the backend; the page's own origin when omitted. */
  origin?: string;
  /** The current UI language, sent as Accept-Language. */
  getLanguage: () => string;
  /** The signed-in user's token, if any. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  /** A call not finished (reply read) after this long fails with status 1001. Default 60 s. */
  timeoutMs?: number;
  /**
   * The answer to an identical request the page started before the app arrived (the boot
   * script's early calls, boot/early-calls.ts), once; given the request's key and language.
   */
  early?: ((key: string, language: string) => Promise<Response | undefined>) | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export function createHttp(options: HttpOptions): Http {
  const origin = resolveOrigin(options.origin);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  const url = (service: Service, path: string, query?: Query) =>
    withQuery(`${origin}/public/${service}/api/v1${path}`, query);

  function headersOf(target: string, o: BaseOptions & { responseType?: string }): Headers {
    const headers = new Headers(o.headers);
    headers.set("Accept-Language", options.getLanguage());
    if (o.responseType !== "blob") headers.set("Accept", "application/json");
    const token = o.auth ? options.getToken?.() : null;
    if (token && sameOrigin(target, origin)) headers.set("Authorization", `Bearer ${token}`);
    return headers;
  }

  async function send(target: string, o: AnyOptions): Promise<ApiResult<unknown>> {
    const headers = headersOf(target, o);
    let body: BodyInit | undefined;
    if (o.body instanceof FormData || o.body instanceof Blob) body = o.body;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers.set("Content-Type", "application/json");
    }
    const limit = o.timeoutMs ?? timeoutMs;
    const abort = linkAbort(o.signal, limit);
    const method = o.method ?? "GET";
    try {
      // An identical request the boot script already made (no Authorization: it had no token);
      // when it failed (offline then), the call is made again, as the app would have.
      // Without early calls the request leaves in this very task, as it always did.
      const taking =
        !options.early || headers.has("Authorization") || typeof (body ?? "") !== "string"
          ? undefined
          : options.early(
              callKey(method, target, body as string | undefined, headers.get(SEARCH_TOKEN_HEADER)),
              options.getLanguage(),
            );
      const early = taking ? await taking : undefined;
      const response =
        early ?? (await doFetch(target, { method, headers, body, signal: abort.signal }));
      return await read(response, o);
    } catch (error) {
      // fetch rejects only when no complete reply arrived: offline, dropped, aborted.
      const reason = abort.timedOut() ? `no reply within ${limit} ms` : failureReason(error);
      return failure(NETWORK_FAILURE_STATUS, new NetworkError(`Network failure: ${reason}`));
    } finally {
      abort.dispose();
    }
  }

  const http = {
    origin,
    url,
    request: (service: Service, path: string, o: AnyOptions) =>
      send(url(service, path, o.query), o),
    getRequest: (service: Service, path: string, o: { query?: Query; auth?: boolean } = {}) => {
      const target = url(service, path, o.query);
      return new Request(target, { headers: headersOf(target, o) });
    },
    requestUrl: (target: string, o: AnyOptions) =>
      send(withQuery(new URL(target, `${origin}/`).href, o.query), o),
  };
  return http as Http;
}

async function read(response: Response, o: AnyOptions): Promise<ApiResult<unknown>> {
  const status = response.status;
  if (!response.ok) {
    const body = parseJson(await response.text());
    const code = field(body, "code");
    const message = field(body, "message") ?? `The server answered ${status}`;
    return failure(status, new HttpError(status, code, message, body ?? null));
  }
  switch (o.responseType) {
    case "blob":
      return { ok: true, status, data: await response.blob() };
    case "none":
      await response.arrayBuffer();
      return { ok: true, status, data: null };
    case "headers":
      return check(status, Object.fromEntries(response.headers), o.contract);
    default: {
      const json = parseJson(await response.text());
      if (json === undefined)
        return failure(status, new ContractError(status, ["reply: not JSON"]));
      return check(status, json, o.contract);
    }
  }
}

function check(status: number, value: unknown, contract: Contract<unknown>): ApiResult<unknown> {
  const parsed = contract["~standard"].validate(value);
  // Contracts are synchronous; an asynchronous one is a programming error, reported as such.
  if (parsed instanceof Promise) {
    return failure(status, new ContractError(status, ["reply: an asynchronous contract"]));
  }
  if (!parsed.issues) return { ok: true, status, data: parsed.value };
  return failure(status, new ContractError(status, describeIssues(parsed.issues)));
}

function failure(status: number, error: ApiError): ApiResult<never> {
  return { ok: false, status, data: null, error };
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(body: unknown, key: string): string | null {
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

function withQuery(target: string, query: Query | undefined): string {
  if (!query) return target;
  const u = new URL(target);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) u.searchParams.set(key, String(value));
  }
  return u.href;
}

function sameOrigin(target: string, origin: string): boolean {
  try {
    return new URL(target).origin === origin;
  } catch {
    return false;
  }
}

function resolveOrigin(given: string | undefined): string {
  const raw = given ?? globalThis.location?.origin;
  if (!raw) throw new Error("createHttp: no API origin given and no page origin to default to");
  return new URL(raw).origin;
}

/** One signal that aborts on the caller's signal or after the time-out. */
function linkAbort(outer: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener("abort", onAbort);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}

/** Why a call got no reply, for the NetworkError (a technical text, never shown as is). */
function failureReason(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
