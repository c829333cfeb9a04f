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
        "<rootDir>/storefront/src/domain/page-descriptions.ts",
        "<rootDir>/storefront/src/domain/preview-banner.ts",
      ],
    },
    // What only the build writes: the words of its PDFs (the privacy policy, /policy.<language>.pdf,
    // and the public offer, /offer.<language>.pdf) and the pages' descriptions (meta and Open Graph
    // tags); read by the CLI, never loaded by the browser.
    {
      path: "<rootDir>/storefront/locales/policy/{locale}",
      include: [
        "<rootDir>/storefront/src/domain/privacy-policy.ts",
        "<rootDir>/storefront/src/domain/offer-document.ts",
        "<rootDir>/storefront/src/domain/page-descriptions.ts",
        "<rootDir>/storefront/src/domain/preview-banner.ts",
      ],
    },
  ],
  format: "po",
  orderBy: "messageId",
});
