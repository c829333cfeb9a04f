/**
 * Every path of the shared table (./path-cases.ts) sent byte for byte to `storefront preview`
 * and to nginx with the generated nginx.conf: the same status, the same kind of body, the same
 * cache rule and content type, and the tenant's security headers on every answer, errors
 * included. The browser tests run on the preview; this keeps it answering as production does.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BuildManifest } from "../../cli/build/manifest.ts";
import { loadTenant } from "../../cli/config/load.ts";
import { expect } from "./fixtures.ts";
import { TENANTS, test } from "./nginx-server.ts";
import { PATH_CASES, type PathCase } from "./path-cases.ts";
import { rawExchange } from "./raw-socket.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

/** The bundle's largest script under /assets/, which the table calls {js}. */
async function largestScript(id: TenantId): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join("dist", id, "build-manifest.json"), "utf8"),
  ) as BuildManifest;
  const scripts = manifest.files.filter((f) => /^assets\/[^/]+\.js$/.test(f.path));
  scripts.sort((a, b) => b.bytes - a.bytes);
  return scripts[0]!.path.slice("assets/".length);
}

/** A GET written as is on the socket (fetch would normalise the path), no Accept-Encoding. */
function get(base: string, path: string) {
  const { host } = new URL(base);
  return rawExchange(base, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
}

async function expected(id: TenantId, c: PathCase, js: string, language: string) {
  const name =
    c.body.kind === "page"
      ? join("_pages", language, `${c.body.page}.html`)
      : c.body.kind === "file"
        ? c.body.file.replace("{js}", js)
        : null;
  return name === null ? null : (await readFile(join("dist", id, name))).toString("latin1");
}

for (const id of TENANTS) {
  test(`${id}: the preview and nginx answer every path of the shared table alike`, async ({
    nginx,
  }) => {
    const tenant = await loadTenant("tenants", id);
    if (!tenant.ok) throw new Error(`tenants/${id}.yaml is invalid`);
    const language = tenant.config.languages.default;
    const js = await largestScript(id);
    const servers = { preview: tenantUrl(id), nginx: nginx.url(id) };
    for (const c of PATH_CASES) {
      const path = c.path.replace("{js}", js);
      const body = await expected(id, c, js, language);
      for (const [server, base] of Object.entries(servers)) {
        const where = `${server} ${path} (${c.what})`;
        const res = await get(base, path);
        const h = (name: string) => res.headers.get(name) ?? "";
        expect.soft(res.status, where).toBe(c.status);
        const text = await res.text();
        // The app page is never an error's body (and a long body is not printed on failure).
        if (body === null) expect.soft(text.includes("tenant-settings"), where).toBe(false);
        else
          expect
            .soft(text === body, `${where}: the body is ${c.body.kind} ${JSON.stringify(c.body)}`)
            .toBe(true);
        if (c.cache) {
          expect
            .soft(h("cache-control"), where)
            .toBe(c.cache === "immutable" ? "public, max-age=31536000, immutable" : "no-cache");
        } else if (c.status !== 200) {
          // An error is never kept for a year.
          expect.soft(h("cache-control"), where).not.toMatch(/immutable/);
        }
        if (c.type) expect.soft(h("content-type"), where).toMatch(c.type);
        if (c.body.kind === "page") expect.soft(h("content-language"), where).toBe(language);
        // The tenant's security headers on every answer, 400s and 404s included.
        expect.soft(h("content-security-policy"), where).toMatch(/script-src 'self'/);
        expect.soft(h("x-content-type-options"), where).toBe("nosniff");
        const framed = c.callback && tenant.config.auth !== undefined;
        expect.soft(h("x-frame-options"), where).toBe(framed ? "SAMEORIGIN" : "DENY");
      }
    }
  });
}
