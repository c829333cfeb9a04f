/**
 * The tenant settings as the browser core receives them (embedded as JSON in index.html): their
 * one home on the browser side, so the core imports nothing from cli/. The CLI's zod schema
 * (cli/config/schema.ts) produces exactly this shape: a compile-time check there fails the
 * type check when the two drift apart. Nothing secret is ever in tenant YAML.
 */

export type Language = "ru" | "en" | "es";

/** Text given per language; ru is the fallback and therefore required. */
export interface LocalizedText {
  ru: string;
  en?: string;
  es?: string;
}

export type MenuItem = "participants" | "photographers" | "organizers" | "business" | "contacts";

export type CurrencyId = 643 | 840 | 978;

export interface HostSettings {
  host: string;
  currencyId?: CurrencyId;
  language?: Language;
}

export interface FooterSettings {
  socialIcons?: { languages: Language[] };
  copyright?: { languages: Language[]; holder: string };
  supportLink: "always" | "otherwise" | "never";
}

export interface RuntimeSettings {
  /** The tenant's id (its YAML file name). */
  id: string;
  /** The year of the build: the footer's copyright year, the same in the HTML and the app. */
  year?: number;
  tenantName: string;
  /** The theme's id and the served addresses of its images (colours are in the theme stylesheet). */
  theme: { id: string; logo: string; logoSmall: string; favicon: string; hero?: string };
  languages: { available: Language[]; default: Language; picker: boolean };
  currencyId: CurrencyId;
  hosts: HostSettings[];
  usVariant: boolean;
  appBar: {
    kind: "default" | "themed";
    backLink?: { url: string; label: LocalizedText };
  };
  backURL?: string;
  backFromHome: boolean;
  hideBannerOnHome: boolean;
  menu: MenuItem[];
  footer: FooterSettings | null;
  auth?: { authority?: string; realm: string; clientId: string };
  cardNote?: LocalizedText;
  support: {
    email: string;
    hours: { from: string; to: string; timeZone?: LocalizedText };
  };
  privacy?: {
    contactEmail?: string;
    selfieRetention?: { ru?: string; en?: string; es?: string };
  };
  /** The operator's own offer per language; without it the shop's /offer.<language>.pdf. */
  offer?: { url?: { ru?: string; en?: string; es?: string } };
  social: {
    network: "vk" | "telegram" | "youtube" | "instagram" | "facebook" | "x";
    url: string;
  }[];
  api: { origin?: string };
  analytics: { enabled: boolean };
  requestsEndpoint: string;
}
