/**
 * The screens are MobX observers: they show a store's new state because the store's state is
 * observable. For each store of the first screen and of the shop, wired as the app wires them,
 * a change made by the store's own action reaches an observer.
 */
import { reaction } from "mobx";
import { describe, expect, it } from "vitest";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { demoStores } from "../fixtures/stores.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

function stores() {
  const rec = recordingFetch((call) => (call.path === "/requests" ? json({}) : 503));
  return demoStores({ origin: "https://shop.example", fetch: rec.fetch, browserLanguages: ["en"] });
}

/** What an observer of `read` saw while `act` ran. */
async function observed<T>(read: () => T, act: () => unknown): Promise<T[]> {
  const seen: T[] = [];
  const stop = reaction(read, (value) => void seen.push(value));
  try {
    await act();
  } finally {
    stop();
  }
  return seen;
}

describe("observers see each store's changes", () => {
  it("home: the search state", async () => {
    const s = stores();
    expect(
      await observed(
        () => s.home.state,
        () => s.home.search("Kazan"),
      ),
    ).toEqual(["loading", "failed"]);
  });

  it("sign-in: the status", async () => {
    const s = stores();
    const seen = await observed(
      () => s.auth.status,
      () => s.auth.setUser({ email: "runner@demo.example", accessToken: "at-1" }),
    );
    expect(seen).toEqual(["signed-in"]);
  });

  it("language: the current language and its messages being loaded", async () => {
    const s = stores();
    expect(
      await observed(
        () => s.language.loaded,
        () => s.language.init(),
      ),
    ).toEqual([true]);
    expect(
      await observed(
        () => s.language.language,
        () => s.language.setLanguage("ru"),
      ),
    ).toEqual(["ru"]);
  });

  it("errors and notices: the snackbar and the notices shown", async () => {
    const s = stores();
    expect(
      await observed(
        () => s.errors.current?.message,
        () => s.errors.show("Server text"),
      ),
    ).toEqual(["Server text"]);
    expect(
      await observed(
        () => s.notifications.visible.length,
        () => s.notifications.notify("Added to the cart"),
      ),
    ).toEqual([1]);
  });

  it("settings and layout: theme readiness, viewport and drawer", async () => {
    const s = stores();
    expect(
      await observed(
        () => s.settings.themeReady,
        () => s.settings.markThemeReady(),
      ),
    ).toEqual([true]);
    expect(
      await observed(
        () => s.ui.viewport,
        () => s.ui.setWidth(390),
      ),
    ).toEqual(["mobile"]);
    expect(
      await observed(
        () => s.ui.drawerOpen,
        () => s.ui.setDrawerOpen(true),
      ),
    ).toEqual([true]);
  });

  it("events and account: an event's failure and the order history's state", async () => {
    const s = stores();
    expect(
      await observed(
        () => s.events.failure("1003"),
        () => s.events.load("1003"),
      ),
    ).toEqual(["unavailable"]);
    expect(
      await observed(
        () => s.account.state,
        () => s.account.load(),
      ),
    ).toEqual(["loading", "failed"]);
  });

  it("request forms: what the visitor typed", async () => {
    const s = stores();
    const form = s.requests.business;
    expect(
      await observed(
        () => form.values.phone,
        () => form.set("phone", "+7 900"),
      ),
    ).toEqual(["+7 900"]);
  });
});
