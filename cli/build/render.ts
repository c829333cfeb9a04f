import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import Handlebars from "handlebars";
import * as sass from "sass";
import { isShell, pageFile, tenantPages } from "../../storefront/src/domain/pages.ts";
import type { PrerenderedPage } from "../../storefront/src/prerender.tsx";
import type { AssetBytes } from "../config/assets.ts";
import type { Language, RuntimeSettings, TenantConfig } from "../config/schema.ts";
import type { CoreBuild } from "./core.ts";
import { TEMPLATES_DIR } from "./paths.ts";
import { renderPolicyPdf } from "./policy-pdf.ts";

const hbs = Handlebars.create();
hbs.registerHelper("json", (value: unknown) => new Handlebars.SafeString(JSON.stringify(value)));

const templateCache = new Map<string, Handlebars.TemplateDelegate>();
async function template(name: string): Promise<Handlebars.TemplateDelegate> {
  let t = templateCache.get(name);
  if (!t) {
    t = hbs.compile(await readFile(join(TEMPLATES_DIR, name), "utf8"), { strict: true });
    templateCache.set(name, t);
  }
  return t;
}

type Prerenderer = {
  renderPage: (s: RuntimeSettings, l: Language, p: string) => Promise<PrerenderedPage>;
};
const prerenderers = new Map<string, Promise<Prerenderer>>();
/** The core's prerender module, loaded once per core build. */
function prerenderer(core: CoreBuild): Promise<Prerenderer> {
  let loaded = prerenderers.get(core.prerender);
  if (!loaded) {
    loaded = import(pathToFileURL(core.prerender).href) as Promise<Prerenderer>;
    prerenderers.set(core.prerender, loaded);
  }
  return loaded;
}

/** The copyright year: SOURCE_DATE_EPOCH when set (reproducible builds), else today's. */
function buildYear(): number {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return (
    Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date()
  ).getUTCFullYear();
}

const MIME: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
};

/**
 * JSON that is safe inside a <script type="application/json"> element: no "<" can close
 * the element and no line separator can break a consumer.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const shortHash = (data: string | Uint8Array) =>
  createHash("sha256").update(data).digest("hex").slice(0, 10);

export type TenantFiles = Map<string, string | Uint8Array>;

/**
 * CSS as the text of a <style> element: the HTML parser ends the element at the first "</style",
 * whatever CSS string it stands in, so "</" is written with CSS's own escape ("<\/" reads as
 * "</" to the CSS parser). Theme values come from tenant YAML.
 */
