/**
 * The tenant contract: one zod schema, the single source of the TypeScript types,
 * validation, the JSON Schema for editors and the field reference.
 *
 * Every difference between tenants lives here as data; the storefront core never
 * compares a tenant's name. One file on purpose, though over ~350 lines: the contract is read
 * top to bottom as the field reference, and its type check against the browser's settings type
 * sits at its end.
 */
import { z } from "zod";
import type * as Browser from "../../storefront/src/settings-types.ts";
import { cspAddress } from "./origin.ts";

export const LANGUAGES = ["ru", "en", "es"] as const;
export const languageSchema = z.enum(LANGUAGES).describe("A supported language code.");
export type Language = z.infer<typeof languageSchema>;

/** Text given per language; ru is the fallback and therefore required. */
export const localizedTextSchema = z
  .strictObject({
    ru: z.string().min(1),
    en: z.string().min(1).optional(),
    es: z.string().min(1).optional(),
  })
  .describe("Text per language; ru is required (fallback), en and es optional.");
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'a colour as "#rrggbb"' })
  .describe('A colour as "#rrggbb".');

/** A path to an asset file, relative to the tenants directory (e.g. mysport/logo.svg). */
const assetPath = z
  .string()
  .regex(/^[a-z0-9-]+\/[A-Za-z0-9._-]+\.(svg|png|ico|webp)$/, {
    message:
      "a file under the tenant's asset folder, e.g. mysport/logo.svg (svg, png, ico or webp)",
  })
  .describe("Asset file relative to the tenants directory, e.g. mysport/logo.svg.");

const httpsUrl = z
  .url({ protocol: /^https?$/, message: "an http(s) URL" })
  .describe("An absolute http(s) URL.");

export const CURRENCIES = [643, 840, 978] as const;
const currencyId = z
  .union(CURRENCIES.map((c) => z.literal(c)))
  .describe("ISO 4217 numeric currency code: 643 rouble, 840 US dollar, 978 euro.");

export const MENU_ITEMS = [
  "participants",
  "photographers",
  "organizers",
  "business",
  "contacts",
] as const;
export const menuItemSchema = z
  .enum(MENU_ITEMS)
  .describe(
    "A menu item: participants (/), photographers, organizers, business (landing pages), contacts.",
  );
export type MenuItem = z.infer<typeof menuItemSchema>;

export const SOCIAL_NETWORKS = ["vk", "telegram", "youtube", "instagram", "facebook", "x"] as const;

export const themeSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { message: "letters, digits, _ or -" })
      .describe(
        "Theme id sent to themes-service (banner images) and as the cart's Theme attribute.",
      ),
    palette: z
      .strictObject({
        primary: hexColor.describe("Main brand colour: buttons, links, the themed app bar."),
        onPrimary: hexColor.describe("Text and icons drawn on the primary colour."),
        secondary: hexColor.describe("Accent colour: badges, highlights."),
        background: hexColor.describe("Page background."),
        surface: hexColor.describe("Cards, bars and dialogs."),
        text: hexColor.describe("Body text."),
        textMuted: hexColor.describe("Secondary text."),
        error: hexColor.describe("Error text and the error snackbar."),
      })
      .describe("Colour tokens, emitted as CSS custom properties."),
    typography: z
      .strictObject({
        fontFamily: z
          .string()
          // Quotes in pairs: an unclosed one would swallow the rest of the theme stylesheet.
          .regex(/^(?=.*[A-Za-z0-9])(?:[A-Za-z0-9 ,-]|'[A-Za-z0-9 ,"-]*'|"[A-Za-z0-9 ,'-]*")+$/, {
            message:
              "a CSS font-family list (letters, digits, spaces, commas, hyphens; names quoted in pairs of ' or \")",
          })
          .describe("CSS font-family list."),
        baseSize: z.number().int().min(12).max(20).describe("Base font size in px (12–20)."),
        headingWeight: z
          .union([400, 500, 600, 700, 800, 900].map((w) => z.literal(w)))
          .describe("Font weight of headings."),
      })
      .describe("Typography tokens."),
    radius: z.number().int().min(0).max(32).describe("Corner radius in px (0–32)."),
    logo: assetPath.describe("Logo for the app bar on tablet and desktop."),
    logoSmall: assetPath.describe("Compact logo for phones."),
    favicon: assetPath.describe("Favicon (svg or png)."),
    hero: assetPath
      .optional()
      .describe(
        "Hero image at the top of home, under its heading and search (svg, webp or png; dark, the text over it is white). The first screen's largest element, so it is in the prerendered page and preloaded; without it the API's banner or first event cover becomes the largest element and waits for the API.",
      ),
  })
  .describe("Visual theme of the tenant.");

