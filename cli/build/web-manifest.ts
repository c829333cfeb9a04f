/**
 * The web app manifest's fields (templates/manifest.webmanifest.hbs): what a phone needs to
 * install the shop with its brand's name, colours and icons (Chromium wants PNG icons of 192 and
 * 512 px; the maskable one fills the launcher's shape), in the tenant's default language.
 */
import { PAGE_DESCRIPTIONS } from "../../storefront/src/domain/page-descriptions.ts";
import { SHORT_NAME_MAX, type TenantConfig } from "../config/schema.ts";
import type { ManifestIcon } from "./brand-images.ts";
import { catalog } from "./catalogs.ts";

/**
 * The name under the icon: the tenant's shortName; else its name when it fits in
 * SHORT_NAME_MAX characters; else its first words that fit; else its first characters.
 */
export function shortName(config: TenantConfig): string {
  if (config.shortName) return config.shortName;
  const name = config.tenantName.trim();
  const chars = (s: string) => [...s].length;
  if (chars(name) <= SHORT_NAME_MAX) return name;
  let words = "";
  for (const word of name.split(/\s+/)) {
    const next = words ? `${words} ${word}` : word;
    if (chars(next) > SHORT_NAME_MAX) break;
    words = next;
  }
  return words || [...name].slice(0, SHORT_NAME_MAX).join("");
}

export async function webManifest(config: TenantConfig, icons: ManifestIcon[]) {
  const lang = config.languages.default;
  const t = await catalog(lang);
  const { palette } = config.theme;
  return {
    name: config.tenantName,
    shortName: shortName(config),
    description: t(PAGE_DESCRIPTIONS.home, { tenantName: config.tenantName }),
    lang,
    // The shop's three languages are all written left to right.
    dir: "ltr",
    background: palette.background,
    themeColor: palette.primary,
    icons,
  };
}
