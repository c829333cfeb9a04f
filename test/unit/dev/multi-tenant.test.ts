/**
 * Every tenant on one port, chosen by the Host name: <id>.localhost is that tenant, a
 * --host-alias (en.mysport.ru) is its tenant under that host's rules, localhost is the index,
 * and every other name still gets 421 (the DNS-rebinding guard answers only known names).
 */

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleSite } from "../../../cli/preview/hook.ts";
import {
  indexPage,
  multiTenantHook,
  parseHostAlias,
  routeHost,
  tenantHosts,
} from "../../../cli/preview/multi-tenant.ts";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";
import { resolveHost } from "../../../storefront/src/domain/host.ts";

const IDS = ["ironstar", "mysport", "mysport-usa"];
const ALIASES = new Map([["en.mysport.ru", "mysport"]]);

describe("host routing of the all-tenants preview", () => {
  it("sends localhost to the index, <id>.localhost to the tenant, an alias to its tenant", () => {
    for (const host of ["localhost:4173", "127.0.0.1:4173", "[::1]:4173", "LOCALHOST:4173"]) {
      expect(routeHost(host, IDS, ALIASES), host).toEqual({ kind: "index" });
    }
    expect(routeHost("mysport.localhost:4173", IDS, ALIASES)).toEqual({
      kind: "tenant",
      id: "mysport",
    });
    expect(routeHost("MySport-USA.localhost:4173", IDS, ALIASES)).toEqual({
      kind: "tenant",
      id: "mysport-usa",
    });
    for (const host of ["en.mysport.ru.localhost:4173", "en.mysport.ru:4173"]) {
      expect(routeHost(host, IDS, ALIASES), host).toEqual({ kind: "tenant", id: "mysport" });
    }
  });

  it("names no tenant for an unknown id, a tenant id without .localhost, or a stranger", () => {
    for (const host of [
      "unknown.localhost:4173",
      "mysport:4173",
      "mysport.example:4173",
      "rebound.example:4173",
      undefined,
    ]) {
      expect(routeHost(host, IDS, ALIASES), String(host)).toBeNull();
    }
  });

  it("answers each tenant's and alias's names on the preview's port only", () => {
    expect(tenantHosts(4173, ["mysport"], ALIASES).sort()).toEqual([
      "en.mysport.ru.localhost:4173",
      "en.mysport.ru:4173",
      "mysport.localhost:4173",
    ]);
  });

  it("a page at en.mysport.ru.localhost follows en.mysport.ru's host rules (English)", () => {
    const settings = {
      currencyId: 643,
      hosts: [{ host: "en.mysport.ru", language: "en" as const }],
    };
    expect(resolveHost(settings as never, "en.mysport.ru.localhost:4173")).toEqual({
      currencyId: 643,
      language: "en",
    });
    expect(resolveHost(settings as never, "mysport.localhost:4173").language).toBeUndefined();
  });

  it("accepts --host-alias <tenant-host>=<id> and refuses what is not one", () => {
    expect(parseHostAlias("en.mysport.ru=mysport", IDS)).toEqual({
      host: "en.mysport.ru",
      id: "mysport",
    });
    expect(parseHostAlias("en.mysport.ru", IDS)).toMatch(/expects <tenant-host>=<id>/);
    expect(parseHostAlias("en.mysport.ru=nobody", IDS)).toMatch(/no tenant "nobody" is served/);
    expect(parseHostAlias("http://x.ru/=mysport", IDS)).toMatch(/not a host name/);
    expect(parseHostAlias("en.mysport.ru:8080=mysport", IDS)).toMatch(/not a host name/);
    expect(parseHostAlias("a.localhost=mysport", IDS)).toMatch(/without \.localhost/);
  });

  it("lists each tenant with its name, languages, currency and link, as escaped text", () => {
    const html = indexPage(
      [
        {
          id: "mysport",
          config: {
            tenantName: "My<script>Sport",
            languages: { available: ["ru", "en"], default: "ru" },
            currencyId: 643,
          },
        },
      ] as never,
      4173,
      ALIASES,
    );
    expect(html).toContain('<a href="http://mysport.localhost:4173/">My&lt;script&gt;Sport</a>');
    expect(html).toContain("ru (default), en");
    expect(html).toContain("RUB");
    expect(html).toContain('href="http://en.mysport.ru.localhost:4173/"');
    expect(html).not.toContain("<script>");
  });
});

describe("one server, two tenants by host name", () => {
  let work: string;
  let server: PreviewServer;
  let port: number;

  const get = (host: string, path = "/") =>
    new Promise<{ status: number; body: string; csp: string }>((done, failed) => {
      const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            body,
            csp: String(res.headers["content-security-policy"] ?? ""),
          }),
        );
      });
      req.on("error", failed);
      req.end();
    });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "storefront-all-"));
    for (const id of ["mysport", "ironstar"]) {
      await mkdir(join(work, id));
      await writeFile(join(work, id, "index.html"), `<!doctype html><p>bundle of ${id}</p>`);
    }
    const sites = new Map(["mysport", "ironstar"].map((id) => [id, bundleSite(join(work, id))]));
    const entries = ["mysport", "ironstar"].map((id) => ({
      id,
      config: {
        tenantName: id === "mysport" ? "MySport" : "IronStar",
        languages: { available: ["en" as const], default: "en" as const, picker: false },
        currencyId: 978 as const,
      },
    }));
    server = await startPreview({
      distDir: "",
      port: 0,
      demo: {},
      hook: multiTenantHook({
        ids: ["mysport", "ironstar"],
        aliases: ALIASES,
        entries: () => entries,
        site: (id) => sites.get(id) ?? null,
      }),
    });
    port = Number(new URL(server.url).port);
  });

  afterAll(async () => {
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("serves each tenant's bundle at its own name, with the tenant's CSP", async () => {
    const mysport = await get(`mysport.localhost:${port}`);
    expect([mysport.status, mysport.body]).toEqual([
      200,
      expect.stringContaining("bundle of mysport"),
    ]);
    expect(mysport.csp).toContain("script-src 'self'");
    const ironstar = await get(`ironstar.localhost:${port}`, "/event/1");
    expect([ironstar.status, ironstar.body]).toEqual([
      200,
      expect.stringContaining("bundle of ironstar"),
    ]);
    const alias = await get(`en.mysport.ru.localhost:${port}`);
    expect(alias.body).toContain("bundle of mysport");
  });

  it("lists the tenants at localhost", async () => {
    const index = await get(`localhost:${port}`);
    expect(index.status).toBe(200);
    expect(index.body).toContain(`href="http://ironstar.localhost:${port}/">IronStar</a>`);
    expect(index.body).toContain(`href="http://mysport.localhost:${port}/">MySport</a>`);
    expect(index.csp).toContain("default-src 'none'");
  });

  it("answers 421 to every name it does not know, the demo backend included", async () => {
    for (const host of [
      `unknown.localhost:${port}`,
      `rebound.example:${port}`,
      `mysport.localhost:${port + 1}`,
      "mysport.localhost",
    ]) {
      expect((await get(host)).status, host).toBe(421);
      expect((await get(host, "/public/order-service/api/v1/orders")).status, host).toBe(421);
    }
  });
});
