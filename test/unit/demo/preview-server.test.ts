// @vitest-environment node
/** `storefront preview`: static bundle, SPA fallback, content types, caching, demo or proxy. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";

let dist: string;
let preview: PreviewServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "preview-"));
  mkdirSync(join(dist, "assets"));
  const files: Record<string, string> = {
    "index.html": "<!doctype html><title>MySport</title>",
    "assets/index-3f9a1c.js": "console.log(1)",
    "assets/index-3f9a1c.css": "body{}",
    "assets/inter-a1b2.woff2": "wOF2",
    "manifest.webmanifest": "{}",
    "favicon.svg": "<svg/>",
    "policy.pdf": "%PDF-1.4",
    "robots.txt": "User-agent: *",
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dist, name), body);
  writeFileSync(join(tmpdir(), "preview-secret.txt"), "secret");
  preview = await startPreview({ distDir: dist, port: 0, demo: { faceSearchDelayMs: 0 } });
});
afterAll(async () => {
  await preview.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(tmpdir(), "preview-secret.txt"), { force: true });
});

/** A raw GET, so the path reaches the server exactly as written (fetch would normalize it). */
function rawGet(url: string, path: string) {
  return new Promise<{ status: number; body: string }>((done, failed) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", failed);
    req.end();
  });
}

describe("startPreview", () => {
  it("serves files with their content types and cache rules", async () => {
    const expectations: [string, string, string][] = [
      ["/", "text/html; charset=utf-8", "no-cache"],
      [
        "/assets/index-3f9a1c.js",
        "text/javascript; charset=utf-8",
        "public, max-age=31536000, immutable",
      ],
      [
        "/assets/index-3f9a1c.css",
        "text/css; charset=utf-8",
        "public, max-age=31536000, immutable",
      ],
      ["/assets/inter-a1b2.woff2", "font/woff2", "public, max-age=31536000, immutable"],
      ["/manifest.webmanifest", "application/manifest+json; charset=utf-8", "no-cache"],
      ["/favicon.svg", "image/svg+xml", "no-cache"],
      ["/policy.pdf", "application/pdf", "no-cache"],
    ];
    for (const [path, type, cache] of expectations) {
      const res = await fetch(`${preview.url}${path}`);
      expect([
        path,
        res.status,
        res.headers.get("content-type"),
        res.headers.get("cache-control"),
      ]).toEqual([path, 200, type, cache]);
    }
  });

  it("answers SPA routes with index.html and a missing asset with 404, as nginx does", async () => {
    for (const route of ["/event/1001/photos", "/order/order-000001", "/my-account/orders"]) {
      const res = await fetch(`${preview.url}${route}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>MySport</title>");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
    expect((await fetch(`${preview.url}/assets/index-000000.js`)).status).toBe(404);
    expect((await fetch(`${preview.url}/assets/nope`)).status).toBe(404);
    // Outside /assets/ a missing name is an app address, a dot in it or not (nginx's try_files).
    for (const route of ["/logo.png", "/search/1001/O.Brien", "/robots.txt/"]) {
      const res = await fetch(`${preview.url}${route}`);
      expect([route, res.status, await res.text()]).toEqual([
        route,
        200,
        "<!doctype html><title>MySport</title>",
      ]);
    }
  });

  it("refuses paths that leave the bundle", async () => {
    for (const path of [
      "/../preview-secret.txt",
      "/%2e%2e/preview-secret.txt",
      "/..%2fpreview-secret.txt",
    ]) {
      const res = await rawGet(preview.url, path);
      expect(res.body).not.toContain("secret");
      expect([400, 404]).toContain(res.status);
    }
  });

  it("answers HEAD, revalidates with ETag and refuses other methods", async () => {
    const head = await fetch(`${preview.url}/favicon.svg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("6");
    const etag = head.headers.get("etag") ?? "";
    const again = await fetch(`${preview.url}/favicon.svg`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect((await fetch(`${preview.url}/favicon.svg`, { method: "POST" })).status).toBe(405);
  });

  it("runs the demo backend on the same origin", async () => {
    const res = await fetch(`${preview.url}/public/photo-service/api/v1/events/1001`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe("Moscow Marathon 2025");
    expect((await fetch(`${preview.url}/demo/img/photo/a1001-1.svg`)).status).toBe(200);
    expect(preview.demo).not.toBeNull();
  });

  it("proxies /public/* to --api instead of the demo", async () => {
    const seen: string[] = [];
    const upstream = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"upstream":true}');
    });
    await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
    const api = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/backend`;
    const proxied = await startPreview({ distDir: dist, port: 0, api });
    try {
      const res = await fetch(`${proxied.url}/public/order-service/api/v1/orders?count=10`, {
        headers: { Authorization: "Bearer t" },
      });
      expect(await res.json()).toEqual({ upstream: true });
      expect(seen).toEqual(["GET /backend/public/order-service/api/v1/orders?count=10 Bearer t"]);
      expect(proxied.demo).toBeNull();
      // No demo: its address is not the bundle's either, so it is an app address.
      const image = await fetch(`${proxied.url}/demo/img/photo/a1001-1.svg`);
      expect(image.headers.get("content-type")).toBe("text/html; charset=utf-8");
    } finally {
      await proxied.close();
      upstream.close();
    }
  });

  it("answers 502 when the upstream is down", async () => {
    const proxied = await startPreview({ distDir: dist, port: 0, api: "http://127.0.0.1:1" });
    try {
      const res = await fetch(`${proxied.url}/public/photo-service/api/v1/events`);
      expect(res.status).toBe(502);
    } finally {
      await proxied.close();
    }
  });

  it("explains a missing bundle and a bad --api", async () => {
    await expect(startPreview({ distDir: join(dist, "nope") })).rejects.toThrow(
      /Build the tenant first/,
    );
    await expect(startPreview({ distDir: dist, api: "ftp://x" })).rejects.toThrow(/--api must be/);
  });
});
