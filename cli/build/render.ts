import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import Handlebars from "handlebars";
import * as sass from "sass";
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

const NOSCRIPT: Record<Language, string> = {
  ru: "Включите JavaScript, чтобы пользоваться магазином.",
  en: "Please enable JavaScript to use the shop.",
  es: "Activa JavaScript para usar la tienda.",
};

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

/** Renders every per-tenant file (index.html, theme, robots, manifest, policy.pdf, logos, favicon). */
export async function renderTenant(
  id: string,
  config: TenantConfig,
  assets: AssetBytes,
  core: CoreBuild,
): Promise<TenantFiles> {
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

  const scss = (await template("theme.scss.hbs"))(config.theme);
  const css = sass.compileString(scss, { style: "compressed" }).css;
  const themeCss = `assets/theme-${shortHash(css)}.css`;
  files.set(themeCss, `${css}\n`);

  const { palette, typography: _t, radius: _r, ...themeRest } = config.theme;
  const settings: RuntimeSettings = {
    ...config,
    id,
    theme: { ...themeRest, logo: `/${logo}`, logoSmall: `/${logoSmall}`, favicon: `/${favicon}` },
  };

  files.set(
    "index.html",
    (await template("index.html.hbs"))({
      lang,
      title: config.tenantName,
      themeColor: palette.primary,
      favicon,
      faviconType,
      themeCss,
      css: core.css,
      entry: core.entry,
      // The default language's catalog is needed before the first paint: fetch it in parallel.
      preload: [...core.preload, ...(core.locales[lang] ? [core.locales[lang]] : [])],
      settingsJson: scriptSafeJson(settings),
      noscript: NOSCRIPT[lang],
      // The app bar as plain HTML until the app replaces it: the first paint needs no script.
      appBarKind: config.appBar.kind,
      logo,
      logoSmall,
    }),
  );
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
  return files;
}
