/**
 * A backend that drifts from the contract: a proxy in front of the demo backend that hands each
 * reply to a `drift` which may change its status, headers or body, as a backend that renamed a
 * field or answers 200 for 201 would. What is not changed passes as the demo answered it.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  method: string;
  /** The path without the query: /public/photo-service/api/v1/events/1003. */
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes sent instead of `body` (a compressed reply). */
  raw?: Uint8Array;
}

/** Changes a reply in place; the exchange passes as it is when it does nothing. */
export type Drift = (exchange: Exchange) => void;

async function bodyOf(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return parts.length > 0 ? new Uint8Array(Buffer.concat(parts)) : undefined;
}

/**
 * `hold` runs before a request is passed on (a slow backend: the test says when it may go on).
 */
export async function startDriftingBackend(
  upstream: string,
  drift: Drift,
  hold: (request: { method: string; path: string }) => Promise<void> = async () => undefined,
) {
  const seen: Exchange[] = [];
  const server = createServer((req, res) => {
    (async () => {
      const url = new URL(req.url ?? "/", upstream);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "connection") {
          headers.set(name, value);
        }
      }
      const body = await bodyOf(req);
      await hold({ method: req.method ?? "GET", path: url.pathname });
      const reply = await fetch(url, { method: req.method ?? "GET", headers, body });
      const exchange: Exchange = {
        method: req.method ?? "GET",
        path: url.pathname,
        status: reply.status,
        headers: Object.fromEntries(
          [...reply.headers].filter(
            ([name]) =>
              ![
                "content-length",
                "content-encoding",
                "transfer-encoding",
                "connection",
                "keep-alive",
              ].includes(name),
          ),
        ),
        body: await reply.text(),
      };
      drift(exchange);
      seen.push(exchange);
      res.writeHead(exchange.status, exchange.headers);
      res.end(exchange.status === 204 ? undefined : (exchange.raw ?? exchange.body));
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** A JSON body changed by `change` (the demo's own reply, parsed). */
export function editJson(exchange: Exchange, change: (body: Record<string, unknown>) => void) {
  const body = JSON.parse(exchange.body) as Record<string, unknown>;
  change(body);
  exchange.body = JSON.stringify(body);
}
