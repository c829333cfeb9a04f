// @vitest-environment node
/**
 * The preview answers only its own Host names, warns when bound beyond loopback,
 * sends the tenant's CSP and security headers (the nginx.conf set, from the same code), never
 * serves the deploy files, and its demo backend trusts only tokens it can verify.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CspConfig, securityHeaders } from "../../../cli/build/security-headers.ts";
import { allowedHosts, exposureWarning } from "../../../cli/preview/guard.ts";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";
import { rawRequest } from "./raw-http.ts";

const security: CspConfig = {
  api: {},
  auth: { realm: "mysport", clientId: "storefront" },
};
let dist: string;
let preview: PreviewServer;
let port: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "preview-guard-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>shop</title>");
  writeFileSync(join(dist, "assets", "logo-1234.svg"), "<svg/>");
  for (const name of ["nginx.conf", "_headers", "build-manifest.json"]) {
    writeFileSync(join(dist, name), `deploy file ${name}`);
  }
  mkdirSync(join(dist, "_pages", "ru"), { recursive: true });
  writeFileSync(
    join(dist, "_pages", "ru", "home.html"),
    "<!doctype html><title>prerendered</title>",
  );
  preview = await startPreview({ distDir: dist, port: 0, security, warn: () => {} });
  port = new URL(preview.url).port;
});
afterAll(async () => {
  await preview.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("Host names", () => {
  it("answers its own names with the port", async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
    ]) {
      expect([host, (await rawRequest(preview.url, "/", host)).status]).toEqual([host, 200]);
    }
  });

  it("answers any other name (DNS rebinding), port or address with 421, the demo API included", async () => {
    for (const host of [
      `evil.example:${port}`,
      "evil.example",
      `127.0.0.1:${Number(port) + 1}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost`,
    ]) {
      for (const path of [
        "/",
        "/public/order-service/api/v1/orders",
        "/auth/realms/mysport/.well-known/openid-configuration",
      ]) {
        const reply = await rawRequest(preview.url, path, host);
        expect([host, path, reply.status, reply.body]).toEqual([
          host,
          path,
          421,
          expect.stringMatching(/Misdirected/),
        ]);
      }
    }
  });

  it("adds the name given with --host; with a wildcard, the machine's own addresses", () => {
    expect([...allowedHosts("shop.test", 4590)]).toEqual(
      expect.arrayContaining(["shop.test:4590", "127.0.0.1:4590", "localhost:4590", "[::1]:4590"]),
    );
    expect(allowedHosts("shop.test", 4590).has("evil.example:4590")).toBe(false);
    expect(allowedHosts("0.0.0.0", 4590).has("0.0.0.0:4590")).toBe(false);
  });
});

describe("binding beyond loopback", () => {
  /** What a preview started with `options` warns, once it has started and stopped. */
  async function warningsOf(options: { host?: string; hook?: { exposes: string } }) {
    const warnings: string[] = [];
    const server = await startPreview({
      distDir: dist,
      port: 0,
      ...options,
      warn: (t) => warnings.push(t),
    });
    await server.close();
    return warnings;
  }

  it("says what else it serves: `dev --core` hands out the project's source files", async () => {
    const warnings = await warningsOf({
      host: "0.0.0.0",
      hook: { exposes: "the project's source files (/work/shop)" },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "It also serves the project's source files (/work/shop) to them.",
    );
    expect(exposureWarning("127.0.0.1", "the project's source files")).toBeNull();
  });

  it("warns loudly for 0.0.0.0 and other addresses, not for loopback", async () => {
    expect(exposureWarning("127.0.0.1")).toBeNull();
    expect(exposureWarning("localhost")).toBeNull();
    expect(exposureWarning("::1")).toBeNull();
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "shop.local"]) {
      expect(exposureWarning(host)).toMatch(/^WARNING: .*beyond this machine/);
      expect(exposureWarning(host)).toContain("The demo is not for networks.");
    }
    const warnings = [...(await warningsOf({ host: "0.0.0.0" })), ...(await warningsOf({}))];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/0\.0\.0\.0/);
    expect(warnings[0]).not.toContain("It also serves");
  });
});

const expectHeaders = (headers: Record<string, string>, frameable: boolean) => {
  for (const { name, value } of securityHeaders(security, frameable)) {
    expect([name, headers[name.toLowerCase()]]).toEqual([name, value]);
  }
};

