import { describe, expect, it, vi } from "vitest";
import type { Language } from "../../../cli/config/schema.ts";
import { LANGUAGE_STORAGE_KEY } from "../../../storefront/src/stores/LanguageStore.ts";
import { NOTIFICATION_MS } from "../../../storefront/src/stores/NotificationStore.ts";
import { RootStore } from "../../../storefront/src/stores/RootStore.ts";
import { tenantKey } from "../../../storefront/src/stores/tenant-storage.ts";
import { safeStorage } from "../../../storefront/src/stores/types.ts";
import { english } from "../fixtures/english.ts";
import { testSettings } from "../fixtures/settings.ts";

const settings = testSettings({
  theme: { id: "T", logo: "/l.svg", logoSmall: "/s.svg", favicon: "/f.svg" },
  hosts: [{ host: "us.example", currencyId: 840, language: "en" }],
});

function make(
  opts: {
    host?: string;
    browser?: string[];
    stored?: string;
    width?: number;
    failMessages?: boolean;
  } = {},
) {
  const map = new Map<string, string>();
  if (opts.stored) map.set(LANGUAGE_STORAGE_KEY, opts.stored);
  const loaded: Language[] = [];
  const store = new RootStore({
    settings,
    host: opts.host ?? "shop.example",
    storage: safeStorage({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    }),
    browserLanguages: opts.browser ?? ["ru-RU"],
    width: opts.width ?? 1280,
    touch: false,
    origin: "https://shop.example",
    loadMessages: async (l) => {
      if (opts.failMessages) throw new Error("chunk failed");
      loaded.push(l);
    },
  });
  return { store, map, loaded };
}

describe("LanguageStore", () => {
  it("detects, loads the messages and keeps the visitor's choice in local storage", async () => {
    const { store, map, loaded } = make();
    expect(store.language.language).toBe("ru");
    await store.language.init();
    expect(store.language.loaded).toBe(true);
    await store.language.setLanguage("en");
    expect(store.language.language).toBe("en");
    // Kept under the tenant's own name: another tenant on this origin keeps its own choice.
    expect(map.get(tenantKey(settings.id, LANGUAGE_STORAGE_KEY))).toBe("en");
    expect(map.has(LANGUAGE_STORAGE_KEY)).toBe(false);
    expect(loaded).toEqual(["ru", "en"]);
    expect(make({ stored: "en" }).store.language.language).toBe("en");
  });
  it("keeps the current language when the messages fail to load", async () => {
    const { store, map } = make({ failMessages: true });
    await expect(store.language.setLanguage("en")).rejects.toThrow("chunk failed");
    expect(store.language.language).toBe("ru");
    expect(map.has(tenantKey(settings.id, LANGUAGE_STORAGE_KEY))).toBe(false);
  });
  it("refuses a language the tenant does not offer", async () => {
    const { store } = make();
    await store.language.setLanguage("es");
    expect(store.language.language).toBe("ru");
  });
  it("a US host: currency 840, English, no picker", () => {
    const { store } = make({ host: "us.example", browser: ["ru"] });
    expect(store.settings.currencyId).toBe(840);
    expect(store.language.language).toBe("en");
    expect(store.language.pickerVisible).toBe(false);
  });
  it("a host that forces the language: its page is taken over as prerendered (menu shown), the menu goes once live", () => {
    const { store } = make({ host: "us.example", browser: ["ru"] });
    store.language.takeOverPage(true);
    expect(store.language.language).toBe("en");
    expect(store.language.pickerVisible).toBe(true);
    store.language.takeOverPage(false);
    expect(store.language.pickerVisible).toBe(false);
  });
  it("survives a storage that throws", () => {
    const broken = safeStorage({
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    });
    broken.setItem("k", "v");
    expect(broken.getItem("k")).toBe("v");
    broken.removeItem("k");
    expect(broken.getItem("k")).toBeNull();
  });
});

describe("ErrorStore", () => {
  it("queues errors, ignores duplicate navigation, keeps the last error text", () => {
    const { store } = make();
    store.errors.report(new Error("Network down"));
    store.errors.report({ name: "NavigationDuplicated", message: "Avoided redundant navigation" });
    const nameOnly = new TypeError();
    store.errors.report(nameOnly);
    // The visitor reads a message in their language, once; the technical text is kept.
    expect(store.errors.queue.map((q) => english(q.message))).toEqual([
      "Something went wrong. Try again or reload the page.",
    ]);
    expect(store.errors.lastErrorText).toBe("TypeError");
    store.errors.show("Server text");
    store.errors.dismiss();
    expect(store.errors.current?.message).toBe("Server text");
  });
});

describe("NotificationStore and UiStore", () => {
  it("shows at most 2 notifications, 1 on mobile", () => {
    const { store } = make({ width: 1280 });
    for (const m of ["a", "b", "c"]) store.notifications.notify(m);
    expect(store.notifications.visible.map((n) => n.message)).toEqual(["a", "b"]);
    store.ui.setWidth(390);
    expect(store.notifications.visible.map((n) => n.message)).toEqual(["a"]);
  });
  it("a notice closes by itself, so the next one shows", () => {
    vi.useFakeTimers();
    try {
      const { store } = make({ width: 390 });
      store.notifications.notify("first");
      store.notifications.notify("second");
      expect(store.notifications.visible.map((n) => n.message)).toEqual(["first"]);
      vi.advanceTimersByTime(NOTIFICATION_MS);
      expect(store.notifications.items).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
  it("clear() closes every notice (a new screen starts without the last one's notices)", () => {
    const { store } = make({ width: 390 });
    store.notifications.notify("Added to the cart");
    store.notifications.notify("Thank you!");
    store.notifications.clear();
    expect(store.notifications.items).toEqual([]);
    expect(store.notifications.visible).toEqual([]);
    store.notifications.notify("next");
    expect(store.notifications.visible.map((n) => n.message)).toEqual(["next"]);
  });
  it("the drawer is for small and medium screens and closes on desktop", () => {
    const { store } = make({ width: 800 });
    expect(store.ui.usesDrawer).toBe(true);
    store.ui.setDrawerOpen(true);
    store.ui.setWidth(1300);
    expect(store.ui.usesDrawer).toBe(false);
    expect(store.ui.drawerOpen).toBe(false);
  });
});
