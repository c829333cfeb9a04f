/** What a demo route answers; `send` writes it to the Node response. */
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { chooseEncoding } from "../../negotiation.ts";

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export function json(status: number, data: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(data),
  };
}

export const noContent = (): Reply => ({ status: 204 });

/** An error reply in the documented shape { code, message }. */
export function fail(status: number, code: string, message: string, extra: object = {}): Reply {
  return json(status, { code, message, ...extra });
}

export function file(contentType: string, body: string | Uint8Array, headers = {}): Reply {
  return { status: 200, headers: { "Content-Type": contentType, ...headers }, body };
}

export function redirect(location: string): Reply {
  return { status: 303, headers: { Location: location, "Cache-Control": "no-store" } };
}

/** Smaller JSON goes out as it is (nginx's gzip_min_length, as for the bundle's own files). */
const GZIP_MIN_BYTES = 256;

/**
 * Writes a reply. JSON is gzipped when the client accepts it, as any production API behind a
 * web server is: a page of 100 photos is 26 KB as text and 4 KB gzipped, which on a phone's
 * slow connection is the difference between the first photos and a blank grid.
 */
export function send(res: ServerResponse, reply: Reply, acceptEncoding?: string): void {
  const headers: Record<string, string> = { "Cache-Control": "no-store", ...reply.headers };
  let body = reply.body;
  if (
    body !== undefined &&
    typeof body === "string" &&
    headers["Content-Type"]?.startsWith("application/json") &&
    Buffer.byteLength(body) >= GZIP_MIN_BYTES
  ) {
    headers.Vary = "Accept-Encoding";
    if (chooseEncoding(acceptEncoding, ["gzip"]) === "gzip") {
      body = gzipSync(body, { level: 6 });
      headers["Content-Encoding"] = "gzip";
    }
  }
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}
