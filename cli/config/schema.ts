/**
 * The tenant contract: one zod schema, the single source of the TypeScript types,
 * validation, the JSON Schema for editors and the field reference.
 *
 * Every difference between tenants lives here as data; the storefront core never
 * compares a tenant's name. The tenant's fields are here, read top to bottom as the field
 * reference; its larger parts have a file each (locale-schema.ts, theme-schema.ts,
 * host-schema.ts, shell-schema.ts, privacy-schema.ts, offer-schema.ts). The cross-field rules follow the fields,
 * and the type check against the browser's settings type sits at the end.
 */
import { z } from "zod";
import type * as Browser from "../../storefront/src/settings-types.ts";
import { hostSchema, tlsSchema } from "./host-schema.ts";
import {
  currencyId,
  type Language,
  type LocalizedText,
  languageSchema,
  localizedText,
  localizedTextSchema,
} from "./locale-schema.ts";
import { offerIssues, offerSchema } from "./offer-schema.ts";
import { cspAddress } from "./origin.ts";
import { privacyIssues, privacySchema } from "./privacy-schema.ts";
import { footerSchema, type MenuItem, menuItemSchema, SOCIAL_NETWORKS } from "./shell-schema.ts";
import { themeSchema } from "./theme-schema.ts";

// Every name of the parts is the contract's too: the rest of the CLI and the tests import it
// from this file.
export * from "./host-schema.ts";
export * from "./locale-schema.ts";
export * from "./shell-schema.ts";
export * from "./theme-schema.ts";

const httpsUrl = z
  .url({ protocol: /^https?$/, message: "an http(s) URL" })
  .describe("An absolute http(s) URL.");

export const authSchema = z
  .strictObject({
    authority: cspAddress("base")
      .optional()
      .describe(
        "Identity provider base address (issuer), a plain https address such as https://id.example.com/auth/realms/shop; default {host}/auth.",
      ),
    realm: z.string().min(1).max(255).describe("Keycloak realm."),
    clientId: z.string().min(1).max(255).describe("OIDC client id of the storefront."),
  })
  .describe("Sign-in settings (openId/keycloak). Without them the tenant has no sign-in.");

/** Launchers show about 12 characters under an icon (web app manifest, short_name). */
export const SHORT_NAME_MAX = 12;

export const tenantSchema = z
  .strictObject({
    tenantName: z.string().min(1).max(60).describe("Brand name shown to users."),
    shortName: z
      .string()
      .min(1)
      .max(SHORT_NAME_MAX)
      .optional()
      .describe(
        `The name under the shop's icon on a phone's home screen (the web app manifest's short_name), at most ${SHORT_NAME_MAX} characters so launchers do not cut it; default: tenantName when it fits, else its first words that fit.`,
      ),
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
            label: localizedText(100).describe("Text of the back link."),
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
            timeZone: localizedText(100)
              .optional()
              .describe(
                'Time zone of the hours as it reads after them, per language (e.g. en "Moscow time", ru "по московскому времени"); omit to show the hours without a zone.',
              ),
          })
          .describe("Support hours Mon–Fri, from–to, in the time zone given."),
      })
      .describe("Support contacts."),
    privacy: privacySchema.optional(),
    offer: offerSchema.optional(),
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
    for (const issue of [
      ...privacyIssues(t.privacy, t.languages.available),
      ...offerIssues(t.offer, t.languages.available),
    ]) {
      // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
      ctx.addIssue({ code: "custom", ...issue });
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

/** The same settings as this schema produces them (of the offer, only its addresses). */
type SchemaRuntimeSettings = Omit<TenantConfig, "theme" | "tls" | "shortName" | "offer"> & {
  offer?: Pick<NonNullable<TenantConfig["offer"]>, "url">;
  id: string;
  year?: number;
  theme: Omit<TenantConfig["theme"], "palette" | "typography" | "radius" | "fonts">;
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
