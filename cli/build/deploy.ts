/**
 * A bundle's deploy files: an nginx server block (`nginx.conf`) and a Netlify / Cloudflare
 * Pages `_headers` file. Both come from templates and carry the same security headers, which
 * are decided here once, from the tenant's data (its API origin and identity provider).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import Handlebars from "handlebars";
import { pageFile, pageForPath } from "../../storefront/src/domain/pages.ts";
import { ROUTE_NAMES, routeEntry } from "../../storefront/src/routes.ts";
import type { TenantConfig } from "../config/schema.ts";
import { documentFiles } from "./documents.ts";
import { nginxPageMaps } from "./nginx-pages.ts";
import { TEMPLATES_DIR } from "./paths.ts";
import { type Header, IMMUTABLE, REVALIDATE, securityHeaders } from "./security-headers.ts";

/** A tenant and what its build made that the deploy files must know (the inline styles' hashes). */
export type DeployConfig = TenantConfig & { styleHashes?: readonly string[] | undefined };

/** Where the bundle is assumed to live until the operator sets `root` for their server. */
export const defaultRoot = (id: string) => `/srv/storefront/${id}`;
export const DEFAULT_LISTEN = ["80", "[::]:80"];

export interface NginxTarget {
  /** The folder holding the bundle (dist/<id>/ as deployed). */
  root: string;
  /** `listen` arguments, one directive each (the HTTPS ones when the tenant has `tls`). */
  listen: string[];
  /** With `tls`: the port-80 `listen` arguments of the server that only redirects to HTTPS. */
  redirectListen?: string[];
  /**
   * Where /assets/ is served from when it is not `root` (a published tenant's shared assets
   * folder: its assets/ holds the hashed files of every kept release).
   */
  assetsRoot?: string;
  /** A deploy preview's block instead of the live one (cli/publish/preview.ts). */
  preview?: NginxPreview;
}

/** What a preview's server block adds: its host, the signed-link guard, noindex, the banner. */
export interface NginxPreview {
  name: string;
  host: string;
  /** The file (mode 600) that sets $storefront_preview_secret; the block includes it. */
  secretFile: string;
  /** Seconds the cookie a link is exchanged for lasts (the link's own expiry is checked too). */
  cookieMaxAge: number;
  tokenParam: string;
  expiresParam: string;
  cookie: string;
  /** The banner: its style (allowed by its hash) and its words in each of the tenant's languages. */
  banner: { css: string; text: Record<string, string> };
}

/** Where HTTPS is served when the tenant's YAML names its certificate (`tls`). */
export const TLS_LISTEN = ["443 ssl http2", "[::]:443 ssl http2"];

/** Same-origin paths the storefront calls that belong to the backend, not to the app. */
export function backendPaths(config: TenantConfig): string[] {
  const paths: string[] = [];
  if (!config.api.origin) paths.push("/public/");
  // Without auth.authority the identity provider is at {host}/auth (see the schema).
  if (config.auth && !config.auth.authority) paths.push("/auth/");
  return paths;
}

