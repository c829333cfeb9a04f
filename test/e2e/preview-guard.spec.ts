/**
 * Through the real CLI, as support staff run it: `storefront preview` bound beyond
 * loopback warns on stderr, answers only its own Host names, sends the tenant's CSP and
 * security headers (the set nginx.conf sends) and does not serve the deploy files.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { securityHeaders } from "../../cli/build/security-headers.ts";
import { loadTenant } from "../../cli/config/load.ts";
import { expect, test } from "./fixtures.ts";
import { rawExchange } from "./raw-socket.ts";

// One preview for the file: its tests share it.
test.describe.configure({ mode: "serial" });

let preview: ChildProcess | undefined;
let stderr = "";
let origin = "";

test.beforeAll(async () => {
  // --port 0: a free port, printed on stdout. The bundle is the one the test script built.
  preview = spawn(
    process.execPath,
    ["cli/bin.js", "preview", "mysport", "--host", "0.0.0.0", "--port", "0"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  preview.stdout?.on("data", (d) => (stdout += d));
  preview.stderr?.on("data", (d) => (stderr += d));
  await expect
    .poll(() => /http:\/\/0\.0\.0\.0:(\d+)/.exec(stdout)?.[1] ?? "", { timeout: 30_000 })
    .not.toBe("");
  origin = `http://127.0.0.1:${/http:\/\/0\.0\.0\.0:(\d+)/.exec(stdout)?.[1]}`;
});

test.afterAll(() => {
  preview?.kill();
});

const get = (host: string, path = "/") =>
  rawExchange(origin, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

test("warns on stderr that it is reachable beyond this machine", () => {
  expect(stderr).toMatch(/WARNING: the preview listens on 0\.0\.0\.0, beyond this machine/);
});

test("answers its own names with the tenant's headers, and 421 to any other", async () => {
  const port = new URL(origin).port;
  const tenant = await loadTenant("tenants", "mysport");
  if (!tenant.ok) throw new Error("invalid tenant");
  // The CSP allows the pages' inline style by the hash the build wrote in the bundle's manifest.
  const built = JSON.parse(await readFile("dist/mysport/build-manifest.json", "utf8")) as {
    styleHashes: string[];
  };
  expect(built.styleHashes).toHaveLength(1);
  const expected = securityHeaders({ ...tenant.config, styleHashes: built.styleHashes });
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
    const res = await get(host);
    expect(res.status, host).toBe(200);
    for (const { name, value } of expected) {
      expect([host, name, res.headers.get(name)]).toEqual([host, name, value]);
    }
  }
  for (const host of [`rebound.example:${port}`, "rebound.example"]) {
    expect((await get(host)).status, host).toBe(421);
    expect((await get(host, "/public/order-service/api/v1/orders")).status, host).toBe(421);
  }
});

test("does not serve the bundle's deploy files", async () => {
  const port = new URL(origin).port;
  const shipped = await readFile("dist/mysport/nginx.conf", "utf8");
  expect(shipped).toContain("server {");
  for (const path of ["/nginx.conf", "/_headers", "/build-manifest.json"]) {
    expect((await get(`127.0.0.1:${port}`, path)).status, path).toBe(404);
  }
});
