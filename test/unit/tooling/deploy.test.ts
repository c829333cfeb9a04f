import { describe, expect, it } from "vitest";
import { renderHeadersFile, renderNginxConf } from "../../../cli/build/deploy.ts";
import { contentSecurityPolicy, securityHeaders } from "../../../cli/build/security-headers.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";

async function tenant(id: string): Promise<TenantConfig> {
  const t = await loadTenant("tenants", id);
  if (!t.ok) throw new Error(`tenants/${id}.yaml is invalid`);
  return t.config;
}

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split("; ").map((d) => {
      const [name = "", ...sources] = d.split(" ");
      return [name, sources];
    }),
  );

/** The body of each `location … { … }` block of a generated server block. */
function locations(conf: string): { name: string; body: string }[] {
  return [...conf.matchAll(/^ {4}location ([^{]+)\{\n([\s\S]*?)^ {4}\}/gm)].map((m) => ({
    name: (m[1] ?? "").trim(),
    body: m[2] ?? "",
  }));
}

/** Every `map $source $variable { key "value"; … }` of the file: variable → key → value. */
function mapsOf(conf: string): Record<string, Record<string, string>> {
  const maps: Record<string, Record<string, string>> = {};
  for (const m of conf.matchAll(/^map \S+ (\S+) \{\n([\s\S]*?)^\}/gm)) {
    const entries = [...(m[2] ?? "").matchAll(/^ +(\S+) "([^"]*)";$/gm)];
    maps[m[1] ?? ""] = Object.fromEntries(entries.map((e) => [e[1] ?? "", e[2] ?? ""]));
  }
  return maps;
}

describe("content security policy", () => {
  it("allows only the bundle itself when the API and sign-in share the origin", async () => {
    const csp = directives(contentSecurityPolicy(await tenant("mysport")));
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["style-src"]).toEqual(["'self'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["frame-src"]).toBeUndefined();
  });

  it("allows the pages' inline style by its hash, and refuses anything else in its place", async () => {
    const hash = `'sha256-${"A".repeat(43)}='`;
    const csp = directives(
      contentSecurityPolicy({ ...(await tenant("mysport")), styleHashes: [hash] }),
    );
    expect(csp["style-src"]).toEqual(["'self'", hash]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    for (const bad of ["'unsafe-inline'", "'sha256-x'; script-src *", `${hash} 'unsafe-inline'`]) {
      expect(() => contentSecurityPolicy({ api: {}, styleHashes: [bad] })).toThrow(
        /not a style hash/,
      );
    }
  });

  it("allows a dev page's own nonce for its scripts and styles, and refuses anything else in its place", async () => {
    const nonce = "qXLZ0NEiV+Zi48aD4etYTg==";
    const csp = directives(contentSecurityPolicy({ ...(await tenant("mysport")), nonce }));
    expect(csp["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp["style-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    for (const bad of ["short", `${nonce}' 'unsafe-inline`, `${nonce}; script-src *`, ""]) {
      expect(() => contentSecurityPolicy({ api: {}, nonce: bad })).toThrow(/not a nonce/);
    }
  });

  it("adds the API origin and the identity provider, as origins, where each is needed", async () => {
    const base = await tenant("mysport");
    const config: TenantConfig = {
      ...base,
      api: { origin: "https://api.mysport.example" },
      auth: { authority: "https://id.mysport.example/realms/x", realm: "x", clientId: "shop" },
    };
    const csp = directives(contentSecurityPolicy(config));
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://api.mysport.example",
      "https://id.mysport.example",
    ]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:", "https://api.mysport.example"]);
    expect(csp["frame-src"]).toEqual(["'self'", "https://id.mysport.example"]);
    expect(contentSecurityPolicy(config)).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});

describe("nginx.conf", () => {
  it("sends every security header at server level with `always`; no location drops them", async () => {
    const config = await tenant("mysport");
    const conf = await renderNginxConf("mysport", config);
    const blocks = locations(conf);
    expect(blocks.map((b) => b.name)).toEqual([
      "/assets/",
      "= /index.html",
      "= /manifest.webmanifest",
      "~* ^/(nginx\\.conf|nginx-default\\.conf|_headers|_redirects|build-manifest\\.json)/?$",
      "~* ^/_pages/",
      "/public/",
      "/auth/",
      "= /auth-callback",
      "/",
    ]);
    // An add_header inside a location would drop every server-level one (nginx inheritance).
    for (const { name, body } of blocks) expect(body, name).not.toMatch(/add_header/);
    const serverLevel = conf.replace(/^ {4}location [^{]+\{[\s\S]*?^ {4}\}/gm, "");
    const value = (name: string) =>
      new RegExp(`^ {4}add_header ${name} (\\S+|"[^"]*") always;$`, "m").exec(serverLevel)?.[1];
    const maps = mapsOf(conf);
    for (const frameable of [false, true]) {
      const key = frameable ? "~^/auth-callback(\\?|$)" : "default";
      for (const h of securityHeaders(config, frameable)) {
        const v = value(h.name) ?? "";
        const actual = v.startsWith("$") ? maps[v]?.[key] : v.replace(/^"|"$/g, "");
        expect([frameable, h.name, actual]).toEqual([frameable, h.name, h.value]);
      }
    }
    // Cache-Control only on successes (no `always`): a missing asset is never cached a year.
    expect(serverLevel).toMatch(/^ {4}add_header Cache-Control \$storefront_mysport_cache;$/m);
  });

  it("caches hashed assets for a year, revalidates the page, and 404s a missing asset", async () => {
    const blocks = locations(await renderNginxConf("ironstar", await tenant("ironstar")));
    const body = (name: string) => blocks.find((b) => b.name === name)?.body ?? "";
    expect(body("/assets/")).toContain("try_files $uri =404;");
    const conf = await renderNginxConf("ironstar", await tenant("ironstar"));
    expect(conf).toContain(
      'map $uri $storefront_ironstar_cache {\n    default "no-cache";\n    ~^/assets/ "public, max-age=31536000, immutable";\n}',
    );
    // An app address: its prerendered page in the visitor's language, index.html as a last resort.
    expect(body("/")).toMatch(
      /try_files \$uri \/_pages\/\$storefront_\w+_language\/\$storefront_\w+_page\.html \/index\.html;/,
    );
    // ironstar has no sign-in: no /auth/ carve-out from the app's routes.
    expect(blocks.map((b) => b.name)).not.toContain("/auth/");
  });

  it("serves the tenant's hosts from the given root and listen address", async () => {
    const conf = await renderNginxConf("mysport", await tenant("mysport"), {
      root: "/var/www/shop one",
      listen: ["127.0.0.1:8080"],
    });
    expect(conf).toContain("    server_name mysport.ru en.mysport.ru;\n");
    expect(conf).toContain('    root "/var/www/shop one";\n');
    expect(conf.match(/^ {4}listen .*$/gm)).toEqual(["    listen 127.0.0.1:8080;"]);
    expect(await renderNginxConf("mysport", await tenant("mysport"))).toContain(
      'root "/srv/storefront/mysport";',
    );
  });

  it("refuses a root nginx would read as a variable", async () => {
    await expect(
      renderNginxConf("mysport", await tenant("mysport"), { root: "/srv/$host", listen: ["80"] }),
    ).rejects.toThrow(/cannot be written into nginx.conf/);
  });
});

describe("sign-in callback", () => {
  it("only tenants with sign-in get a callback page framable by their own origin", async () => {
    const mysport = await renderNginxConf("mysport", await tenant("mysport"));
    expect(locations(mysport).map((l) => l.name)).toContain("= /auth-callback");
    expect(mysport).toMatch(/~\^\/auth-callback\(\\\?\|\$\) "[^"]*frame-ancestors 'self'";/);
    expect(mysport).toMatch(/~\^\/auth-callback\(\\\?\|\$\) "SAMEORIGIN";/);
    const ironstar = await renderNginxConf("ironstar", await tenant("ironstar"));
    expect(locations(ironstar).map((l) => l.name)).not.toContain("= /auth-callback");
    expect(ironstar).not.toContain("frame-ancestors 'self'");
  });

  it("the callback page, whose address holds the sign-in code, is served with no Referer", async () => {
    const mysport = await renderNginxConf("mysport", await tenant("mysport"));
    expect(mysport).toMatch(/~\^\/auth-callback\(\\\?\|\$\) "no-referrer";/);
    expect(mysport).toMatch(/default "strict-origin-when-cross-origin";/);
    expect(mysport).toMatch(
      /add_header Referrer-Policy \$storefront_mysport_referrer_policy always;/,
    );
    const headers = await renderHeadersFile("mysport", await tenant("mysport"));
    expect(headers).toMatch(/\n\/auth-callback\n {2}Referrer-Policy: no-referrer\n/);
    expect(await renderHeadersFile("ironstar", await tenant("ironstar"))).not.toContain(
      "no-referrer",
    );
  });
});

describe("_headers (Netlify, Cloudflare Pages)", () => {
  it("sends the security headers everywhere and Cache-Control per path only", async () => {
    const config = await tenant("timerman");
    const text = await renderHeadersFile("timerman", config);
    const rules = new Map<string, string[]>();
    let path = "";
    for (const line of text.split("\n")) {
      if (line.startsWith("#") || line.trim() === "") continue;
      if (line.startsWith(" ")) {
        rules.get(path)?.push(line.trim());
      } else {
        path = line;
        rules.set(path, []);
      }
    }
    expect(rules.get("/*")).toEqual(securityHeaders(config).map((h) => `${h.name}: ${h.value}`));
    expect(rules.get("/assets/*")).toEqual(["Cache-Control: public, max-age=31536000, immutable"]);
    expect(rules.get("/index.html")).toEqual(["Cache-Control: no-cache"]);
    expect(rules.get("/")).toEqual(["Cache-Control: no-cache"]);
  });

  /** The paths `_headers` names as PDFs, each revalidated as nginx.conf sends them. */
  async function documentRules(config: TenantConfig): Promise<string[]> {
    const text = await renderHeadersFile("timerman", config);
    const rules = [...text.matchAll(/^(\/\S+)\n((?: {2}.+\n)+)/gm)];
    const pdf = "  Content-Type: application/pdf\n  Cache-Control: no-cache\n";
    return rules.filter((r) => r[2] === pdf).map((r) => r[1] ?? "");
  }

  it("names the privacy policy and the public offer in each language as PDFs, revalidated", async () => {
    const config = await tenant("timerman");
    expect(await documentRules(config)).toEqual([
      "/policy.pdf",
      "/policy.ru.pdf",
      "/policy.en.pdf",
      "/policy.es.pdf",
      "/offer.pdf",
      "/offer.ru.pdf",
      "/offer.en.pdf",
      "/offer.es.pdf",
    ]);
    // A tenant with its own offer links to it: the bundle has no offer file to name.
    const url = { ru: "https://t.example/oferta", en: "https://t.example/terms" };
    expect(await documentRules({ ...config, offer: { url: { ...url, es: url.en } } })).toEqual([
      "/policy.pdf",
      "/policy.ru.pdf",
      "/policy.en.pdf",
      "/policy.es.pdf",
    ]);
  });
});
