/**
 * What a page says of itself to search engines and to apps a link is shared in: its description
 * (<meta name="description">, a sentence per page kind in the page's language, from the build's
 * catalog), Open Graph and Twitter card tags with the brand's share card as an absolute URL, and
 * `noindex` where a page is private to one visitor (the cart).
 */
import { PAGE_DESCRIPTIONS } from "../../storefront/src/domain/page-descriptions.ts";
import { isShell, PAGE_PATHS, type PageKind } from "../../storefront/src/domain/pages.ts";
import type { Language, TenantConfig } from "../config/schema.ts";
import { catalog } from "./catalogs.ts";
import { publicOrigin } from "./public-origin.ts";

/** Open Graph's locale of each language the shop speaks (language_TERRITORY). */
export const OG_LOCALES: Record<Language, string> = { ru: "ru_RU", en: "en_US", es: "es_ES" };

export interface PageMeta {
  description: string;
  /** The cart: one visitor's, never in a search index. */
  noindex: boolean;
  /** Open Graph and Twitter tags in order, as attribute name, key and value. */
  tags: { attr: "property" | "name"; key: string; content: string }[];
}

/** A page's meta tags; `title` is the page's title as plain text. */
export async function pageMeta(input: {
  config: TenantConfig;
  language: Language;
  kind: PageKind;
  title: string;
  shareCard: { file: string; width: number; height: number };
}): Promise<PageMeta> {
  const { config, language, kind, title, shareCard } = input;
  const t = await catalog(language);
  const tenantName = config.tenantName;
  const description = t(PAGE_DESCRIPTIONS[kind], { tenantName });
  const origin = publicOrigin(config, language);
  const og = (key: string, content: string) => ({ attr: "property" as const, key, content });
  const tags: PageMeta["tags"] = [
    og("og:type", "website"),
    og("og:site_name", tenantName),
    og("og:title", title),
    og("og:description", description),
    og("og:locale", OG_LOCALES[language]),
    ...config.languages.available
      .filter((l) => l !== language)
      .map((l) => og("og:locale:alternate", OG_LOCALES[l])),
  ];
  if (origin) {
    // A shell answers many addresses (every event page): without og:url, a reader of the tags
    // takes the address it fetched, which is the right one.
    if (!isShell(kind)) tags.push(og("og:url", `${origin}${PAGE_PATHS[kind]}`));
    tags.push(
      og("og:image", `${origin}/${shareCard.file}`),
      og("og:image:type", "image/png"),
      og("og:image:width", String(shareCard.width)),
      og("og:image:height", String(shareCard.height)),
      og("og:image:alt", tenantName),
    );
  }
  tags.push({ attr: "name", key: "twitter:card", content: "summary_large_image" });
  return { description, noindex: kind === "cart-shell", tags };
}
