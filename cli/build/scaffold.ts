/**
 * What `storefront new` writes: a tenant config (fresh defaults, or a copy of an existing
 * tenant with the brand swapped), rendered through templates/tenant.yaml.hbs, and its assets.
 */
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import Handlebars from "handlebars";
import { parse, stringify } from "yaml";
import { contrastProblems } from "../config/contrast.ts";
import type { Language, TenantConfig } from "../config/schema.ts";
import { brandSvgs, colorFromId, onColor } from "./brand-svg.ts";
import { heroSvg } from "./hero-svg.ts";
import { TEMPLATES_DIR } from "./paths.ts";

export type CurrencyId = TenantConfig["currencyId"];

/** The values `storefront new` asks for (or takes from flags). */
export interface NewTenantAnswers {
  name: string;
  currencyId: CurrencyId;
  /** The first one is the default language. */
  languages: Language[];
  /** Brand colour, "#rrggbb". */
  color: string;
}

/** An asset of the new tenant: generated text, or a file copied from the source tenant. */
export type NewAsset = { text: string } | { copyFrom: string };

export interface Scaffold {
  config: TenantConfig;
  /** Keyed by path relative to the tenants folder, e.g. demo-brand/logo.svg. */
  assets: Map<string, NewAsset>;
}

export const titleCase = (id: string) =>
  id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

