// @vitest-environment node
/**
 * `storefront preview --api`: while someone clicks through the shop, each reply of the real
 * backend that differs from what the shop expects is told in the terminal, once per kind
 * (call, field, what), a compressed reply read as the browser reads it; replies that match,
 * and requests that are no call of the shop, say nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMatcher } from "../../../cli/api/check/watch.ts";
import { apiCalls } from "../../../cli/api/inventory.ts";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";
import { editJson, startDriftingBackend } from "../api/drifting-backend.ts";
import { startDemo } from "../demo/demo-server.ts";

let dist: string;
let demo: Awaited<ReturnType<typeof startDemo>>;
let backend: Awaited<ReturnType<typeof startDriftingBackend>>;
let preview: PreviewServer;
const told: string[] = [];
/** Waiters for the lines told so far to reach a count: by count, never by a clock. */
const waiting: { count: number; done: () => void }[] = [];
const tell = (line: string) => {
  told.push(line);
  for (const w of waiting.filter((w) => told.length >= w.count)) w.done();
};
const toldAtLeast = (count: number) =>
  told.length >= count
    ? Promise.resolve()
    : new Promise<void>((done) => waiting.push({ count, done }));

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "preview-api-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>MySport</title>");
  demo = await startDemo();
  backend = await startDriftingBackend(demo.origin, (x) => {
    if (x.method === "GET" && x.path.endsWith("/events/1003")) {
      // A renamed field, in a gzip-compressed reply.
      editJson(x, (body) => {
        body.album_id = body.albumId;
        delete body.albumId;
      });
      x.headers["content-encoding"] = "gzip";
      x.raw = gzipSync(x.body);
    }
    if (x.path.endsWith("/orders/no-such-order")) x.body = "<h1>Not Found</h1>";
  });
  preview = await startPreview({
    distDir: dist,
    port: 0,
    api: backend.origin,
    onContract: tell,
  });
});
afterAll(async () => {
  await preview.close();
  await backend.close();
  await demo.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = async (path: string) => {
  const reply = await fetch(new URL(path, preview.url), { headers: { "Accept-Language": "en" } });
  return { status: reply.status, body: await reply.text() };
};

describe("preview --api tells each kind of contract mismatch once", () => {
  it("a renamed field in a compressed reply, told once however often it comes; a matching reply says nothing", async () => {
    const first = await get("/public/photo-service/api/v1/events/1003");
    expect(first.body).toContain('"album_id"');
    await toldAtLeast(2);
    await get("/public/photo-service/api/v1/events/1003");
    await get("/public/order-service/api/v1/orders/order-seed-01");
    await get("/public/order-service/api/v1/orders/no-such-order");
    await toldAtLeast(3);
    await get("/public/order-service/api/v1/orders/no-such-order");
    await get("/index.html");
    expect(told).toEqual([
      "The backend's replies differ from what the shop expects (each kind once; `storefront check-api` checks every call):",
      "  ✗ events.get  GET /public/photo-service/api/v1/events/1003 → 200: albumId: expected non-empty string, got missing",
      '  ✗ orders.get  GET /public/order-service/api/v1/orders/no-such-order → 404: error body: expected JSON, got application/json; charset=utf-8: "<h1>Not Found</h1>"',
    ]);
  });
});

describe("which call a request is", () => {
  it("by method and path, a fixed segment before a parameter", async () => {
    const match = callMatcher(await apiCalls());
    const id = (method: string, path: string) => match(method, path)?.id ?? null;
    expect(id("GET", "/public/receipt-service/api/v1/receipts/download")).toBe("receipts.download");
    expect(id("GET", "/public/receipt-service/api/v1/receipts/r-1")).toBe("receipts.get");
    expect(id("POST", "/public/shoppingcart-service/api/v1/shoppingCarts/c-1")).toBe(
      "carts.checkout",
    );
    expect(id("GET", "/public/shoppingcart-service/api/v1/shoppingCarts/c-1")).toBe("carts.get");
    expect(id("DELETE", "/public/shoppingcart-service/api/v1/shoppingCarts/c-1/items")).toBe(
      "carts.removeItems",
    );
    expect(id("GET", "/public/photo-service/api/v1/events/")).toBe(null);
    expect(id("GET", "/public/no-service/api/v1/events")).toBe(null);
    expect(id("PUT", "/public/photo-service/api/v1/events/1003")).toBe(null);
  });
});