describe("security headers and deploy files", () => {
  it("sends the tenant's headers on the page, assets, SPA routes and 404s", async () => {
    for (const path of ["/", "/event/1001", "/assets/logo-1234.svg", "/assets/missing-0000.js"]) {
      expectHeaders((await rawRequest(preview.url, path)).headers, false);
    }
    expect((await rawRequest(preview.url, "/")).headers["content-security-policy"]).toContain(
      "frame-ancestors 'none'",
    );
  });

  it("lets the shop frame only its sign-in callback", async () => {
    expectHeaders((await rawRequest(preview.url, "/auth-callback?code=x")).headers, true);
  });

  it("serves the sign-in callback with no Referer: its address holds the code", async () => {
    const callback = await rawRequest(preview.url, "/auth-callback?code=x&state=s");
    expect(callback.headers["referrer-policy"]).toBe("no-referrer");
    expect((await rawRequest(preview.url, "/")).headers["referrer-policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  it("does not serve nginx.conf, _headers or build-manifest.json, however spelled", async () => {
    for (const path of [
      "/nginx.conf",
      "/_headers",
      "/build-manifest.json",
      "/%6Eginx.conf",
      "/nginx.conf/",
      "//_headers",
      "/assets/../build-manifest.json",
      "/_headers?x=1",
      "//build-manifest.json",
      "/NGINX.CONF",
      "/x/../build-manifest.json",
    ]) {
      const reply = await rawRequest(preview.url, path);
      expect([path, reply.status, reply.body.includes("deploy file")]).toEqual([path, 404, false]);
    }
  });
});

describe("one reading of the request path", () => {
  it("never serves a deploy file after a doubled slash (the first segment is a path, not a host)", async () => {
    for (const path of ["//x/build-manifest.json", "//x/nginx.conf", "//x/_headers"]) {
      const reply = await rawRequest(preview.url, path);
      expect([path, reply.status, reply.body]).toEqual([
        path,
        200,
        "<!doctype html><title>shop</title>",
      ]);
    }
  });

  it("answers a malformed request target 400 with the tenant's headers, never 500", async () => {
    for (const path of ["//%zz/", "/%zz", "/event/%2", "/a%00b", "/../index.html"]) {
      const reply = await rawRequest(preview.url, path);
      expect([path, reply.status]).toEqual([path, 400]);
      expectHeaders(reply.headers, false);
    }
    // A bracket or a colon after "//" is part of the path, as nginx reads it: the app page.
    for (const path of ["//[", "//x:99999/"]) {
      const reply = await rawRequest(preview.url, path);
      expect([path, reply.status]).toEqual([path, 200]);
      expectHeaders(reply.headers, false);
    }
  });

  it("does not serve the prerendered pages by their own names", async () => {
    for (const path of [
      "/_pages/ru/home.html",
      "/_pages/",
      "/%5Fpages/ru/home.html",
      "/_PAGES/ru/home.html",
    ]) {
      const reply = await rawRequest(preview.url, path);
      expect([path, reply.status, reply.body.includes("prerendered")]).toEqual([path, 404, false]);
    }
  });
});

describe("the demo backend's Bearer tokens", () => {
  const orders = (authorization: string) =>
    fetch(`${preview.url}/public/order-service/api/v1/orders`, { headers: { authorization } });
  const unsignedJwt = (claims: object) =>
    `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;

  it("refuses an e-mail, a made-up JWT, a forged demo token and a malformed header with 401", async () => {
    const forged = `demo1.${Buffer.from("runner@demo.example").toString("base64url")}.AAAA`;
    for (const auth of [
      "Bearer runner@demo.example",
      `Bearer ${unsignedJwt({ email: "runner@demo.example", sub: "runner@demo.example" })}`,
      `Bearer ${forged}`,
      "Bearer",
      "Basic cnVubmVyOmRlbW8=",
    ]) {
      expect([auth, (await orders(auth)).status]).toEqual([auth, 401]);
    }
  });

  it("accepts a token it signed, and anonymous calls stay anonymous", async () => {
    const token = preview.demo?.signToken("runner@demo.example") ?? "";
    expect((await orders(`Bearer ${token}`)).status).toBe(200);
    const events = await fetch(`${preview.url}/public/photo-service/api/v1/events/1001`);
    expect(events.status).toBe(200);
  });
});
