// @vitest-environment node
/** The one transport: { status, data }, 1001 on network failure, typed errors, Bearer rules. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  ContractError,
  createHttp,
  HttpError,
  NETWORK_FAILURE_STATUS,
  NetworkError,
} from "../../../storefront/src/api/index.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";

type Route = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(route: Route) {
  const server = createServer(route);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return { origin, close };
}

const seen: { url: string; headers: IncomingMessage["headers"] }[] = [];
const reply: Route = (req, res) => {
  seen.push({ url: req.url ?? "", headers: req.headers });
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const send = (status: number, body: string, type = "application/json") => {
    res.writeHead(status, { "Content-Type": type });
    res.end(body);
  };
  if (path.endsWith("/ok")) return send(200, JSON.stringify({ name: "Ivanov", bib: 101 }));
  if (path.endsWith("/malformed")) return send(200, '{"name": "Ivanov", ');
  if (path.endsWith("/wrong-shape")) return send(200, JSON.stringify({ name: 7, items: [{}] }));
  if (path.endsWith("/promo")) {
    return send(409, JSON.stringify({ code: "PromoCodeConflict", message: "Another code" }));
  }
  if (path.endsWith("/html-error")) return send(502, "<h1>Bad gateway</h1>", "text/html");
  if (path.endsWith("/blob")) return send(200, "<svg/>", "image/svg+xml");
  if (path.endsWith("/empty")) return void res.writeHead(204).end();
  if (path.endsWith("/drop")) return req.socket.destroy();
  if (path.endsWith("/hang")) return; // never answers
  send(404, "{}");
};

const person = z.object({ name: z.string(), bib: z.number() });
let api: Awaited<ReturnType<typeof serve>>;
let other: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  api = await serve(reply);
  other = await serve(reply);
});
afterAll(async () => {
  await api.close();
  await other.close();
});

const http = (token: string | null = "secret", timeoutMs?: number) =>
  createHttp({ origin: api.origin, getLanguage: () => "es", getToken: () => token, timeoutMs });

describe("createHttp", () => {
  it("calls /public/{service}/api/v1 and returns { status, data } checked by the contract", async () => {
    const result = await http().request("photo-service", "/ok", {
      contract: person,
      query: { albumId: "a1", offset: 0, skip: undefined },
    });
    expect(result).toMatchObject({ ok: true, status: 200, data: { name: "Ivanov", bib: 101 } });
    const call = seen.at(-1);
    expect(call?.url).toBe("/public/photo-service/api/v1/ok?albumId=a1&offset=0");
    expect(call?.headers["accept-language"]).toBe("es");
  });

  it("gives status 1001 and a NetworkError when the connection drops", async () => {
    const result = await http().request("photo-service", "/drop", { contract: person });
    expect(result.status).toBe(NETWORK_FAILURE_STATUS);
    expect(result.status).toBe(1001);
    expect(result.data).toBeNull();
    expect(result.error).toBeInstanceOf(NetworkError);
    expect(result.error?.name).toBe("NetworkError");
    expect(result.error?.kind).toBe("network");
  });

  it("gives 1001 when nothing listens and when no reply comes in time", async () => {
    const refused = createHttp({ origin: "http://127.0.0.1:1", getLanguage: () => "ru" });
    const a = await refused.request("photo-service", "/ok", { contract: person });
    expect(a.status).toBe(1001);
    const b = await http(null, 150).request("photo-service", "/hang", { contract: person });
    expect(b.status).toBe(1001);
    expect(b.error?.message).toMatch(/no reply within 150 ms/);
    const c = await http().request("photo-service", "/hang", { contract: person, timeoutMs: 80 });
    expect([c.status, c.error?.message]).toEqual([1001, "Network failure: no reply within 80 ms"]);
  });

  it("gives 1001 when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = http().request("photo-service", "/hang", {
      contract: person,
      signal: controller.signal,
    });
    controller.abort();
    expect((await pending).status).toBe(1001);
  });

  it("turns malformed JSON into a typed ContractError, keeping the status", async () => {
    const result = await http().request("photo-service", "/malformed", { contract: person });
    expect(result.ok).toBe(false);
    expect(result.status).toBe(200);
    expect(result.error).toBeInstanceOf(ContractError);
    expect(result.error?.name).toBe("ContractError");
    expect(result.error?.kind === "contract" && result.error.issues).toEqual(["reply: not JSON"]);
  });

  it("names where a reply breaks the contract", async () => {
    const result = await http().request("photo-service", "/wrong-shape", {
      contract: z.object({ name: z.string(), items: z.array(z.object({ price: z.number() })) }),
    });
    const error = result.error;
    expect(error).toBeInstanceOf(ContractError);
    expect(error?.kind === "contract" && error.issues).toEqual([
      "name: expected string",
      "items.0.price: expected number",
    ]);
    expect(error?.message).toMatch(/^Unexpected reply from the server: name: expected string/);
  });

  it("turns a non-2xx reply into an HttpError with the backend's code, message and body", async () => {
    const result = await http().request("shoppingcart-service", "/promo", { responseType: "none" });
    expect(result.status).toBe(409);
    const error = result.error;
    expect(error).toBeInstanceOf(HttpError);
    expect(error?.name).toBe("HttpError");
    expect(error?.kind === "http" && error.code).toBe("PromoCodeConflict");
    expect(error?.message).toBe("Another code");
    expect(error?.kind === "http" && error.body).toEqual({
      code: "PromoCodeConflict",
      message: "Another code",
    });
    const html = await http().request("photo-service", "/html-error", { contract: person });
    expect(html.status).toBe(502);
    expect(html.error?.kind === "http" && html.error.code).toBeNull();
  });

  it("returns blobs and empty replies", async () => {
    const blob = await http().request("frame-service", "/blob", { responseType: "blob" });
    expect(blob.ok && (await blob.data.text())).toBe("<svg/>");
    expect(blob.data?.type).toBe("image/svg+xml");
    const none = await http().request("photo-service", "/empty", { responseType: "none" });
    expect(none).toMatchObject({ ok: true, status: 204, data: null });
  });

  it("sends the Bearer token only when asked, only when there is one, only to the API origin", async () => {
    const { fetch, calls } = recordingFetch();
    const make = (token: string | null) =>
      createHttp({ origin: api.origin, getLanguage: () => "ru", getToken: () => token, fetch });
    await make("secret").request("order-service", "/ok", { contract: person, auth: true });
    await make("secret").request("themes-service", "/ok", { contract: person });
    await make(null).request("order-service", "/ok", { contract: person, auth: true });
    await make("secret").requestUrl(`${other.origin}/file/blob`, {
      responseType: "blob",
      auth: true,
    });
    await make("secret").requestUrl("/file/blob", { responseType: "blob", auth: true });
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual([
      "Bearer secret",
      null,
      null,
      null,
      "Bearer secret",
    ]);
    expect(calls[4]?.url).toBe(`${api.origin}/file/blob`);
  });

  it("never throws, even when fetch itself throws synchronously", async () => {
    const broken = createHttp({
      origin: api.origin,
      getLanguage: () => "ru",
      fetch: () => {
        throw new TypeError("fetch is broken");
      },
    });
    const result = await broken.request("photo-service", "/ok", { contract: person });
    expect(result.status).toBe(1001);
    expect(result.error?.message).toMatch(/fetch is broken/);
  });
});
