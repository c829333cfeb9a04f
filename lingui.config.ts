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
      exclude: [
        "<rootDir>/storefront/src/domain/privacy-policy.ts",
        "<rootDir>/storefront/src/domain/offer-document.ts",
      ],
    },
    // The words of the PDFs the build writes (the privacy policy, /policy.<language>.pdf, and the
    // public offer, /offer.<language>.pdf): read by the CLI, never loaded by the browser.
    {
      path: "<rootDir>/storefront/locales/policy/{locale}",
      include: [
        "<rootDir>/storefront/src/domain/privacy-policy.ts",
        "<rootDir>/storefront/src/domain/offer-document.ts",
      ],
    },
  ],
  format: "po",
  orderBy: "messageId",
});
