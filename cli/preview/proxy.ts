/** `--api URL`: forwards /public/* to a real backend instead of the demo. */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { SeenReply } from "../api/check/reply.ts";

/** What the contract watch reads of a reply (decoded); more than this is not read for it. */
const WATCH_LIMIT = 8 * 1024 * 1024;

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "upgrade",
  "host",
]);

export type ProxyDecision =
  | { kind: "forward"; path: string }
  | { kind: "refuse"; reason: string }
  | { kind: "pass" };

const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c === "\x7f");

/** Sub-delimiters that are safe in a path segment and that backends expect unencoded. */
const KEEP = /%(3A|40|2C|3B|3D|2B|24|26)/g;

/**
 * What the proxy does with a request target, decided on the DECODED path: each segment is
 * decoded once and must not be a dot segment nor hold a slash, backslash, percent sign or
 * control character (so no encoding trick can make the upstream see another path than the one
 * checked). Clean paths under /public/ are forwarded re-encoded, with the query as sent;
 * other clean paths are not the proxy's (the bundle serves them).
 */
export function proxyDecision(target: string): ProxyDecision {
  const cut = target.search(/[?#]/);
  const rawPath = cut === -1 ? target : target.slice(0, cut);
  const query = cut !== -1 && target[cut] === "?" ? target.slice(cut).split("#")[0] : "";
  if (!rawPath.startsWith("/")) return { kind: "refuse", reason: "not an absolute path" };
  const raw = rawPath.slice(1).split("/");
  const segments: string[] = [];
  for (const [i, segment] of raw.entries()) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { kind: "refuse", reason: "malformed percent-encoding" };
    }
    if (segment.includes("\\") || /[/\\%]/.test(decoded) || hasControl(decoded)) {
      return {
        kind: "refuse",
        reason: "an encoded slash, backslash, percent or control character",
      };
    }
    if (decoded === "." || decoded === "..") return { kind: "refuse", reason: "a dot segment" };
    if (decoded === "" && i < raw.length - 1) return { kind: "refuse", reason: "an empty segment" };
    segments.push(decoded);
  }
  if (segments[0] !== "public" || segments.length < 2) return { kind: "pass" };
  const encoded = segments.map((s) => encodeURIComponent(s).replace(KEEP, decodeURIComponent));
  return { kind: "forward", path: `/${encoded.join("/")}${query}` };
}

/** The upstream address of a request: the API URL's path, then the request's path and query. */
export function upstreamUrl(api: URL, requestUrl: string): URL {
  const base = api.pathname.replace(/\/$/, "");
  return new URL(`${base}${requestUrl}`, api.origin);
}

/** Forwards a request that proxyDecision() accepted; `path` is the normalised path and query. */
export function proxyRequest(
  api: URL,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  /** Given each reply as well (decoded, at most 8 MB), for `preview --api`'s contract watch. */
  watch?: (reply: SeenReply) => void,
): void {
  const target = upstreamUrl(api, path);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const upstream = send(target, { method: req.method, headers }, (answer) => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, out);
    if (watch) copyFor(answer, watch);
    answer.pipe(res);
  });
  upstream.on("error", (error) => {
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify({
      code: "BadGateway",
      message: `Upstream ${api.origin}: ${error.message}`,
    });
    res.writeHead(502, { "Content-Type": "application/json; charset=utf-8" });
    res.end(body);
  });
  req.pipe(upstream);
}

/** Collects a reply's body (up to the limit) beside its way to the browser, then decodes it. */
function copyFor(answer: IncomingMessage, watch: (reply: SeenReply) => void): void {
  const parts: Buffer[] = [];
  let size = 0;
  answer.on("data", (chunk: Buffer) => {
    if (size <= WATCH_LIMIT) parts.push(chunk);
    size += chunk.length;
  });
  answer.on("end", () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const body = decoded(Buffer.concat(parts), headers.get("content-encoding"));
    // A body over the limit, or in an encoding not read here, is not checked.
    if (size > WATCH_LIMIT || body === null) return;
    watch({ status: answer.statusCode ?? 0, headers, body, truncated: false });
  });
}

function decoded(bytes: Buffer, encoding: string | null): string | null {
  const limit = { maxOutputLength: WATCH_LIMIT };
  try {
    switch ((encoding ?? "identity").trim().toLowerCase()) {
      case "identity":
        return bytes.toString("utf8");
      case "gzip":
      case "x-gzip":
        return gunzipSync(bytes, limit).toString("utf8");
      case "br":
        return brotliDecompressSync(bytes, limit).toString("utf8");
      case "deflate":
        return inflateSync(bytes, limit).toString("utf8");
      default:
        return null;
    }
  } catch {
    return null;
  }
}
