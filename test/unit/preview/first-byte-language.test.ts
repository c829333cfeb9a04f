// @vitest-environment node
/**
 * The first byte is in the visitor's language (DESIGN 3a): `storefront preview` answers a
 * tenant's prerendered pages (home, a landing page, a shell) in the language the spec's rules
 * pick from the visitor's cookie and Accept-Language and the tenant's languages (the US variant
 * is always English), names it in Content-Language and varies by Cookie and Accept-Language.
 * The same table of cases is sent to nginx by test/e2e/nginx.spec.ts.
 *
 * It reads the server's replies only, so it runs here rather than in a browser: each tenant's
 * bundle in dist/ (built by the test command before this project runs) is served as
 * `storefront preview <id>` serves it, in this process.
 */
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem, loadTenant } from "../../../cli/config/load.ts";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";
import { LANGUAGE_CASES } from "../../e2e/language-cases.ts";
import type { TenantId } from "../../e2e/tenants.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** Only through nginx are the cases with a Host header (the preview answers its own names). */
const CASES = LANGUAGE_CASES.filter((c) => !c.nginxOnly);
const previews = new Map<TenantId, PreviewServer>();

beforeAll(async () => {
  for (const id of new Set(CASES.map((c) => c.tenant))) {
    const tenant = await loadTenant(`${ROOT}tenants`, id);
    if (!tenant.ok) throw new Error(tenant.problems.map(formatProblem).join("\n"));
    const preview = await startPreview({
      distDir: `${ROOT}dist/${id}`,
      port: 0,
      security: tenant.config,
      warn: () => {},
    });
    previews.set(id, preview);
  }
});
afterAll(async () => {
  await Promise.all([...previews.values()].map((p) => p.close()));
});

/** The reply to a GET with exactly these headers (no Accept-Language unless given). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; lang: string; vary: string; html: string }>(
    (done, failed) => {
      request(url, { headers }, (res) => {
        let html = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          html += chunk;
        });
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            lang: String(res.headers["content-language"]),
            vary: String(res.headers.vary),
            html,
          }),
        );
      })
        .on("error", failed)
        .end();
    },
  );
}

describe("the first byte is in the visitor's language (preview): cookie, Accept-Language, US variant", () => {
  it.each(CASES.map((c) => [`${c.tenant}: ${c.what}`, c] as const))("%s", async (_, c) => {
    const preview = previews.get(c.tenant);
    for (const path of ["/", "/contacts", "/event/1003"]) {
      const reply = await get(`${preview?.url}${path}`, c.headers);
      expect(reply.status, path).toBe(200);
      expect(reply.html, path).toContain(`<html lang="${c.expected}">`);
      expect(reply.lang, path).toBe(c.expected);
      expect(reply.vary, path).toMatch(/Cookie, Accept-Language/);
    }
  });
});
