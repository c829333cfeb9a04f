/** `--api URL`: forwards /public/* to a real backend instead of the demo. */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";

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

/** The upstream address of a request: the API URL's path, then the request's path and query. */
export function upstreamUrl(api: URL, requestUrl: string): URL {
  const base = api.pathname.replace(/\/$/, "");
  return new URL(`${base}${requestUrl}`, api.origin);
}

export function proxyRequest(api: URL, req: IncomingMessage, res: ServerResponse): void {
  const target = upstreamUrl(api, req.url ?? "/");
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
