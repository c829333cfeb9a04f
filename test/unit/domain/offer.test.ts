/**
 * The public offer a buyer agrees to at checkout: the tenant's own document where it has one for
 * the page's language, else the shop's generated /offer.<language>.pdf, which names the
 * currencies prices are charged in.
 */
import { describe, expect, it } from "vitest";
import { catalog } from "../../../cli/build/catalogs.ts";
import { CURRENCIES } from "../../../cli/config/locale-schema.ts";
import { offerHref } from "../../../storefront/src/domain/offer.ts";
import { CURRENCY_NAMES } from "../../../storefront/src/domain/offer-document.ts";

describe("the offer a buyer agrees to", () => {
  it("is the tenant's own in the page's language, else the generated one", () => {
    const own = { offer: { url: { ru: "https://shop.example/oferta.pdf" } } };
    expect(offerHref(own, "ru")).toBe("https://shop.example/oferta.pdf");
    expect(offerHref(own, "en")).toBe("/offer.en.pdf");
    // An offer section without addresses, or none at all: the generated document.
    expect(offerHref({ offer: {} }, "es")).toBe("/offer.es.pdf");
    expect(offerHref({}, "ru")).toBe("/offer.ru.pdf");
  });

  it("the generated offer names every currency a tenant may charge in, in ru, en and es", async () => {
    for (const language of ["ru", "en", "es"] as const) {
      const t = await catalog(language);
      const names = CURRENCIES.map((id) => t(CURRENCY_NAMES[id]));
      expect(new Set(names).size, language).toBe(CURRENCIES.length);
    }
    const en = await catalog("en");
    expect(CURRENCIES.map((id) => en(CURRENCY_NAMES[id]))).toEqual([
      "Russian roubles",
      "US dollars",
      "euros",
    ]);
  });
});
