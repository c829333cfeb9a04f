import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  renderHeadersFile,
  renderNginxConf,
  securityHeaders,
} from "../../../cli/build/deploy.ts";
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
  it("repeats every security header, with `always`, in every location that adds headers", async () => {
    const config = await tenant("mysport");
    const conf = await renderNginxConf("mysport", config);
    const blocks = locations(conf);
    expect(blocks.map((b) => b.name)).toEqual([
      "/assets/",
      "= /index.html",
      "= /manifest.webmanifest",
      "~ ^/(nginx\\.conf|_headers)$",
      "/public/",
      "/auth/",
      "= /auth-callback",
      "/",
    ]);
    // nginx drops server-level add_header in a location that has its own: so none at server level.
    const serverLevel = conf.replace(/^ {4}location [^{]+\{[\s\S]*?^ {4}\}/gm, "");
    expect(serverLevel).not.toMatch(/^\s*add_header/m);
    for (const { name, body } of blocks) {
      // The sign-in callback alone may be framed, by the shop itself (the silent session check).
      const frameable = name === "= /auth-callback";
      for (const h of securityHeaders(config, frameable)) {
        expect(body, `${name}: ${h.name}`).toContain(`add_header ${h.name} "${h.value}" always;`);
      }
    }
  });

  it("caches hashed assets for a year, revalidates the page, and 404s a missing asset", async () => {
    const blocks = locations(await renderNginxConf("ironstar", await tenant("ironstar")));
    const body = (name: string) => blocks.find((b) => b.name === name)?.body ?? "";
    expect(body("/assets/")).toContain("try_files $uri =404;");
    expect(body("/assets/")).toMatch(/Cache-Control "public, max-age=31536000, immutable";\n/);
    expect(body("= /index.html")).toMatch(/Cache-Control "no-cache";\n/);
    expect(body("/")).toContain("try_files $uri /index.html;");
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
    const callback = locations(mysport).find((l) => l.name === "= /auth-callback");
    expect(callback?.body).toContain("frame-ancestors 'self'");
    expect(callback?.body).toContain('add_header X-Frame-Options "SAMEORIGIN" always;');
    const ironstar = await renderNginxConf("ironstar", await tenant("ironstar"));
    expect(locations(ironstar).map((l) => l.name)).not.toContain("= /auth-callback");
    expect(ironstar).not.toContain("frame-ancestors 'self'");
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
});
