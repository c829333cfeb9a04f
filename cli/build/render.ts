import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { basename, dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import Handlebars from "handlebars";
import { isShell, pageFile, tenantPages } from "../../storefront/src/domain/pages.ts";
import type { PrerenderedPage } from "../../storefront/src/prerender.tsx";
import type { AssetBytes } from "../config/assets.ts";
import {
  FALLBACK_FONT,
  type FallbackOverrides,
  fallbackFamily,
  fallbackOverrides,
  fontMetrics,
  fontStack,
} from "../config/fonts.ts";
import type { Language, RuntimeSettings, TenantConfig } from "../config/schema.ts";
import { type BrandImages, brandImages } from "./brand-images.ts";
import type { CoreBuild } from "./core.ts";
import { offerFiles } from "./offer-pdf.ts";
import { pageMeta } from "./page-meta.ts";
import { CORE_CACHE_DIR, TEMPLATES_DIR } from "./paths.ts";
import { policyFiles } from "./policy-pdf.ts";
import type { RenderMemo } from "./render-memo.ts";
import { WORKER_FILE } from "./service-worker.ts";
import { webManifest } from "./web-manifest.ts";
import { buildYear } from "./year.ts";

const hbs = Handlebars.create();
hbs.registerHelper("json", (value: unknown) => new Handlebars.SafeString(JSON.stringify(value)));

/**
 * A template, compiled once per text: read again on every call, so a long-running `storefront
 * dev` renders with templates/ as it is now, not as it was when the process started.
 */
const templateCache = new Map<string, { text: string; compiled: Handlebars.TemplateDelegate }>();
async function template(name: string): Promise<Handlebars.TemplateDelegate> {
  const text = await readFile(join(TEMPLATES_DIR, name), "utf8");
  let t = templateCache.get(name);
  if (t?.text !== text) {
    t = { text, compiled: hbs.compile(text, { strict: true }) };
    templateCache.set(name, t);
  }
  return t.compiled;
}

type Prerenderer = {
  renderPage: (s: RuntimeSettings, l: Language, p: string) => Promise<PrerenderedPage>;
};
const prerenderers = new Map<string, Promise<Prerenderer>>();
/** The core's prerender module, loaded once per core build. */
function prerenderer(core: CoreBuild): Promise<Prerenderer> {
  let loaded = prerenderers.get(core.prerender);
  if (!loaded) {
    // React and MobX pick their build when first loaded, by NODE_ENV: the development ones
    // check and record every element (several times slower per page) and render the same
    // markup. The pages are production pages, whoever runs the build.
    const callerEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    loaded = (import(pathToFileURL(core.prerender).href) as Promise<Prerenderer>).finally(() => {
      if (callerEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = callerEnv;
    });
    prerenderers.set(core.prerender, loaded);
  }
  return loaded;
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

/** Text from HTML text as React escapes it (prerender.tsx's title): the five entities back. */
const htmlText = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

const shortHash = (data: string | Uint8Array) =>
  createHash("sha256").update(data).digest("hex").slice(0, 10);

export type TenantFiles = Map<string, string | Uint8Array>;

/** One weight of the brand font and its matched fallback, as theme.scss.hbs declares them. */
interface FontFace extends FallbackOverrides {
  family: string;
  fallback: string;
  file: string;
  weight: 400 | 700;
  /** The local() sources of the fallback. */
  local: string;
}

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

/** Compiled theme CSS, beside the core cache: one file per theme source and core build. */
const THEME_CSS_CACHE = resolve(CORE_CACHE_DIR, "..", "storefront-theme-css");

/**
 * The theme's SCSS compiled to CSS, cached on disk by the source and the core build (whose hash
 * covers the locked Sass version): rebuilding a tenant whose theme did not change (another
 * brand name, a new logo) never loads Sass, which costs more than rendering its pages.
 */
async function compileTheme(scss: string, cacheKey: string | null): Promise<string> {
  const compile = async () =>
    (await import("sass")).compileString(scss, { style: "compressed" }).css;
  if (cacheKey === null) return compile();
  const key = createHash("sha256").update(`${cacheKey}\0${scss}`).digest("hex");
  const file = join(THEME_CSS_CACHE, `${key.slice(0, 32)}.css`);
  try {
    return await readFile(file, "utf8");
  } catch {
    // Not compiled yet with this core: compile below.
  }
  const css = await compile();
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  await writeFile(temp, css);
  await rename(temp, file);
  return css;
}

/** A tenant's rendered files, and the hashes its CSP must allow for the pages' inline styles. */
export interface RenderedTenant {
  files: TenantFiles;
  styleHashes: string[];
}

/**
 * What a tenant adds to the core, page aside: its assets under their content-hashed names, its
 * theme compiled to CSS and the settings the page embeds. The build renders its pages from it;
 * `storefront dev --core` puts it in the page Vite's dev server serves.
 */
export interface TenantSkin {
  /** Logos, favicon, hero and font files, by their path in the bundle. */
  files: TenantFiles;
  favicon: string;
  faviconType: string;
  /** The home page's hero image, when the tenant has one ("assets/…"). */
  hero: string | undefined;
  /** The brand font's files to preload ("assets/…"). */
  fontPreloads: string[];
  /** App icons, the apple-touch-icon and the share card, drawn from the logos (in `files`). */
  images: Omit<BrandImages, "files">;
  /** The theme's CSS (tokens, font faces), not yet escaped for a <style> element. */
  themeCss: string;
  settings: RuntimeSettings;
}

/**
 * The tenant's skin. `themeCacheKey` names what the compiled theme depends on besides its source
 * (the core build, whose hash covers the locked Sass version); null compiles without the cache.
 */
export async function tenantSkin(
  id: string,
  config: TenantConfig,
  assets: AssetBytes,
  themeCacheKey: string | null,
): Promise<TenantSkin> {
  const files: TenantFiles = new Map();

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

  // The brand font: its files copied with a content hash and preloaded, declared with a
  // metric-matched local fallback (computed here from the font's own tables), see config/fonts.ts.
  const fonts = config.theme.fonts;
  const fontFaces: FontFace[] = [];
  for (const [weight, rel] of [
    [400, fonts?.regular],
    [700, fonts?.bold],
  ] as const) {
    if (!fonts || !rel) continue;
    const metrics = await fontMetrics(checked(rel));
    if (typeof metrics === "string") throw new Error(`${rel}: ${metrics}`);
    fontFaces.push({
      family: fonts.family,
      fallback: fallbackFamily(fonts.family),
      file: await asset(rel),
      weight,
      local: (weight === 700 ? FALLBACK_FONT.bold : FALLBACK_FONT.regular).join(", "),
      ...fallbackOverrides(metrics),
    });
  }
  const scss = (await template("theme.scss.hbs"))({
    ...config.theme,
    fontFaces,
    fontStack: fontStack(fonts?.family, config.theme.typography.fontFamily),
  });
  const themeCss = await compileTheme(scss, themeCacheKey);

  const { palette: _p, typography: _t, radius: _r, fonts: _f, ...themeRest } = config.theme;
  const hero = config.theme.hero ? await asset(config.theme.hero) : undefined;
  const { files: drawn, ...images } = await brandImages(
    config,
    assets,
    (base, png) => `assets/${base}-${shortHash(png)}.png`,
  );
  for (const [name, png] of drawn) files.set(name, png);
  // Where nginx finds the certificate is the server's business, not the browser's; the short
  // name is the manifest's. Of the offer, the browser needs only the addresses of the tenant's
  // own (the checkout's link).
  const { tls: _tls, shortName: _shortName, offer, ...browserConfig } = config;
  const settings: RuntimeSettings = {
    ...browserConfig,
    ...(offer?.url ? { offer: { url: offer.url } } : {}),
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
  return {
    files,
    favicon,
    faviconType,
    hero,
    fontPreloads: fontFaces.map((f) => f.file),
    images,
    themeCss,
    settings,
  };
}

/**
 * robots.txt, the web app manifest, and the privacy policy and the public offer (unless the
 * tenant links to its own) in each language the tenant offers.
 */
export async function tenantDocuments(
  config: TenantConfig,
  skin: TenantSkin,
  memo?: RenderMemo,
): Promise<TenantFiles> {
  const files: TenantFiles = new Map();
  files.set("robots.txt", (await template("robots.txt.hbs"))({}));
  // The privacy policy (spec §2: /policy.pdf), in each language the tenant offers.
  const { tenantName, support, privacy, languages } = config;
  const render = () => policyFiles(config, languages);
  const policies = memo
    ? memo.policies.get(JSON.stringify([tenantName, support, privacy, languages]), render)
    : render();
  for (const [name, pdf] of await policies) files.set(name, pdf);
  // The public offer the checkout's agreement links to (offer-pdf.ts), unless the tenant's own.
  const { currencyId, hosts, cardNote, offer } = config;
  const renderOffer = () => offerFiles(config, languages);
  const offers = memo
    ? memo.offers.get(
        JSON.stringify([tenantName, support, currencyId, hosts, cardNote, offer, languages]),
        renderOffer,
      )
    : renderOffer();
  for (const [name, pdf] of await offers) files.set(name, pdf);
  files.set(
    "manifest.webmanifest",
    (await template("manifest.webmanifest.hbs"))(await webManifest(config, skin.images.icons)),
  );
  return files;
}

/** The page template (templates/index.html.hbs), compiled once. */
export function pageTemplate(): Promise<Handlebars.TemplateDelegate> {
  return template("index.html.hbs");
}

/** Renders every per-tenant file (pages, robots, manifest, policy.pdf, logos, favicon). */
export async function renderTenant(
  id: string,
  config: TenantConfig,
  assets: AssetBytes,
  core: CoreBuild,
  memo?: RenderMemo,
): Promise<RenderedTenant> {
  const lang = config.languages.default;
  const { palette } = config.theme;
  const skin = await tenantSkin(id, config, assets, core.hash);
  const { files, favicon, faviconType, hero, settings } = skin;

  // The theme (from the tenant's tokens) and the app's first-screen stylesheet, inlined in every
  // page: the first paint waits for no stylesheet request, one slow-network round trip less.
  // The CSP allows exactly this text by its hash (deploy.ts); no 'unsafe-inline'.
  const appCss = await Promise.all(core.css.map((f) => readFile(join(core.dir, f), "utf8")));
  const inlineCss = styleElementText([skin.themeCss, ...appCss].join("\n"));
  const styleHashes = [cspHash(inlineCss)];

  // Every page in every language the tenant offers, prerendered (DESIGN 3a); the server picks
  // the file by the visitor's language. index.html is home in the default language: what a host
  // without the generated config serves for every path (the app then renders what it needs).
  const bootFile = `assets/boot-${shortHash(core.boot)}.js`;
  files.set(bootFile, core.boot);
  files.set(WORKER_FILE, core.worker);
  const page = await pageTemplate();
  const { renderPage } = await prerenderer(core);
  for (const language of config.languages.available) {
    // A shell has nothing to read until the app renders the route: its JavaScript is the page's
    // critical path, so the HTML asks for it at once, beside the stylesheets (see boot-script.ts).
    // The cart's shell asks for the whole catalog too; the shell of many routes leaves it to the
    // boot script, which knows the route (an event page loads only its own part).
    const shellScripts = (kind: string) =>
      [core.entry, ...core.preload, kind === "shell" ? undefined : core.locales[language]].filter(
        (f): f is string => !!f,
      );
    for (const kind of tenantPages(config.menu)) {
      const render = () => renderPage(settings, language, kind);
      const rendered = await (memo
        ? memo.pages.get(JSON.stringify([core.prerender, language, kind, settings]), render)
        : render());
      const meta = await pageMeta({
        config,
        language,
        kind,
        title: htmlText(rendered.title),
        shareCard: skin.images.shareCard,
      });
      const html = page({
        lang: language,
        page: kind,
        title: rendered.title,
        meta,
        appleTouchIcon: skin.images.appleTouchIcon,
        themeColor: palette.primary,
        favicon,
        faviconType,
        inlineCss,
        // The files of that CSS, as disabled links: never fetched or applied, they tell the
        // app's chunk loader (Vite's preload helper) that the stylesheet is on the page already.
        inlinedCssFiles: core.css,
        boot: bootFile,
        modulePreload: isShell(kind) ? shellScripts(kind) : [],
        hero: kind === "home" ? hero : undefined,
        fontPreloads: skin.fontPreloads,
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
  for (const [name, data] of await tenantDocuments(config, skin, memo)) files.set(name, data);
  return { files, styleHashes };
}
