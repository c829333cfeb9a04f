/**
 * Each tenant's storage its own: tenants previewed on one origin (and `preview --all`) share
 * local storage and cookies, so every key and cookie the shop writes carries the tenant, a
 * second tenant reads none of the first's, and data of the older version without a tenant is
 * taken over once by the tenant that loads first and removed.
 */

import { describe, expect, it } from "vitest";
import { PENDING_ORDERS_KEY } from "../../../storefront/src/domain/pending-orders.ts";
import { SAVED_PHOTOS_KEY } from "../../../storefront/src/domain/save-photos.ts";
import { forgetPerson, takeSignedOut } from "../../../storefront/src/stores/auth/person-data.ts";
import { CART_COOKIE, CART_STORAGE_KEY } from "../../../storefront/src/stores/cart-identity.ts";
import { memoryCookies } from "../../../storefront/src/stores/cookies.ts";
import { RECENT_SEARCHES_KEY } from "../../../storefront/src/stores/HomeStore.ts";
import { LANGUAGE_STORAGE_KEY } from "../../../storefront/src/stores/LanguageStore.ts";
import {
  migrateLegacyStorage,
  tenantCookies,
  tenantStorage,
} from "../../../storefront/src/stores/tenant-storage.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoRoot, mapStorage } from "../fixtures/stores.ts";

const cart = (id: string) => JSON.stringify({ cartId: id, updatedAt: 1 });