export function styleElementText(css: string): string {
  return css.replace(/<\//g, "<\\/");
}

/** A CSP source that allows exactly this inline text (CSP Level 2 hash source). */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** A tenant's rendered files, and the hashes its CSP must allow for the pages' inline styles. */
export interface RenderedTenant {
  files: TenantFiles;
  styleHashes: string[];
}

/** Renders every per-tenant file (pages, robots, manifest, policy.pdf, logos, favicon). */
export async function renderTenant(
  id: string,
  config: TenantConfig,
  assets: AssetBytes,
  core: CoreBuild,
): Promise<RenderedTenant> {
  const files: TenantFiles = new Map();
  const lang = config.languages.default;

  // The bytes the loader checked (size, SVG policy): a path is never read a second time.
  const checked = (rel: string) => {
    const data = assets.get(rel);
    if (!data) throw new Error(`${rel} was not checked by the loader`);
    return data;
  };
  const asset = async (rel: string) => {
    const data = checked(rel);
    const ext = extname(rel);
    const name = `assets/${basename(rel, ext)}-${shortHash(data)}${ext}`;
    files.set(name, data);
    return name;
  };
  const logo = await asset(config.theme.logo);
  const logoSmall = await asset(config.theme.logoSmall);
  const faviconExt = extname(config.theme.favicon);
  const favicon = `favicon${faviconExt}`;
  files.set(favicon, checked(config.theme.favicon));
  const faviconType = MIME[faviconExt] ?? "image/png";

  // The theme (from the tenant's tokens) and the app's first-screen stylesheet, inlined in every
  // page: the first paint waits for no stylesheet request, one slow-network round trip less.
  // The CSP allows exactly this text by its hash (deploy.ts); no 'unsafe-inline'.
  const scss = (await template("theme.scss.hbs"))(config.theme);
  const themeCss = sass.compileString(scss, { style: "compressed" }).css;
  const appCss = await Promise.all(core.css.map((f) => readFile(join(core.dir, f), "utf8")));
  const inlineCss = styleElementText([themeCss, ...appCss].join("\n"));
  const styleHashes = [cspHash(inlineCss)];

  const { palette, typography: _t, radius: _r, ...themeRest } = config.theme;
  const hero = config.theme.hero ? await asset(config.theme.hero) : undefined;
  // Where nginx finds the certificate is the server's business, not the browser's.
  const { tls: _tls, ...browserConfig } = config;
  const settings: RuntimeSettings = {
    ...browserConfig,
    id,
    year: buildYear(),
    theme: {
      ...themeRest,
      logo: `/${logo}`,
      logoSmall: `/${logoSmall}`,
      favicon: `/${favicon}`,
      ...(hero ? { hero: `/${hero}` } : {}),
    },
  };

  // Every page in every language the tenant offers, prerendered (DESIGN 3a); the server picks
  // the file by the visitor's language. index.html is home in the default language: what a host
  // without the generated config serves for every path (the app then renders what it needs).
  const bootFile = `assets/boot-${shortHash(core.boot)}.js`;
  files.set(bootFile, core.boot);
  const page = await template("index.html.hbs");
  const { renderPage } = await prerenderer(core);
  for (const language of config.languages.available) {
    // A shell has nothing to read until the app renders the route: its JavaScript is the page's
    // critical path, so the HTML asks for it at once, beside the stylesheets (see boot-script.ts).
    const shellScripts = [core.entry, ...core.preload, core.locales[language]].filter(
      (f): f is string => !!f,
    );
    for (const kind of tenantPages(config.menu)) {
      const rendered = await renderPage(settings, language, kind);
      const html = page({
        lang: language,
        page: kind,
        title: rendered.title,
        themeColor: palette.primary,
        favicon,
        faviconType,
        inlineCss,
        // The files of that CSS, as disabled links: never fetched or applied, they tell the
        // app's chunk loader (Vite's preload helper) that the stylesheet is on the page already.
        inlinedCssFiles: core.css,
        boot: bootFile,
        modulePreload: isShell(kind) ? shellScripts : [],
        hero: kind === "home" ? hero : undefined,
        settingsJson: scriptSafeJson(settings),
        root: rendered.html,
        noscript: rendered.noscriptNav,
        loadFailed: rendered.loadFailed,
      });
      files.set(pageFile(language, kind), html);
      if (language === lang && kind === "home") files.set("index.html", html);
      // What a static host without the generated config answers for a path that is no file
      // and no route (Netlify, Cloudflare Pages): the shell, with status 404; the app then
      // sends the visitor home as the spec says. A missing asset is a 404 there too.
      if (language === lang && kind === "shell") files.set("404.html", html);
    }
  }
  files.set("robots.txt", (await template("robots.txt.hbs"))({}));
  // The privacy policy of the contacts page (spec §2: /policy.pdf).
  files.set(
    "policy.pdf",
    renderPolicyPdf({ tenantName: config.tenantName, supportEmail: config.support.email }),
  );
  files.set(
    "manifest.webmanifest",
    (await template("manifest.webmanifest.hbs"))({
      name: config.tenantName,
      lang,
      background: palette.background,
      themeColor: palette.primary,
      favicon: `/${favicon}`,
      faviconType,
    }),
  );
  return { files, styleHashes };
}
