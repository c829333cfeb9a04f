// @vitest-environment node
/**
 * `--api` forwards only /public/, decided on the decoded, normalised path; dot
 * segments, encoded slashes and backslashes are refused, never forwarded. A real upstream
 * records every path it receives.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyDecision } from "../../../cli/preview/proxy.ts";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";
import { rawRequest } from "./raw-http.ts";

let dist: string;
let upstream: Server;
let preview: PreviewServer;
const seen: string[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "proxy-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>shop</title>");
  upstream = createServer((req, res) => {
    seen.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"upstream":true}');
  });
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  const api = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/backend`;
  preview = await startPreview({ distDir: dist, port: 0, api });
});
afterAll(async () => {
  await preview.close();
  upstream.close();
  rmSync(dist, { recursive: true, force: true });
});

const ESCAPES = [
  "/public/../admin/secret",
  "/public/%2e%2e/admin/secret",
  "/public/%2E%2e/admin/secret",
  "/public/.%2e/admin/secret",
  "/public/%2e./admin/secret",
  "/public/..%2fadmin/secret",
  "/public/..%2Fadmin/secret",
  "/public/..\\admin\\secret",
  "/public/..%5cadmin%5csecret",
  "/public/x/%2e%2e/%2e%2e/admin",
  "/public/./../admin",
  "/public/%252e%252e/admin",
  "/public/a%00b",
  "/admin/secret",
  "/publicity/x",
];

describe("the --api proxy", () => {
  it.each(ESCAPES)("never forwards %s outside /backend/public/", async (path) => {
    seen.length = 0;
    const { status } = await rawRequest(preview.url, path);
    expect(seen.filter((p) => !p.startsWith("/backend/public/"))).toEqual([]);
    // Refused (400), or not the proxy's at all (the bundle answers: 200/404 from static files).
    if (seen.length > 0) throw new Error(`forwarded ${path} as ${seen.join(", ")}`);
    expect([400, 403, 404, 200]).toContain(status);
  });

  it("refuses dot segments and encoded slashes under /public/ with 400", async () => {
    for (const path of ESCAPES.slice(0, 13))
      expect([path, (await rawRequest(preview.url, path)).status]).toEqual([path, 400]);
  });

  it("forwards clean /public/ paths, decoded and re-encoded, with their query", async () => {
    seen.length = 0;
    expect(
      (await rawRequest(preview.url, "/public/photo-service/api/v1/events?q=a%2Fb")).status,
    ).toBe(200);
    expect(
      (await rawRequest(preview.url, "/%70ublic/photo-service/api/v1/events/1%20001")).status,
    ).toBe(200);
    expect(seen).toEqual([
      "/backend/public/photo-service/api/v1/events?q=a%2Fb",
      "/backend/public/photo-service/api/v1/events/1%20001",
    ]);
  });

  it("proxyDecision: pure", () => {
    expect(proxyDecision("/public/a/b?x=1")).toEqual({ kind: "forward", path: "/public/a/b?x=1" });
    expect(proxyDecision("/index.html")).toEqual({ kind: "pass" });
    expect(proxyDecision("/public/a/../b").kind).toBe("refuse");
  });
});