describe("each tenant's storage", () => {
  it("a second tenant on the origin sees none of the first's cart, orders, searches or language", () => {
    const map = new Map<string, string>();
    const cookies = memoryCookies();
    const mysport = tenantStorage(mapStorage(map), "mysport");
    const mysportCookies = tenantCookies(cookies, "mysport");
    mysport.setItem(CART_STORAGE_KEY, cart("c-mysport"));
    mysport.setItem(PENDING_ORDERS_KEY, '["o-1"]');
    mysport.setItem(RECENT_SEARCHES_KEY, '["Kazan"]');
    mysport.setItem(LANGUAGE_STORAGE_KEY, "en");
    mysportCookies.set(CART_COOKIE, "c-mysport", 365);

    const ironstar = tenantStorage(mapStorage(map), "ironstar");
    for (const key of [
      CART_STORAGE_KEY,
      PENDING_ORDERS_KEY,
      RECENT_SEARCHES_KEY,
      LANGUAGE_STORAGE_KEY,
    ])
      expect(ironstar.getItem(key), key).toBeNull();
    expect(tenantCookies(cookies, "ironstar").get(CART_COOKIE)).toBeNull();
    expect(mysport.getItem(CART_STORAGE_KEY)).toBe(cart("c-mysport"));
    expect([...map.keys()].every((k) => k.endsWith("@mysport"))).toBe(true);
  });

  it("a storage event names a store's key only when it is this tenant's", () => {
    const mysport = tenantStorage(mapStorage(new Map()), "mysport");
    expect(mysport.nameOf("storefront.cart@mysport")).toBe(CART_STORAGE_KEY);
    expect(mysport.nameOf("storefront.cart@ironstar")).toBeNull();
    expect(mysport.nameOf("storefront.cart@mysport-usa")).toBeNull();
    expect(mysport.nameOf("storefront.cart")).toBeNull();
    expect(mysport.nameOf(null)).toBeNull();
  });

  it("an older version's data: taken over once by the tenant loading first, then gone", () => {
    const map = new Map<string, string>([
      [CART_STORAGE_KEY, cart("c-old")],
      [PENDING_ORDERS_KEY, '["o-old"]'],
      [LANGUAGE_STORAGE_KEY, "{not json"],
    ]);
    const cookies = memoryCookies();
    cookies.set(CART_COOKIE, "c-old", 365);
    const raw = mapStorage(map);
    migrateLegacyStorage(raw, cookies, "mysport");
    expect(raw.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(tenantStorage(raw, "mysport").getItem(CART_STORAGE_KEY)).toBe(cart("c-old"));
    expect(tenantStorage(raw, "mysport").getItem(LANGUAGE_STORAGE_KEY)).toBe("{not json");
    expect(tenantCookies(cookies, "mysport").get(CART_COOKIE)).toBe("c-old");
    expect(cookies.get(CART_COOKIE)).toBe("");
    migrateLegacyStorage(raw, cookies, "ironstar");
    expect(tenantStorage(raw, "ironstar").getItem(CART_STORAGE_KEY)).toBeNull();
    expect(tenantStorage(raw, "ironstar").getItem(PENDING_ORDERS_KEY)).toBeNull();
  });

  it("the older version's shared language cookie is removed, never read: the stored choice is mirrored to the tenant's own", async () => {
    const map = new Map<string, string>([[LANGUAGE_STORAGE_KEY, "en"]]);
    const cookies = memoryCookies();
    // Another tenant on this host chose Russian; cookies ignore the port.
    cookies.set("storefront_lang", "ru", 365);
    const root = demoRoot({ origin: "http://127.0.0.1:1", storage: mapStorage(map), cookies });
    expect(cookies.get("storefront_lang")).toBe("");
    expect(root.language.language).toBe("en");
    await root.language.init();
    expect(cookies.get("storefront_lang_t")).toBe("en");
  });

  it("without a stored choice the older shared language cookie gives no language", () => {
    const cookies = memoryCookies();
    cookies.set("storefront_lang", "en", 365);
    const root = demoRoot({
      origin: "http://127.0.0.1:1",
      storage: mapStorage(new Map()),
      cookies,
    });
    expect(cookies.get("storefront_lang")).toBe("");
    expect(cookies.get("storefront_lang_t")).toBeNull();
    expect(root.language.language).toBe("ru");
  });

  it("a tenant's own entry wins over an older version's, which is still removed", () => {
    const map = new Map<string, string>([
      [CART_STORAGE_KEY, cart("c-old")],
      [`${CART_STORAGE_KEY}@mysport`, cart("c-new")],
    ]);
    migrateLegacyStorage(mapStorage(map), undefined, "mysport");
    expect([...map.entries()]).toEqual([[`${CART_STORAGE_KEY}@mysport`, cart("c-new")]]);
  });

  it("the cart cookie: a tenant's own wins over an older version's, which is still removed; without one nothing is written", () => {
    const cookies = memoryCookies();
    cookies.set(CART_COOKIE, "c-old", 365);
    tenantCookies(cookies, "mysport").set(CART_COOKIE, "c-new", 365);
    migrateLegacyStorage(mapStorage(new Map()), cookies, "mysport");
    expect(tenantCookies(cookies, "mysport").get(CART_COOKIE)).toBe("c-new");
    expect(cookies.get(CART_COOKIE)).toBe("");
    const fresh = memoryCookies();
    migrateLegacyStorage(mapStorage(new Map()), fresh, "mysport");
    expect([fresh.get(CART_COOKIE), tenantCookies(fresh, "mysport").get(CART_COOKIE)]).toEqual([
      null,
      null,
    ]);
  });

  it("the shop's stores read and write through the tenant's names (and junk stays harmless)", () => {
    const map = new Map<string, string>([
      [`${LANGUAGE_STORAGE_KEY}@t`, "en"],
      [LANGUAGE_STORAGE_KEY, "ru"],
    ]);
    const root = demoRoot({ origin: "http://127.0.0.1:1", storage: mapStorage(map) });
    expect(testSettings().id).toBe("t");
    expect(root.language.language).toBe("en");
    expect(map.has(LANGUAGE_STORAGE_KEY)).toBe(false);
  });
});

describe("what sign-out forgets", () => {
  it("the cart id (entry and cookie), pending orders, recent searches and which bought photos were saved to the phone; the language stays", () => {
    const map = new Map<string, string>();
    const cookies = memoryCookies();
    const storage = tenantStorage(mapStorage(map), "mysport");
    const jar = tenantCookies(cookies, "mysport");
    storage.setItem(CART_STORAGE_KEY, cart("c-1"));
    storage.setItem(PENDING_ORDERS_KEY, '["o-1"]');
    storage.setItem(RECENT_SEARCHES_KEY, '["Kazan"]');
    storage.setItem(SAVED_PHOTOS_KEY, '{"order:o-1":["a1001-1"]}');
    // Under the name docs/privacy.md lists.
    expect(map.has("storefront.savedPhotos@mysport")).toBe(true);
    storage.setItem(LANGUAGE_STORAGE_KEY, "en");
    jar.set(CART_COOKIE, "c-1", 365);
    forgetPerson(storage, jar);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(PENDING_ORDERS_KEY)).toBeNull();
    expect(storage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    expect(storage.getItem(SAVED_PHOTOS_KEY)).toBeNull();
    expect(jar.get(CART_COOKIE)).toBe("");
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
    // The next page says it, once.
    expect(takeSignedOut(storage)).toBe(true);
    expect(takeSignedOut(storage)).toBe(false);
  });

  it("where the page has no cookie jar, the device's storage is forgotten all the same", () => {
    const storage = tenantStorage(mapStorage(new Map()), "mysport");
    storage.setItem(CART_STORAGE_KEY, cart("c-1"));
    forgetPerson(storage, undefined);
    expect([storage.getItem(CART_STORAGE_KEY), takeSignedOut(storage)]).toEqual([null, true]);
  });
});