/** A value inside an nginx double-quoted string: `$` would be read as a variable. */
function nginxSafe(value: string): string {
  if (/["\\$\n]/.test(value)) throw new Error(`cannot be written into nginx.conf: ${value}`);
  return value;
}

const hbs = Handlebars.create();
const templates = new Map<string, Handlebars.TemplateDelegate>();
async function template(name: string): Promise<Handlebars.TemplateDelegate> {
  let t = templates.get(name);
  if (!t) {
    const source = await readFile(join(TEMPLATES_DIR, name), "utf8");
    // Not HTML: escaping would corrupt quotes in the CSP. Every value is checked instead.
    t = hbs.compile(source, { strict: true, noEscape: true });
    templates.set(name, t);
  }
  return t;
}

/**
 * The one-line file an operator adds where ngx_brotli is loaded (docs/deploying.md); the server
 * block includes it by a glob pattern, which nginx accepts when nothing matches.
 */
export const BROTLI_SNIPPET = {
  brotliSnippet: "snippets/storefront-brotli.conf",
  brotliInclude: "snippets/storefront-brotli[.]conf",
};

/** The tenant's nginx server block; the build writes it with the default root and listen. */
export async function renderNginxConf(
  id: string,
  tenant: DeployConfig,
  target: NginxTarget = defaultTarget(id, tenant),
): Promise<string> {
  const preview = target.preview ? previewView(id, target.preview) : null;
  // A preview answers its own host, over the listen given (TLS ends in front of it), with a
  // CSP that also allows the banner's style.
  const config: DeployConfig = preview
    ? {
        ...tenant,
        tls: undefined,
        styleHashes: [...(tenant.styleHashes ?? []), preview.styleHash],
      }
    : tenant;
  const hosts = preview
    ? [preview.host]
    : [...new Set(config.hosts.map((h) => h.host.replace(/:\d+$/, "")))];
  const varName = preview?.varName ?? id.replace(/-/g, "_");
  const safe = (headers: Header[]) =>
    new Map(headers.map((h) => [h.name, nginxSafe(h.value)] as const));
  const normal = safe(securityHeaders(config));
  // Only tenants with sign-in have the callback page that the silent check frames.
  const callback = config.auth ? safe(securityHeaders(config, true)) : null;
  // CSP and X-Frame-Options differ on the callback page: they are map variables; the rest are
  // the same everywhere.
  const varying = new Set(["Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"]);
  const tls = config.tls
    ? {
        certificate: nginxSafe(config.tls.certificate),
        certificateKey: nginxSafe(config.tls.certificateKey),
        redirectListen: (target.redirectListen ?? DEFAULT_LISTEN).map(nginxSafe),
      }
    : null;
  return (await template("nginx.conf.hbs"))({
    id,
    root: nginxSafe(target.root),
    assetsRoot: target.assetsRoot === undefined ? null : nginxSafe(target.assetsRoot),
    listen: target.listen.map(nginxSafe),
    tls,
    // "_" matches no real host: without hosts the block only serves as a port's default.
    serverNames: hosts.length > 0 ? hosts.join(" ") : "_",
    // nginx variable names take [A-Za-z0-9_]; tenant ids are [a-z0-9-], so this stays unique.
    vars: `storefront_${varName}`,
    csp: normal.get("Content-Security-Policy"),
    frameOptions: normal.get("X-Frame-Options"),
    callbackCsp: callback?.get("Content-Security-Policy") ?? null,
    callbackFrameOptions: callback?.get("X-Frame-Options") ?? null,
    referrerPolicy: normal.get("Referrer-Policy"),
    callbackReferrerPolicy: callback?.get("Referrer-Policy") ?? null,
    headers: [...normal]
      .filter(([name]) => !varying.has(name))
      .map(([name, value]) => ({ name, value })),
    immutable: IMMUTABLE,
    revalidate: REVALIDATE,
    backendPaths: backendPaths(config),
    pages: nginxPageMaps(id, config, varName),
    preview,
    callbackHeaders: callback !== null,
    ...BROTLI_SNIPPET,
  });
}

/** A text nginx reads literally inside single quotes (a map's value, sub_filter's). */
function nginxQuoted(value: string): string {
  if (/['\\$\n]/.test(value)) throw new Error(`cannot be written into nginx.conf: ${value}`);
  return value;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

/** A preview block's values for the template. */
function previewView(id: string, p: NginxPreview) {
  const css = nginxQuoted(p.banner.css);
  const banners = Object.entries(p.banner.text).map(([language, text]) => ({
    language: nginxSafe(language),
    html: nginxQuoted(
      `<div class="storefront-preview" role="note" lang="${escapeHtml(language)}">${escapeHtml(text)}</div>`,
    ),
  }));
  return {
    host: nginxSafe(p.host),
    // Upper case never occurs in ids or names ([a-z0-9-]): `_P_` keeps the variables unique.
    varName: `${id.replace(/-/g, "_")}_P_${p.name.replace(/-/g, "_")}`,
    secretFile: nginxSafe(p.secretFile),
    cookieMaxAge: Math.max(0, Math.floor(p.cookieMaxAge)),
    tokenParam: p.tokenParam,
    expiresParam: p.expiresParam,
    cookie: p.cookie,
    head: nginxQuoted(`<meta name="robots" content="noindex, nofollow"><style>${css}</style>`),
    styleHash: `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`,
    banners,
    // The first language given is the tenant's default: a page in no other gets its banner.
    defaultBanner: banners[0]?.html ?? "",
  };
}

/** Where the build assumes the bundle is served: port 80, or 443 with a port-80 redirect. */
export function defaultTarget(id: string, config: Pick<TenantConfig, "tls">): NginxTarget {
  return config.tls
    ? { root: defaultRoot(id), listen: TLS_LISTEN, redirectListen: DEFAULT_LISTEN }
    : { root: defaultRoot(id), listen: DEFAULT_LISTEN };
}

/**
 * The server that answers every request no tenant's `server_name` matches (an unknown Host,
 * a bare IP, no Host at all): it closes the connection (444) without a byte of any tenant's
 * shop; TLS handshakes for unknown names are refused before a certificate is shown. Included
 * once per nginx, beside the tenants' files; it also sizes the variables hash for many tenants'
 * maps in one http {}.
 */
export async function renderDefaultServerConf(
  listen: readonly string[] = [...DEFAULT_LISTEN, ...TLS_LISTEN],
): Promise<string> {
  const isTls = (l: string) => l.split(/\s+/).includes("ssl");
  // Nothing here is a page: its own errors may load nothing and be framed by no one.
  const strict = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  const headers = securityHeaders({ api: {}, auth: undefined })
    .filter((h) => h.name !== "Strict-Transport-Security")
    .map((h) => (h.name === "Content-Security-Policy" ? { ...h, value: strict } : h));
  return (await template("nginx-default.conf.hbs"))({
    listen: listen.map((l) => ({ address: nginxSafe(l) })),
    tls: listen.some(isTls),
    headers,
  });
}

/** The Netlify / Cloudflare Pages `_headers` file. */
export async function renderHeadersFile(id: string, config: DeployConfig): Promise<string> {
  return (await template("_headers.hbs"))({
    id,
    headers: securityHeaders(config),
    // Both hosts join the values of matching rules; of a Referrer-Policy list the last wins.
    callbackReferrerPolicy: config.auth ? "no-referrer" : null,
    immutable: IMMUTABLE,
    revalidate: REVALIDATE,
    documents: documentFiles(config).map((file) => `/${file}`),
  });
}

/**
 * The Netlify (and Cloudflare Pages) `_redirects` file: every route of the app answered with its
 * prerendered page in the tenant's default language, as a rewrite (200). One rule per route of
 * the route table, never a catch-all: a real file (an asset, /policy.pdf) is never shadowed on
 * either host (Cloudflare applies a rule even where a file exists), and a missing asset stays a
 * 404 (404.html, the shell). These hosts cannot choose the visitor's language as nginx does:
 * Netlify's `Language=` reads the first two letters of the header and `Cookie=` only whether a
 * cookie exists, so the app switches to the visitor's language at start (docs/deploying.md).
 */
export function renderRedirectsFile(id: string, config: TenantConfig): string {
  const language = config.languages.default;
  const lines = [
    `# Routes of the ${id} storefront for Netlify and Cloudflare Pages: each answered with its`,
    "# prerendered page (a 200 rewrite). Generated by `storefront build` from the route table",
    "# (storefront/src/routes.ts): change that, not this copy.",
  ];
  const seen = new Set<string>();
  for (const name of ROUTE_NAMES) {
    const { path } = routeEntry(name);
    if (path === "/" || seen.has(path)) continue;
    seen.add(path);
    const page = pageForPath(path.replace(/:[a-z]+/g, "x"), config.menu);
    const target = `/${pageFile(language, page).replace(/\.html$/, "")}`;
    // With and without a trailing slash, as nginx and the app's router read a path.
    lines.push(`${path}  ${target}  200`, `${path}/  ${target}  200`);
  }
  return `${lines.join("\n")}\n`;
}

/** Both deploy files, named as they sit in dist/<id>/. No dates: builds stay reproducible. */
export async function renderDeployFiles(
  id: string,
  config: DeployConfig,
): Promise<Map<string, string>> {
  return new Map([
    ["nginx.conf", await renderNginxConf(id, config)],
    ["nginx-default.conf", await renderDefaultServerConf()],
    ["_headers", await renderHeadersFile(id, config)],
    ["_redirects", renderRedirectsFile(id, config)],
  ]);
}
