/**
 * The `fetch` the shop's client is given by `storefront check-api`: each request goes to the
 * backend under check (its path prefix kept), no faster than the rate asked for, stopped by
 * Ctrl+C, and what was sent and what came back is handed on to be checked. A reply is read to
 * at most 8 MB (a file only its first 256 KB: its status and type are what is checked), so a
 * hostile or endless reply costs a bounded amount of memory.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { needsPreflight, unsafeHeaders } from "./cors.ts";
import type { SentRequest } from "./curl.ts";
import type { SeenReply } from "./reply.ts";

export const MAX_REPLY_BYTES = 8 * 1024 * 1024;
const FILE_PEEK_BYTES = 256 * 1024;

export interface Exchange {
  sent: SentRequest;
  /** With a shop origin: the preflight sent first, and its reply (null: none came). */
  preflight?: { sent: SentRequest; requested: string[]; reply: SeenReply | null } | undefined;
  /** The reply, or null when none came (`failure` says why). */
  reply: SeenReply | null;
  failure: string | null;
}

export interface WireOptions {
  /** The backend: its origin and any path prefix in front of /public/. */
  api: URL;
  /** Requests per second at most. */
  rate: number;
  /** Ctrl+C: no request starts after it, and the one under way is dropped. */
  signal: AbortSignal;
  /** The shop's origin, sent as a browser sends it (Origin, and a preflight where it asks). */
  shopOrigin?: string | null;
  fetch?: typeof fetch;
  onExchange(exchange: Exchange): void;
}

export function wireFetch(options: WireOptions): typeof fetch {
  const send = options.fetch ?? globalThis.fetch;
  const gap = 1000 / options.rate;
  const prefix = options.api.pathname.replace(/\/$/, "");
  let next = 0;
  return async (input, init) => {
    const wait = next - Date.now();
    next = Math.max(Date.now(), next) + gap;
    if (wait > 0) await sleep(wait, undefined, { signal: options.signal });
    options.signal.throwIfAborted();
    const asked = new Request(input, init);
    const address = new URL(asked.url);
    // The client's calls go to the API's origin; an address a reply gave elsewhere stays as is.
    const url =
      address.origin === options.api.origin
        ? new URL(`${prefix}${address.pathname}${address.search}`, options.api.origin).href
        : address.href;
    const headers = new Headers(asked.headers);
    const origin = options.shopOrigin;
    if (origin) headers.set("origin", origin);
    const sent: SentRequest = { method: asked.method, url, headers, body: bodyOf(init?.body) };
    const signal = init?.signal ? AbortSignal.any([init.signal, options.signal]) : options.signal;
    const preflight =
      origin && needsPreflight(asked.method, asked.headers)
        ? await askFirst(send, url, origin, asked, signal)
        : undefined;
    let response: Response;
    try {
      response = await send(url, { ...init, headers, signal });
    } catch (error) {
      options.onExchange({ sent, preflight, reply: null, failure: reasonOf(error, init?.signal) });
      throw error;
    }
    // The client asks for JSON except where it takes a file.
    const isFile = !(asked.headers.get("accept") ?? "").includes("json");
    const limit = isFile ? FILE_PEEK_BYTES : MAX_REPLY_BYTES;
    const read = await readAtMost(response, limit);
    const reply: SeenReply = {
      status: response.status,
      headers: response.headers,
      body: new TextDecoder().decode(read.bytes),
      truncated: read.truncated && !isFile,
    };
    options.onExchange({ sent, preflight, reply, failure: null });
    const empty = [204, 205, 304].includes(response.status);
    return new Response(empty ? null : read.bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The OPTIONS request a browser sends before this one, and what came back. */
async function askFirst(
  send: typeof fetch,
  url: string,
  origin: string,
  asked: Request,
  signal: AbortSignal,
): Promise<NonNullable<Exchange["preflight"]>> {
  const requested = unsafeHeaders(asked.headers);
  const headers = new Headers({ origin, "access-control-request-method": asked.method });
  if (requested.length > 0) headers.set("access-control-request-headers", requested.join(","));
  const sent: SentRequest = { method: "OPTIONS", url, headers, body: null };
  try {
    const reply = await send(url, { method: "OPTIONS", headers, signal });
    const { bytes } = await readAtMost(reply, 64 * 1024);
    const body = new TextDecoder().decode(bytes);
    return {
      sent,
      requested,
      reply: { status: reply.status, headers: reply.headers, body, truncated: false },
    };
  } catch {
    return { sent, requested, reply: null };
  }
}

function bodyOf(body: BodyInit | null | undefined): SentRequest["body"] {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return { kind: "text", text: body };
  if (body instanceof FormData) return { kind: "form", fields: [...body.keys()] };
  return { kind: "form", fields: ["file"] };
}

function reasonOf(error: unknown, callSignal: AbortSignal | null | undefined): string {
  if (callSignal?.aborted) return "no reply within the time-out";
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** The reply's bytes up to `limit`; the rest is not read (the connection is let go). */
async function readAtMost(
  response: Response,
  limit: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; truncated: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      parts.push(value.subarray(0, limit - size));
      size = limit;
      truncated = true;
      await reader.cancel();
      break;
    }
    parts.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return { bytes, truncated };
}
