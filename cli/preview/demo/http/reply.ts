/** What a demo route answers; `send` writes it to the Node response. */
import type { ServerResponse } from "node:http";

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

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { "Cache-Control": "no-store", ...reply.headers };
  if (reply.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
