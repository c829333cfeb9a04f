import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["ru", "en", "es"],
  // ru is the product's default and fallback language (spec §1).
  fallbackLocales: { default: "ru" },
  catalogs: [
    {
      path: "<rootDir>/storefront/locales/{locale}",
      include: ["<rootDir>/storefront/src"],
      exclude: ["<rootDir>/storefront/src/domain/privacy-policy.ts"],
    },
    // The privacy policy PDF's words: read by the CLI when it writes /policy.<language>.pdf,
    // never loaded by the browser.
    {
      path: "<rootDir>/storefront/locales/policy/{locale}",
      include: ["<rootDir>/storefront/src/domain/privacy-policy.ts"],
    },
  ],
  format: "po",
  orderBy: "messageId",
});
