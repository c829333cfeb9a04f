// @vitest-environment jsdom
/**
 * The checkout's offer agreement (spec §2: "Checkout: e-mail, payment method, offer agreement")
 * links to the public offer, the contract of sale, in the visitor's language: the tenant's own
 * address for that language when its YAML gives one, else the generated /offer.<language>.pdf;
 * never the privacy policy. The link is named and opens in a new tab.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { StoresProvider } from "../../../storefront/src/app/stores-context.tsx";
import { activateMessages, i18n } from "../../../storefront/src/i18n.ts";
import { OfferAgreement } from "../../../storefront/src/screens/order/OfferAgreement.tsx";
import type { RuntimeSettings } from "../../../storefront/src/settings-types.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoRoot } from "../fixtures/stores.ts";

afterEach(cleanup);

async function offerLink(language: "ru" | "en", overrides: Partial<RuntimeSettings> = {}) {
  await activateMessages(language);
  const store = demoRoot({ origin: "http://shop.example", settings: testSettings(overrides) });
  store.language.serveIn(language);
  render(
    <I18nProvider i18n={i18n}>
      <StoresProvider store={store}>
        <MemoryRouter initialEntries={["/order"]}>
          <OfferAgreement />
        </MemoryRouter>
      </StoresProvider>
    </I18nProvider>,
  );
  return screen.getByRole("link", {
    name: language === "ru" ? "договора оферты" : "offer agreement",
  });
}

describe("the offer agreement's link", () => {
  it.each([
    ["ru", "/offer.ru.pdf"],
    ["en", "/offer.en.pdf"],
  ] as const)(
    "%s: the generated offer in the visitor's language, in a new tab",
    async (language, href) => {
      const link = await offerLink(language);
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener");
    },
  );

  it("the tenant's own offer, the address given for the visitor's language", async () => {
    const url = { ru: "https://shop.example/oferta.pdf", en: "https://shop.example/en/terms" };
    expect((await offerLink("ru", { offer: { url } })).getAttribute("href")).toBe(url.ru);
    cleanup();
    expect((await offerLink("en", { offer: { url } })).getAttribute("href")).toBe(url.en);
  });
});
