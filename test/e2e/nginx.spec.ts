/**
 * The deploy files under a real nginx: every tenant's generated server block, pointed at its
 * dist/<id>/ (built by the test script before Playwright starts), served by one unprivileged
 * nginx per worker (own prefix, pid, temp paths and logs in a temp folder, ports on 127.0.0.1).
 * The demo backend is not behind it: the browser smoke only needs the app shell to render.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { renderNginxConf } from "../../cli/build/deploy.ts";
import type { BuildManifest } from "../../cli/build/manifest.ts";
import { loadTenant } from "../../cli/config/load.ts";
import {
  cookieValue,
  languageCookieName,
  servedLanguage,
} from "../../storefront/src/domain/pages.ts";
import { expect, type Page } from "./fixtures.ts";
import { LANGUAGE_CASES } from "./language-cases.ts";
import { deployConfig, type Nginx, TENANTS, test } from "./nginx-server.ts";
import { watchQuiet } from "./quiet.ts";
import { rawExchange, rawReply } from "./raw-socket.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

/** Collects the page's CSP violation reports in window.cspViolations, from before any script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

/** The headers every response must carry, errors included, as the deploy docs word them. */
function expectSecurityHeaders(res: Response, where: string) {
  const h = (name: string) => res.headers.get(name) ?? "";
  const csp = h("content-security-policy");
  const directive = (name: string) =>
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  expect(csp, where).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(directive("script-src"), where).toBe("script-src 'self'");
  // The bundle's stylesheets, and the one inline style (the first screen's CSS) by its hash.
  expect(directive("style-src"), where).toMatch(/^style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
  expect(directive("object-src"), where).toBe("object-src 'none'");
  expect(directive("base-uri"), where).toBe("base-uri 'none'");
  expect(directive("frame-ancestors"), where).toBe("frame-ancestors 'none'");
  // No tenant has api.origin or auth.authority: everything stays on the tenant's own origin.
  expect(directive("connect-src"), where).toBe("connect-src 'self'");
  expect(directive("img-src"), where).toBe("img-src 'self' data: blob:");
  expect(h("strict-transport-security"), where).toMatch(/^max-age=\d{8,}/);
  expect(h("x-content-type-options"), where).toBe("nosniff");
  expect(h("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  expect(h("permissions-policy"), where).toBe("camera=(self), microphone=(), geolocation=()");
}

for (const id of TENANTS) {
  test.describe(`${id} behind nginx`, () => {
    test("nginx's own errors (400, 414, oversized headers) carry every security header", async ({
      nginx,
    }) => {
      const get = (target: string, extra = "") =>
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;
      const cases: [string, string, number[]][] = [
        ["a malformed %", get("/%zz"), [400]],
        ["a truncated %", get("/event/%2"), [400]],
        ["an encoded NUL", get("/a%00b"), [400]],
        ["a 9 KB address", get(`/${"a".repeat(9 * 1024)}`), [414]],
        ["an oversized header", get("/", `X-Big: ${"b".repeat(9 * 1024)}\r\n`), [400, 494]],
        ["a garbage request line", "NOT HTTP\r\n\r\n", [400]],
      ];
      for (const [what, request, statuses] of cases) {
        const res = await rawExchange(nginx.url(id), request);
        expect(statuses, `${what}: status ${res.status}`).toContain(res.status);
        expectSecurityHeaders(res, what);
        expect(res.headers.get("x-frame-options"), what).toBe("DENY");
      }
    });

    test("the shipped nginx.conf is the template with a placeholder root", async () => {
      const tenant = await loadTenant("tenants", id);
      if (!tenant.ok) throw new Error("invalid tenant");
      const shipped = await readFile(join("dist", id, "nginx.conf"), "utf8");
      expect(shipped).toBe(await renderNginxConf(id, await deployConfig(id, tenant.config)));
      expect(shipped).toContain(`root "/srv/storefront/${id}";`);
    });

    test("headers on /, a deep route, an asset and a 404", async ({ nginx }) => {
      const tenant = await loadTenant("tenants", id);
      if (!tenant.ok) throw new Error("invalid tenant");
      const language = tenant.config.languages.default;
      const gzip = { headers: { "accept-encoding": "gzip" } };

      // Without a language preference: the prerendered page of the default language.
      for (const [path, page] of [
        ["/", "home"],
        ["/event/1/photos", "shell"],
      ] as const) {
        const res = await fetch(nginx.url(id, path), gzip);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(res.headers.get("cache-control"), path).toBe("no-cache");
        const html = await readFile(join("dist", id, "_pages", language, `${page}.html`), "utf8");
        expect(await res.text(), path).toBe(html);
        expectSecurityHeaders(res, path);
      }

      const manifest = JSON.parse(
        await readFile(join("dist", id, "build-manifest.json"), "utf8"),
      ) as BuildManifest;
      const script = manifest.files.find((f) => /^assets\/.+\.js$/.test(f.path) && f.bytes > 1024);
      const asset = await fetch(nginx.url(id, `/${script!.path}`), gzip);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toMatch(/javascript/);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("content-encoding")).toBe("gzip");
      expectSecurityHeaders(asset, script!.path);

      // A missing hashed file is a 404 with the security headers, never the app page.
      for (const path of ["/assets/index-0000000000.js", "/nginx.conf", "/public/x/api/v1/y"]) {
        const res = await fetch(nginx.url(id, path));
        expect(res.status, path).toBe(404);
        expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/immutable/);
        expect(await res.text(), path).not.toContain("tenant-settings");
        expectSecurityHeaders(res, path);
      }

      const webmanifest = await fetch(nginx.url(id, "/manifest.webmanifest"));
      expect(webmanifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
      expectSecurityHeaders(webmanifest, "/manifest.webmanifest");
    });

    test("the home page renders in Chromium with no CSP violation", async ({ page, nginx }) => {
      const refused: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await recordViolations(page);
      const quiet = watchQuiet(page);
      const res = await page.goto(nginx.url(id));
      expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
      await expect(page.locator("h1").first()).toBeVisible();
      await quiet();
      const violations = () =>
        page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(await violations()).toEqual([]);
      expect(refused).toEqual([]);
    });
  });
}

test.describe("the policy", () => {
  // This test provokes two violations on purpose: the guard would count them as failures.
  test.use({ guards: { pageErrors: true, csp: false } });

  test("the policy is enforced: inline script and style attributes refused, CSSOM styles allowed", async ({
    page,
    nginx,
  }) => {
    await recordViolations(page);
    await page.goto(nginx.url("mysport"));
    await expect(page.locator("h1").first()).toBeVisible();
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as { inlineRan?: boolean; cspViolations: string[] };
      // React's style prop sets element.style (CSSOM), which style-src does not govern: the
      // virtualized photo grid positions its rows that way.
      const viaCssom = document.createElement("div");
      viaCssom.style.height = "12px";
      document.body.append(viaCssom);
      const cssomViolations = w.cspViolations.length;
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.head.append(script);
      const viaAttribute = document.createElement("div");
      viaAttribute.setAttribute("style", "height: 12px");
      document.body.append(viaAttribute);
      await new Promise((done) => setTimeout(done, 200));
      return {
        cssomViolations,
        cssomHeight: viaCssom.getBoundingClientRect().height,
        attributeHeight: viaAttribute.getBoundingClientRect().height,
        inlineRan: w.inlineRan ?? false,
        violations: w.cspViolations,
      };
    });
    expect(outcome).toEqual({
      cssomViolations: 0,
      cssomHeight: 12,
      attributeHeight: 0,
      inlineRan: false,
      violations: [
        expect.stringMatching(/^script-src(-elem)? inline$/),
        expect.stringMatching(/^style-src(-attr)? inline$/),
      ],
    });
  });
});