/** themes-service ids are [A-Za-z0-9_-]: the name's Latin letters and digits, else the id's. */
export function themeIdFor(name: string, id: string): string {
  const pascal = (s: string) =>
    s
      .split(/[^A-Za-z0-9]+/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("");
  return pascal(name) || pascal(id);
}

/** What `--yes` (or Enter at a prompt) takes: the source tenant's values, else the house defaults. */
export function defaultAnswers(id: string, source?: TenantConfig): NewTenantAnswers {
  return {
    name: titleCase(id),
    currencyId: source?.currencyId ?? 643,
    languages: source
      ? [
          source.languages.default,
          ...source.languages.available.filter((l) => l !== source.languages.default),
        ]
      : ["ru", "en"],
    color: source?.theme.palette.primary ?? brandColorFor(id),
  };
}

/** The colours of a new brand's palette other than its own (primary) and the text drawn on it. */
export const HOUSE_PALETTE = {
  // Orange darkened to the same hue's first shade that white badge text is readable on.
  secondary: "#b85000",
  background: "#f5f7fa",
  surface: "#ffffff",
  text: "#1a1f2b",
  textMuted: "#4f5b6d",
  error: "#c62828",
};

/**
 * A new brand's colour: its id's hue at the lightest shade, from 35 % down, whose palette the
 * contrast rule of `validate` accepts (a yellow or green hue needs a darker shade than a blue),
 * so `new --yes` writes a brand its own check takes, whatever the id.
 */
export function brandColorFor(id: string): string {
  let color = colorFromId(id);
  for (let percent = 35; percent >= 5; percent--) {
    color = colorFromId(id, percent / 100);
    const palette = { ...HOUSE_PALETTE, primary: color, onPrimary: onColor(color) };
    if (contrastProblems(palette).length === 0) return color;
  }
  return color;
}

const ROUBLE_CARD_NOTE = {
  ru: "Иностранные банковские карты должны поддерживать 3-D Secure. Для карт российских банков ограничений нет.",
  en: "Foreign bank cards must support 3-D Secure. Cards of Russian banks have no restriction.",
  es: "Las tarjetas bancarias extranjeras deben admitir 3-D Secure. Las tarjetas de bancos rusos no tienen restricciones.",
};
const MOSCOW_TIME = { ru: "по московскому времени", en: "Moscow time", es: "hora de Moscú" };

/** A reserved .example name: obviously a placeholder, and it can never reach a real site. */
const placeholderHost = (id: string) => `${id}.example`;

function freshConfig(id: string, a: NewTenantAnswers): TenantConfig {
  return {
    tenantName: a.name,
    theme: {
      id: themeIdFor(a.name, id),
      palette: {
        primary: a.color,
        onPrimary: onColor(a.color),
        ...HOUSE_PALETTE,
      },
      typography: {
        fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        baseSize: 16,
        headingWeight: 700,
      },
      radius: 8,
      logo: `${id}/logo.svg`,
      logoSmall: `${id}/logo-small.svg`,
      favicon: `${id}/favicon.svg`,
      hero: `${id}/hero.svg`,
    },
    languages: { available: a.languages, default: a.languages[0]!, picker: a.languages.length > 1 },
    currencyId: a.currencyId,
    hosts: [{ host: placeholderHost(id) }],
    usVariant: false,
    appBar: { kind: "default" },
    backFromHome: false,
    hideBannerOnHome: false,
    menu: ["participants", "photographers", "organizers", "business", "contacts"],
    footer: { supportLink: "always" },
    // Rouble shops take cards through a Russian acquirer: its card rule and Moscow hours.
    ...(a.currencyId === 643 ? { cardNote: ROUBLE_CARD_NOTE } : {}),
    support: {
      email: `support@${placeholderHost(id)}`,
      hours: {
        from: "09:00",
        to: "18:00",
        ...(a.currencyId === 643 ? { timeZone: MOSCOW_TIME } : {}),
      },
    },
    social: [],
    api: {},
    analytics: { enabled: false },
    requestsEndpoint: "/public/requests",
  };
}

/**
 * A copy of `source` as a new brand: its name, theme id, colour, copyright holder, hosts and
 * asset paths are the new tenant's; every other value is kept as it was.
 */
function copiedConfig(id: string, a: NewTenantAnswers, source: TenantConfig): TenantConfig {
  const langs = a.languages;
  const keep = (list: Language[]) => list.filter((l) => langs.includes(l));
  const palette =
    a.color === source.theme.palette.primary
      ? source.theme.palette
      : { ...source.theme.palette, primary: a.color, onPrimary: onColor(a.color) };
  const footer = source.footer && {
    supportLink: source.footer.supportLink,
    ...(source.footer.socialIcons && keep(source.footer.socialIcons.languages).length > 0
      ? { socialIcons: { languages: keep(source.footer.socialIcons.languages) } }
      : {}),
    ...(source.footer.copyright && keep(source.footer.copyright.languages).length > 0
      ? { copyright: { languages: keep(source.footer.copyright.languages), holder: a.name } }
      : {}),
  };
  return {
    ...source,
    tenantName: a.name,
    theme: {
      ...source.theme,
      id: themeIdFor(a.name, id),
      palette,
      logo: `${id}/logo${extname(source.theme.logo)}`,
      logoSmall: `${id}/logo-small${extname(source.theme.logoSmall)}`,
      favicon: `${id}/favicon${extname(source.theme.favicon)}`,
      ...(source.theme.hero ? { hero: `${id}/hero${extname(source.theme.hero)}` } : {}),
      ...(source.theme.fonts
        ? {
            fonts: {
              family: source.theme.fonts.family,
              regular: `${id}/${basename(source.theme.fonts.regular)}`,
              ...(source.theme.fonts.bold
                ? { bold: `${id}/${basename(source.theme.fonts.bold)}` }
                : {}),
              // The licence travels with the font files.
              ...(source.theme.fonts.license
                ? { license: `${id}/${basename(source.theme.fonts.license)}` }
                : {}),
            },
          }
        : {}),
    },
    languages: {
      available: langs,
      default: langs.includes(source.languages.default) ? source.languages.default : langs[0]!,
      picker: langs.length > 1 && source.languages.picker,
    },
    currencyId: a.currencyId,
    hosts: [{ host: placeholderHost(id) }],
    footer,
  };
}

/** The new tenant's config and assets; `source` is the tenant given with --from. */
export function scaffoldTenant(
  id: string,
  answers: NewTenantAnswers,
  source?: { tenantsDir: string; config: TenantConfig },
): Scaffold {
  const assets = new Map<string, NewAsset>();
  if (!source) {
    for (const [file, text] of Object.entries(brandSvgs(answers.name, answers.color))) {
      assets.set(`${id}/${file}`, { text });
    }
    // Dark with the brand's colour drawn over it: home's first, largest element.
    assets.set(`${id}/hero.svg`, { text: heroSvg(answers.color, answers.color) });
    return { config: freshConfig(id, answers), assets };
  }
  const config = copiedConfig(id, answers, source.config);
  for (const field of ["logo", "logoSmall", "favicon", "hero"] as const) {
    const to = config.theme[field];
    const from = source.config.theme[field];
    if (to && from) assets.set(to, { copyFrom: join(source.tenantsDir, from) });
  }
  for (const weight of ["regular", "bold", "license"] as const) {
    const to = config.theme.fonts?.[weight];
    const from = source.config.theme.fonts?.[weight];
    if (to && from) assets.set(to, { copyFrom: join(source.tenantsDir, from) });
  }
  return { config, assets };
}

const hbs = Handlebars.create();
// YAML scalars and flow lists, quoted wherever a YAML 1.1 reader could misread them ("08:00"),
// and double-quoted throughout where plain text would read back as something else under either
// version (the loader reads 1.2, where "0o0" is an octal number).
hbs.registerHelper("y", (value: unknown) => {
  if (value === undefined) throw new Error("tenant.yaml.hbs: a value is missing from the view");
  const options = {
    collectionStyle: "flow",
    flowCollectionPadding: false,
    lineWidth: 0,
    version: "1.1",
  } as const;
  const out = stringify(value, options).trimEnd();
  const same = (read: unknown) => JSON.stringify(read) === JSON.stringify(value);
  if (same(parse(out)) && same(parse(out, { version: "1.1" }))) return out;
  return stringify(value, { ...options, defaultStringType: "QUOTE_DOUBLE" }).trimEnd();
});

/** The YAML text of a tenant config, with the schema comment editors use. */
export async function renderTenantYaml(config: TenantConfig, origin: string): Promise<string> {
  const source = await readFile(join(TEMPLATES_DIR, "tenant.yaml.hbs"), "utf8");
  // Not HTML: the helper quotes every value for YAML instead.
  const render = hbs.compile(source, { strict: true, noEscape: true });
  return render({ ...config, origin: origin.replace(/[\r\n]+/g, " ") });
}
