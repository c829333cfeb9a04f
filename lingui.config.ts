import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["ru", "en", "es"],
  // ru is the product's default and fallback language (spec §1).
  fallbackLocales: { default: "ru" },
  catalogs: [
    { path: "<rootDir>/storefront/locales/{locale}", include: ["<rootDir>/storefront/src"] },
  ],
  format: "po",
  orderBy: "messageId",
});
