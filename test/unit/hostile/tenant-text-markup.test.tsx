// @vitest-environment jsdom
/**
 * Tenant and API text inside a translated message is text, never the message's markup: a
 * support time zone written "<0>Click to claim a refund</0>" in the YAML does not become a link
 * of the message, and "<script>…</script>" is shown as written instead of vanishing.
 */
import { I18nProvider } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../../../storefront/src/app/stores-context.tsx";
import { activateMessages, i18n } from "../../../storefront/src/i18n.ts";
import { OrderDownloads } from "../../../storefront/src/parts/order/OrderDownloads.tsx";
import { ContactsScreen } from "../../../storefront/src/screens/contacts/ContactsScreen.tsx";
import { literal } from "../../../storefront/src/ui/literal.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoRoot } from "../fixtures/stores.ts";

const CLAIM = "<0>Click to claim a refund</0>";
const SCRIPT = "<script>window.__pwned=1</script>";
const HOSTILE_ZONE = `${CLAIM} ${SCRIPT} <1/>`;

beforeAll(() => activateMessages("en"));
afterEach(cleanup);

function storesWith(timeZone: string) {
  const store = demoRoot({
    origin: "http://shop.example",
    browserLanguages: ["en-US"],
    settings: testSettings({
      support: {
        email: "help@shop.example",
        hours: { from: "08:00", to: "18:00", timeZone: { ru: timeZone, en: timeZone } },
      },
    }),
  });
  store.language.serveIn("en");
  return store;
}

function contactsWith(timeZone: string) {
  return render(
    <I18nProvider i18n={i18n}>
      <StoresProvider store={storesWith(timeZone)}>
        <MemoryRouter initialEntries={["/contacts"]}>
          <ContactsScreen />
        </MemoryRouter>
      </StoresProvider>
    </I18nProvider>,
  );
}

/** A paid order's downloads (no photos, no receipt: the support note is what is read here). */
function downloadsWith(timeZone: string) {
  const purchase = {
    key: "order:o1",
    archive: { orderId: "o1" },
    number: "100200",
    invoiceId: null,
    currencyId: 643,
    discount: null,
    total: 0,
    items: [],
  };
  return render(
    <I18nProvider i18n={i18n}>
      <StoresProvider store={storesWith(timeZone)}>
        <MemoryRouter initialEntries={["/order/o1"]}>
          <OrderDownloads purchase={purchase} />
        </MemoryRouter>
      </StoresProvider>
    </I18nProvider>,
  );
}

describe("tenant text in a translated message", () => {
  it("the contacts page shows a hostile support time zone as written, with no element of its own", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = contactsWith(HOSTILE_ZONE);
    const hours = container.querySelectorAll("dd")[1];
    expect(hours?.textContent).toBe(`Mon–Fri 08:00–18:00 ${HOSTILE_ZONE}`);
    // Nothing of it became an element: the hours are text only.
    expect(hours?.children).toHaveLength(0);
    expect(screen.queryByText("Click to claim a refund", { exact: true })).toBeNull();
    // Lingui never met a tag it did not declare ("Can't use element at index …").
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("the paid order's support note keeps its one support link whatever the time zone says", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = downloadsWith(HOSTILE_ZONE);
    const note = container.querySelector(".order-downloads__support");
    expect(note?.textContent).toContain(
      `contact support at help@shop.example (Mon–Fri 08:00–18:00 ${HOSTILE_ZONE}).`,
    );
    const links = [...(note?.querySelectorAll("a") ?? [])];
    expect(links.map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["mailto:help@shop.example", "help@shop.example"],
    ]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("an ordinary time zone reads as before", () => {
    const { container } = contactsWith("Moscow time");
    expect(container.querySelectorAll("dd")[1]?.textContent).toBe(
      "Mon–Fri 08:00–18:00 Moscow time",
    );
  });

  it("a value given as text is parsed as markup by Lingui; given as literal() it is not", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const number = `${CLAIM}${SCRIPT}`;
    // What the checkout's "Order № …" did with the API's order number: its markup is read.
    const parsed = render(
      <I18nProvider i18n={i18n}>
        <p data-testid="as-string">
          <Trans>Order № {number}</Trans>
        </p>
      </I18nProvider>,
    );
    expect(parsed.getByTestId("as-string").textContent).not.toContain("<script>");
    cleanup();
    render(
      <I18nProvider i18n={i18n}>
        <p data-testid="as-literal">
          <Trans>Order № {literal(number)}</Trans>
        </p>
      </I18nProvider>,
    );
    expect(screen.getByTestId("as-literal").textContent).toBe(`Order № ${number}`);
    errors.mockRestore();
  });
});