test("the first byte is in the visitor's language: cookie, Accept-Language, host, US variant", async ({
  nginx,
}) => {
  for (const c of LANGUAGE_CASES) {
    for (const path of ["/", "/contacts", "/event/1003", "/index.html"]) {
      const where = `${c.tenant} ${c.what} ${path}`;
      // fetch() does not send a Host header of its own choosing: ask nginx with a raw request.
      const { host } = new URL(nginx.url(c.tenant));
      const lines = [
        `GET ${path} HTTP/1.1`,
        `Host: ${c.headers.Host ?? host}`,
        "Connection: close",
      ];
      for (const [name, value] of Object.entries(c.headers)) {
        if (name !== "Host") lines.push(`${name}: ${value}`);
      }
      const res = await rawExchange(nginx.url(c.tenant), `${lines.join("\r\n")}\r\n\r\n`);
      expect(res.status, where).toBe(200);
      expect(await res.text(), where).toContain(`<html lang="${c.expected}">`);
      expect(res.headers.get("content-language"), where).toBe(c.expected);
      expect(res.headers.get("vary"), where).toMatch(/Cookie, Accept-Language/);
    }
  }
});

/** A raw GET on the shared port with the given Host: what a browser or a scanner would send. */
const onSharedPort = (nginx: Nginx, host: string, path = "/") =>
  rawExchange(
    `http://127.0.0.1:${nginx.shared}`,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );

test.describe("five tenants on one port, as the README deploys them", () => {
  test("a host that is no tenant's, or a bare IP, gets no byte of any shop", async ({ nginx }) => {
    for (const host of [
      "unknown.example",
      `127.0.0.1:${nginx.shared}`,
      "127.0.0.1",
      "mysport.ru.evil",
    ]) {
      // 444: nginx closes the connection without an answer.
      const reply = await rawReply(
        `http://127.0.0.1:${nginx.shared}`,
        `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(reply, host).toBe("");
    }
  });

  test("each tenant's own hosts still reach its shop, a trailing dot included", async ({
    nginx,
  }) => {
    const cases: [string, TenantId, string][] = [
      ["mysport.ru", "mysport", "ru"],
      ["en.mysport.ru", "mysport", "en"],
      // A fully qualified name is the same host: its forced language holds.
      ["EN.mysport.ru.", "mysport", "en"],
    ];
    for (const [host, id, language] of cases) {
      const res = await onSharedPort(nginx, host);
      expect(res.status, host).toBe(200);
      const html = await res.text();
      expect(html, host).toContain(`<html lang="${language}">`);
      const expected = await readFile(join("dist", id, "_pages", language, "home.html"), "latin1");
      expect(html, host).toBe(expected);
    }
  });

  test("nginx -t accepts the tenants and the default server in one http {} without a warning", async ({
    nginx,
  }) => {
    expect(nginx.checkOutput).toContain("syntax is ok");
    expect(nginx.checkOutput).not.toMatch(/\[warn\]|variables_hash/);
  });

  test("a prerendered page is never served by its own address", async ({ nginx }) => {
    for (const id of TENANTS) {
      for (const path of ["/_pages/ru/home.html", "/_pages/en/contacts.html", "/_pages/"]) {
        const res = await fetch(nginx.url(id, path));
        expect(res.status, `${id} ${path}`).toBe(404);
      }
    }
  });
});

/**
 * Cookie headers a browser, a proxy or an attacker may send, well-formed or not, with the
 * tenant's own language cookie `name`; another tenant's and the older shared name count for none.
 */
const cookies = (name: string) => [
  null,
  `${name}=ru`,
  `${name}=en`,
  `${name}=es`,
  `${name}=EN`,
  `${name}=en|x`,
  `${name}= en`,
  `${name} =en`,
  `x=1; ${name}=en`,
  `${name}=en; ${name}=ru`,
  `${name}="en"`,
  `${name}=`,
  `${name}=en,x`,
  `${name.toUpperCase()}=en`,
  "storefront_lang=en",
  `${languageCookieName("another-tenant")}=en; ${name}_x=en`,
];
/** Accept-Language headers, the same. */
const ACCEPTS = [
  null,
  "ru",
  "en",
  "es",
  "de",
  "uk-UA",
  "kk",
  "1en",
  "-en",
  "en ru",
  "ru en",
  "ru\tx",
  " en",
  "en;q=0",
  "es-419",
  "*",
  ",en",
  "EN-us",
  "ru_RU",
  "zh-Hant-TW",
  "x-klingon",
  "en-",
];

test("nginx, the preview and the app's rule choose the same language for every cookie × Accept-Language", async ({
  nginx,
}) => {
  const disagreements: string[] = [];
  for (const id of ["mysport", "timerman"] as const) {
    const tenant = await loadTenant("tenants", id);
    if (!tenant.ok) throw new Error(`tenants/${id}.yaml is invalid`);
    const { languages, usVariant } = tenant.config;
    const name = languageCookieName(id);
    for (const cookie of cookies(name)) {
      for (const accept of ACCEPTS) {
        const headers: Record<string, string> = {};
        if (cookie !== null) headers.Cookie = cookie;
        if (accept !== null) headers["Accept-Language"] = accept;
        const rule = servedLanguage({
          available: languages.available,
          defaultLanguage: languages.default,
          usVariant,
          cookie: cookieValue(cookie, name),
          acceptLanguage: accept,
        });
        const [fromNginx, fromPreview] = await Promise.all(
          [nginx.url(id, "/contacts"), tenantUrl(id, "/contacts")].map((url) =>
            fetch(url, { headers }).then((r) => r.headers.get("content-language")),
          ),
        );
        if (fromNginx !== rule || fromPreview !== rule) {
          disagreements.push(
            `${id} ${JSON.stringify(headers)}: rule ${rule}, nginx ${fromNginx}, preview ${fromPreview}`,
          );
        }
      }
    }
  }
  expect(disagreements).toEqual([]);
});
