// @vitest-environment jsdom
/**
 * The event page comes alive without the shop's chunk: its gift offer renders from the finding
 * stores (the catalog), and the shop opens once the event's content has painted. A tap on "Add
 * to cart" before that opens the shop itself (once per page, whoever asks) and puts the gift in
 * the cart; a shop whose chunk cannot load is reported and tried again on the next tap.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openShop } from "../../../storefront/src/app/open-shop.ts";
import { StoresProvider } from "../../../storefront/src/app/stores-context.tsx";
import { activateMessages, i18n } from "../../../storefront/src/i18n.ts";
import { GiftOffer } from "../../../storefront/src/parts/gift/GiftOffer.tsx";
import type { RootStore } from "../../../storefront/src/stores/RootStore.ts";
import { startDemo } from "../demo/demo-server.ts";
import { demoRoot } from "../fixtures/stores.ts";

const KAZAN = { eventId: "1003", name: "Kazan Night Run 2025" };

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
  await activateMessages("en");
});
afterAll(() => demo.close());
afterEach(() => {
  cleanup();
  vi.doUnmock("../../../storefront/src/stores/shop.ts");
});

const root = () => demoRoot({ origin: demo.origin, browserLanguages: ["en-US"] });

function offer(store: RootStore) {
  return render(
    <I18nProvider i18n={i18n}>
      <StoresProvider store={store}>
        <GiftOffer event={KAZAN} catalogId="c1003" level="h2" />
      </StoresProvider>
    </I18nProvider>,
  );
}

describe("the event's gift offer before the shop is open", () => {
  it("shows the gift from the catalog, and a tap opens the shop and puts the gift in the cart", async () => {
    const store = root();
    offer(store);
    const add = await screen.findByRole("button", { name: /^Add to cart: / }, { timeout: 10_000 });
    expect(store.shop).toBeNull();
    fireEvent.click(add);
    await screen.findByText("In the cart", undefined, { timeout: 10_000 });
    expect(store.shop).not.toBeNull();
    expect(store.shop?.cart.count).toBe(1);
  });

  it("opens the shop once, whoever asks first", async () => {
    const store = root();
    const [a, b] = await Promise.all([openShop(store), openShop(store)]);
    expect(a).not.toBeNull();
    expect(a).toBe(b);
    expect(store.shop).toBe(a);
  });
});

describe("a shop whose chunk cannot load", () => {
  it("is reported, and the next tap tries again", async () => {
    vi.resetModules();
    vi.doMock("../../../storefront/src/stores/shop.ts", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { openShop: openAgain } = await import("../../../storefront/src/app/open-shop.ts");
    const store = root();
    const reported = vi.spyOn(store.errors, "report");
    expect(await openAgain(store)).toBeNull();
    expect(reported).toHaveBeenCalledTimes(1);
    expect(store.shop).toBeNull();
    vi.doUnmock("../../../storefront/src/stores/shop.ts");
    await waitFor(async () => expect(await openAgain(store)).not.toBeNull(), { timeout: 10_000 });
    expect(store.shop).not.toBeNull();
  });
});