/** A file on the server nginx runs on, written into nginx.conf: no quotes, spaces or `$`. */
const serverPath = z
  .string()
  .max(4096)
  .regex(/^\/[A-Za-z0-9._@+/-]*$/, {
    message: "an absolute path on the server, such as /etc/ssl/shop/fullchain.pem",
  });

export const tlsSchema = z
  .strictObject({
    certificate: serverPath.describe(
      "The certificate chain (PEM) for the tenant's hosts, as a path on the nginx server.",
    ),
    certificateKey: serverPath.describe("Its private key (PEM), as a path on the nginx server."),
  })
  .describe(
    "HTTPS in the generated nginx.conf: the shop on port 443 (HTTP/2) and a port-80 server that only redirects to https://; omit when TLS ends in front of nginx. Never sent to the browser.",
  );

export const hostSchema = z
  .strictObject({
    host: z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/, { message: "a host name such as shop.example.com" })
      .describe("Host name the bundle is served on."),
    currencyId: currencyId.optional().describe("Currency override on this host (US hosts: 840)."),
    language: languageSchema
      .optional()
      .describe("Language forced on this host (an English or US host: en)."),
  })
  .describe("A host the tenant is served on, with optional overrides.");

export const footerSchema = z
  .strictObject({
    socialIcons: z
      .strictObject({
        languages: z.array(languageSchema).min(1).describe("Languages in which the icons show."),
      })
      .optional()
      .describe("Social network icons (links from `social`)."),
    copyright: z
      .strictObject({
        languages: z.array(languageSchema).min(1).describe("Languages in which it shows."),
        holder: z.string().min(1).describe("Copyright holder, shown as © YEAR holder."),
      })
      .optional()
      .describe("Copyright line."),
    supportLink: z
      .enum(["always", "otherwise", "never"])
      .describe("Support link: always, otherwise (whenever the copyright is not shown) or never."),
  })
  .describe("Footer rules; omit the footer (null) for no footer at all.");

export const authSchema = z
  .strictObject({
    authority: cspAddress("base")
      .optional()
      .describe(
        "Identity provider base address (issuer), a plain https address such as https://id.example.com/auth/realms/shop; default {host}/auth.",
      ),
    realm: z.string().min(1).describe("Keycloak realm."),
    clientId: z.string().min(1).describe("OIDC client id of the storefront."),
  })
  .describe("Sign-in settings (openId/keycloak). Without them the tenant has no sign-in.");

