import { describe, expect, it } from "vitest";
import { loadTenant } from "../../../cli/config/load.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { viewportOf } from "../../../storefront/src/domain/constants.ts";
import {
  errorText,
  isDuplicateNavigation,
  visibleNotificationCount,
} from "../../../storefront/src/domain/errors.ts";
import { footerParts } from "../../../storefront/src/domain/footer.ts";
import { resolveHost } from "../../../storefront/src/domain/host.ts";
import { menuEntries } from "../../../storefront/src/domain/menu.ts";

async function tenant(id: string): Promise<TenantConfig> {
  const r = await loadTenant("tenants", id);
  if (!r.ok) throw new Error(`${id} invalid`);
  return r.config;
}

const paths = (items: TenantConfig["menu"], signedIn = false) =>
  menuEntries(items, signedIn).map((e) => e.path);

describe("menu per tenant (spec §2)", () => {
  it("MySport shows every item; /my-account only when signed in, before contacts", async () => {
    const t = await tenant("mysport");
    expect(paths(t.menu)).toEqual([
      "/",
      "/for-photographers",
      "/for-organizers",
      "/for-business",
      "/contacts",
    ]);
    expect(paths(t.menu, true)).toEqual([
      "/",
      "/for-photographers",
      "/for-organizers",
      "/for-business",
      "/my-account",
      "/contacts",
    ]);
  });
  it("MyEventPhoto hides the three landing items", async () => {
    expect(paths((await tenant("myeventphoto")).menu)).toEqual(["/", "/contacts"]);
  });
  it("the US variant shows only home and contacts", async () => {
    expect(paths((await tenant("mysport-usa")).menu)).toEqual(["/", "/contacts"]);
  });
  it("IronStar and TimerMan show every item", async () => {
    for (const id of ["ironstar", "timerman"])
      expect(paths((await tenant(id)).menu)).toHaveLength(5);
  });
});

describe("footer per tenant (spec §2)", () => {
  it("MySport: social icons and copyright in ru; support link otherwise", async () => {
    const f = (await tenant("mysport")).footer;
    expect(footerParts(f, "ru", false)).toEqual({
      socialIcons: true,
      copyright: true,
      supportLink: false,
    });
    expect(footerParts(f, "en", false)).toEqual({
      socialIcons: false,
      copyright: false,
      supportLink: true,
    });
  });
  it.each(["ironstar", "myeventphoto"])(
    "%s: copyright in ru, no social icons; support link otherwise",
    async (id) => {
      const f = (await tenant(id)).footer;
      expect(footerParts(f, "ru", false)).toEqual({
        socialIcons: false,
        copyright: true,
        supportLink: false,
      });
      expect(footerParts(f, "en", false)).toEqual({
        socialIcons: false,
        copyright: false,
        supportLink: true,
      });
    },
  );
  it("TimerMan: a support link in every language", async () => {
    const f = (await tenant("timerman")).footer;
    for (const lang of ["ru", "en", "es"] as const) {
      expect(footerParts(f, lang, false)).toEqual({
        socialIcons: false,
        copyright: false,
        supportLink: true,
      });
    }
  });
  it("the US variant has no footer", async () => {
    expect(footerParts((await tenant("mysport-usa")).footer, "en", false)).toBeNull();
  });
  it("no footer while loading", async () => {
    expect(footerParts((await tenant("mysport")).footer, "ru", true)).toBeNull();
  });
});

describe("hosts, currency and the US variant", () => {
  it("the US tenant is English only in dollars", async () => {
    const t = await tenant("mysport-usa");
    expect(t.currencyId).toBe(840);
    expect(t.languages.available).toEqual(["en"]);
    expect(t.usVariant).toBe(true);
    expect(t.footer).toBeNull();
    expect(t.appBar.backLink?.url).toBe("https://us.mysport.example/");
  });
  it("default currency 643; a US host overrides to 840 and English", async () => {
    const t = await tenant("mysport");
    expect(resolveHost(t, "mysport.ru")).toEqual({ currencyId: 643, language: undefined });
    expect(resolveHost(t, "en.mysport.ru:443")).toEqual({ currencyId: 643, language: "en" });
    const us = await tenant("mysport-usa");
    expect(resolveHost(us, "us.mysport.example")).toEqual({ currencyId: 840, language: "en" });
    expect(resolveHost(t, "127.0.0.1:4301").currencyId).toBe(643);
  });
  it("default language lists hold ru and en; es is supported where a tenant lists it", async () => {
    expect((await tenant("mysport")).languages.available).toEqual(["ru", "en"]);
    expect((await tenant("timerman")).languages.available).toContain("es");
  });
});

describe("error queue and notification rules (spec §2, §8)", () => {
  it("error text is the message, else the name, else the stack", () => {
    expect(errorText({ message: "boom", name: "E", stack: "s" })).toBe("boom");
    expect(errorText({ message: "", name: "TypeError", stack: "s" })).toBe("TypeError");
    expect(errorText({ stack: "at x" })).toBe("at x");
  });
  it("duplicate navigation errors are recognised", () => {
    expect(isDuplicateNavigation({ name: "NavigationDuplicated" })).toBe(true);
    expect(
      isDuplicateNavigation({ message: "Avoided redundant navigation to current location" }),
    ).toBe(true);
    expect(isDuplicateNavigation({ message: "Network down" })).toBe(false);
  });
  it("at most 2 notifications at once, 1 on mobile", () => {
    expect(visibleNotificationCount(false)).toBe(2);
    expect(visibleNotificationCount(true)).toBe(1);
  });
  it("breakpoints: mobile < 768, tablet 768–1199, desktop ≥ 1200", () => {
    expect(viewportOf(767)).toBe("mobile");
    expect(viewportOf(768)).toBe("tablet");
    expect(viewportOf(1199)).toBe("tablet");
    expect(viewportOf(1200)).toBe("desktop");
  });
});