export const tenantSchema = z
  .strictObject({
    tenantName: z.string().min(1).max(60).describe("Brand name shown to users."),
    theme: themeSchema,
    languages: z
      .strictObject({
        available: z
          .array(languageSchema)
          .min(1)
          .describe("Selectable languages; the default list holds ru and en."),
        default: languageSchema.describe("Language used when detection has nothing better."),
        picker: z
          .boolean()
          .describe("Whether the language menu is allowed (it also needs two or more languages)."),
      })
      .describe("Languages of the storefront."),
    currencyId: currencyId.describe("Default currency; 643 (rouble) unless a host overrides it."),
    hosts: z.array(hostSchema).describe("Hosts with per-host overrides."),
    usVariant: z
      .boolean()
      .describe("US English variant (isMySportUSA): always English, whatever the browser says."),
    appBar: z
      .strictObject({
        kind: z
          .enum(["default", "themed"])
          .describe("default: neutral bar (useAppBarDefault); themed: bar in the brand colour."),
        backLink: z
          .strictObject({
            url: httpsUrl.describe("External address the custom back link returns to."),
            label: localizedTextSchema.describe("Text of the back link."),
          })
          .optional()
          .describe("Custom back link to an external site, shown on every screen (US variant)."),
      })
      .describe("Top bar settings."),
    backURL: httpsUrl
      .optional()
      .describe("External back address the themed bar returns to from home (with backFromHome)."),
    backFromHome: z
      .boolean()
      .describe("Themed bar shows a back button to backURL on the home screen."),
    hideBannerOnHome: z.boolean().describe("Hide the theme banner images on the home screen."),
    menu: z
      .array(menuItemSchema)
      .min(1)
      .describe("Menu items in order; /my-account is added only for signed-in users."),
    footer: footerSchema
      .nullable()
      .describe("Footer rules, or null for no footer (the US variant)."),
    auth: authSchema.optional(),
    tls: tlsSchema.optional(),
    cardNote: localizedTextSchema
      .optional()
      .describe(
        "Which bank cards are accepted, shown on the payment step, per language (e.g. 3-D Secure for foreign cards); omit for no note.",
      ),
    support: z
      .strictObject({
        email: z.email({ message: "an e-mail address" }).describe("Support e-mail (mailto link)."),
        hours: z
          .strictObject({
            from: z.string().regex(/^\d{2}:\d{2}$/, { message: "a time as HH:MM" }),
            to: z.string().regex(/^\d{2}:\d{2}$/, { message: "a time as HH:MM" }),
            timeZone: localizedTextSchema
              .optional()
              .describe(
                'Time zone of the hours as it reads after them, per language (e.g. en "Moscow time", ru "по московскому времени"); omit to show the hours without a zone.',
              ),
          })
          .describe("Support hours Mon–Fri, from–to, in the time zone given."),
      })
      .describe("Support contacts."),
    social: z
      .array(
        z.strictObject({
          network: z.enum(SOCIAL_NETWORKS).describe("Social network."),
          url: httpsUrl,
        }),
      )
      .describe("Social network links for the footer icons."),
    api: z
      .strictObject({
        origin: cspAddress("origin")
          .optional()
          .describe(
            "Origin of the backend, a plain https origin such as https://api.example.com (it goes into the CSP); omit to use the storefront's own origin.",
          ),
      })
      .describe("Backend settings."),
    analytics: z
      .strictObject({ enabled: z.boolean() })
      .describe("Push ecommerce events to a dataLayer queue."),
    requestsEndpoint: z
      .string()
      .regex(/^\/(?!\/)[A-Za-z0-9/_.-]*$/, {
        message: "a path on the API origin, e.g. /public/requests",
      })
      .describe(
        "Where photographer and business request forms are posted (the spec names no call).",
      ),
  })
  .superRefine((t, ctx) => {
    if (!t.languages.available.includes(t.languages.default)) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
        code: "custom",
        path: ["languages", "default"],
        message: `the default language must be one of languages.available (${t.languages.available.join(", ")})`,
        input: t.languages.default,
      });
    }
    if (new Set(t.languages.available).size !== t.languages.available.length) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
        code: "custom",
        path: ["languages", "available"],
        message: "each language may be listed once",
        input: t.languages.available,
      });
    }
    if (new Set(t.menu).size !== t.menu.length) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
        code: "custom",
        path: ["menu"],
        message: "each menu item may be listed once",
        input: t.menu,
      });
    }
    if (t.backFromHome && !t.backURL) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
        code: "custom",
        path: ["backFromHome"],
        message:
          "backFromHome needs a backURL to return to; add backURL or set backFromHome: false",
        input: t.backFromHome,
      });
    }
    if (t.usVariant && (t.languages.available.length !== 1 || t.languages.available[0] !== "en")) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
        code: "custom",
        path: ["languages", "available"],
        message: "the US variant is English only: languages.available must be [en]",
        input: t.languages.available,
      });
    }
    t.hosts.forEach((h, i) => {
      if (h.language && !t.languages.available.includes(h.language)) {
        ctx.addIssue({
          // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
          code: "custom",
          path: ["hosts", i, "language"],
          message: `the host's language must be one of languages.available (${t.languages.available.join(", ")})`,
          input: h.language,
        });
      }
    });
  })
  .describe("A storefront tenant (brand).");

export type TenantConfig = z.infer<typeof tenantSchema>;

/** Tenant ids name output folders, so nothing but [a-z0-9-] may reach a path. */
export const TENANT_ID_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * What the browser receives: the tenant config with resolved asset URLs, typed once on the
 * browser side (storefront/src/settings-types.ts, so the core imports nothing from cli/).
 * Embedded as JSON in index.html; nothing secret is ever in tenant YAML.
 */
export type RuntimeSettings = Browser.RuntimeSettings;

/** The same settings as this schema produces them. */
type SchemaRuntimeSettings = Omit<TenantConfig, "theme" | "tls"> & {
  id: string;
  year?: number;
  theme: Omit<TenantConfig["theme"], "palette" | "typography" | "radius">;
};

/**
 * The schema produces the browser's settings types exactly: each is assignable both ways and
 * names the same fields at every depth (an optional field on one side only would pass the first
 * test), so a field added, dropped or retyped on one side only fails the type check here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Paths<T, P extends string = ""> = T extends readonly (infer E)[]
  ? Paths<E, `${P}[]`>
  : T extends object
    ? { [K in keyof T & string]-?: `${P}.${K}` | Paths<NonNullable<T[K]>, `${P}.${K}`> }[keyof T &
        string]
    : never;
type AllHold<T extends readonly true[]> = T;
export type BrowserSettingsTypesMatchTheSchema = AllHold<
  [
    Same<SchemaRuntimeSettings, Browser.RuntimeSettings>,
    Same<Paths<SchemaRuntimeSettings>, Paths<Browser.RuntimeSettings>>,
    Same<Language, Browser.Language>,
    Same<LocalizedText, Browser.LocalizedText>,
    Same<MenuItem, Browser.MenuItem>,
    Same<TenantConfig["footer"], Browser.FooterSettings | null>,
    Same<TenantConfig["hosts"][number], Browser.HostSettings>,
  ]
>;
