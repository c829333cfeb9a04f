/**
 * Edges of the display rules (found by mutation testing): prices (spec §1: a whole amount
 * without decimals, 643 with Р in ru, 840 and 978), language detection (§4: US variant always
 * en, everything but ru, CIS and es → en), the menu (§2: /my-account only when signed in),
 * per-host overrides (§1: 840 on US hosts), the footer's support link, the identity provider's
 * address (§6), prerendered pages and the selfie size.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TENANT_ID_RE } from "../../../cli/config/schema.ts";
import { authorityOf } from "../../../storefront/src/domain/auth.ts";
import { footerParts } from "../../../storefront/src/domain/footer.ts";
import { hostName, localName, resolveHost } from "../../../storefront/src/domain/host.ts";
import { detectLanguage, mapBrowserLanguage } from "../../../storefront/src/domain/language.ts";
import { menuEntries } from "../../../storefront/src/domain/menu.ts";
import { formatMoney } from "../../../storefront/src/domain/money.ts";
import {
  cookieValue,
  eventIdOfPath,
  firstAcceptedLanguage,
  LANGUAGE_COOKIE_PREFIX,
  languageCookieName,
  PAGE_PATHS,
  pageForPath,
  tenantPages,
} from "../../../storefront/src/domain/pages.ts";
import { selfieSize } from "../../../storefront/src/domain/search.ts";

const spaces = (s: string) => s.replace(/\s/g, " ");

describe("prices (spec §1)", () => {
  it("dollars in Russian are dollars, not roubles with Р", () => {
    expect(spaces(formatMoney(1500, 840, "ru"))).toBe("1 500 $");
  });
  it("euros (978) in Spanish, with cents when the amount is not whole", () => {
    expect(spaces(formatMoney(10.5, 978, "es"))).toBe("10,50 €");
    expect(spaces(formatMoney(10, 978, "es"))).toBe("10 €");
  });
  it("an unknown currency shows the bare amount, whole without decimals", () => {
    expect(formatMoney(12.5, 999, "en")).toBe("12.5");
    expect(formatMoney(1500, 999, "en")).toBe("1,500");
  });
});

describe("language detection (spec §4)", () => {
  const base = { available: ["ru", "en", "es"] as const, defaultLanguage: "ru" as const };
  it("everything but ru, the CIS codes and es maps to en", () => {
    expect(["de", "fr-FR", "zh_CN", "pt-BR", ""].map(mapBrowserLanguage)).toEqual([
      "en",
      "en",
      "en",
      "en",
      "en",
    ]);
    expect(["ES", "es-MX", "kk-KZ", "uk"].map(mapBrowserLanguage)).toEqual([
      "es",
      "es",
      "ru",
      "ru",
    ]);
  });
  it("the US variant is always English, whatever the browser or stored choice", () => {
    expect(detectLanguage({ ...base, usVariant: true, stored: "ru", browser: ["ru-RU"] })).toBe(
      "en",
    );
  });
  it("without the default among the available languages, the first available one", () => {
    expect(
      detectLanguage({
        available: ["en", "es"],
        defaultLanguage: "ru",
        usVariant: false,
        browser: [],
      }),
    ).toBe("en");
    expect(
      detectLanguage({ available: [], defaultLanguage: "es", usVariant: false, browser: [] }),
    ).toBe("ru");
  });
});

describe("menu (spec §2)", () => {
  it("/my-account only when signed in, before contacts, else at the end", () => {
    expect(menuEntries(["participants", "contacts"], true)).toEqual([
      { route: "home", path: "/" },
      { route: "my-account", path: "/my-account" },
      { route: "contacts", path: "/contacts" },
    ]);
    expect(menuEntries(["participants", "photographers"], true)).toEqual([
      { route: "home", path: "/" },
      { route: "photographers", path: "/for-photographers" },
      { route: "my-account", path: "/my-account" },
    ]);
    expect(menuEntries(["contacts", "participants"], true).map((e) => e.route)).toEqual([
      "my-account",
      "contacts",
      "home",
    ]);
    expect(menuEntries(["participants", "contacts"], false).map((e) => e.route)).toEqual([
      "home",
      "contacts",
    ]);
  });
});

describe("per-host overrides (spec §1: 840 on US hosts)", () => {
  const config = {
    currencyId: 643 as const,
    hosts: [
      { host: "us.shop.example", currencyId: 840 as const, language: "en" as const },
      { host: "preview.shop.example:8443", currencyId: 978 as const },
    ],
  };
  it("a host written with its port matches that host and port", () => {
    expect(resolveHost(config as never, "preview.shop.example:8443").currencyId).toBe(978);
    expect(resolveHost(config as never, "US.shop.example:443")).toEqual({
      currencyId: 840,
      language: "en",
    });
    expect(resolveHost(config as never, "shop.example")).toEqual({
      currencyId: 643,
      language: undefined,
    });
  });

  it("a host's name is compared as nginx's $host reads it: lower case, no port, no trailing dot", () => {
    expect(hostName("EN.mysport.ru.:443")).toBe("en.mysport.ru");
    expect(hostName("en.mysport.ru.")).toBe("en.mysport.ru");
    expect(hostName("en.mysport.ru:")).toBe("en.mysport.ru");
    expect(hostName("127.0.0.1:4301")).toBe("127.0.0.1");
    expect(resolveHost(config as never, "us.shop.example.")).toEqual({
      currencyId: 840,
      language: "en",
    });
  });

  it("an IPv6 literal keeps the colons inside its brackets; whatever follows the bracket is its port", () => {
    expect(hostName("[::1]:4173")).toBe("[::1]");
    expect(hostName("[2001:DB8::1]")).toBe("[2001:db8::1]");
    // A forged Host header: the name still ends at the bracket.
    expect(hostName("[::1]:preview")).toBe("[::1]");
    // Elsewhere only digits at the end are a port.
    expect(hostName("shop.example:80x")).toBe("shop.example:80x");
    // Only a name that starts with "[" is an IPv6 literal.
    expect(hostName("shop]example")).toBe("shop]example");
  });

  it("a tenant host under .localhost (the preview on this machine) is that host", () => {
    expect(localName("en.mysport.ru.localhost")).toBe("en.mysport.ru");
    expect(localName("localhost")).toBe("localhost");
    expect(localName("mysport.ru")).toBe("mysport.ru");
    expect(resolveHost(config as never, "us.shop.example.localhost:4173").currencyId).toBe(840);
  });
});

describe("footer support link", () => {
  it("never means never, copyright or not", () => {
    const footer = { supportLink: "never" as const };
    expect(footerParts(footer as never, "en", false)?.supportLink).toBe(false);
    expect(footerParts({ supportLink: "always" } as never, "en", false)?.supportLink).toBe(true);
  });
});

describe("identity provider address (spec §6)", () => {
  it("the tenant's authority without any trailing slash", () => {
    const auth = { realm: "mysport", clientId: "storefront" };
    expect(authorityOf({ ...auth, authority: "https://id.example/realms/x//" }, "o")).toBe(
      "https://id.example/realms/x",
    );
  });
});

describe("prerendered pages", () => {
  it("home is always a page, whatever the menu lists", () => {
    expect(tenantPages(["contacts"])).toEqual(["home", "contacts", "cart-shell", "shell"]);
  });
  it("a path with trailing slashes is the page without them", () => {
    expect(pageForPath("/contacts//", ["contacts"])).toBe("contacts");
    expect(pageForPath("/", ["contacts"])).toBe("home");
  });
  it("the shell is rendered at an event page's path", () => {
    expect(eventIdOfPath(PAGE_PATHS.shell)).not.toBeNull();
    expect(pageForPath(PAGE_PATHS.shell, ["contacts"])).toBe("shell");
  });
  it("only /event/{id} and /event/{id}/photos are event pages", () => {
    expect(eventIdOfPath("/event/1003/photos/")).toBe("1003");
    expect(eventIdOfPath("/shop/event/1003")).toBeNull();
    expect(eventIdOfPath("/cart")).toBeNull();
    expect(eventIdOfPath("/event/")).toBeNull();
  });
  it("each tenant's language cookie is named after it, in the form deployed servers read", () => {
    expect(languageCookieName("mysport")).toBe("storefront_lang_mysport");
    expect(languageCookieName("mysport-usa")).toBe("storefront_lang_mysport_usa");
    expect(languageCookieName("mysport")).not.toBe(LANGUAGE_COOKIE_PREFIX);
  });
  it("every valid tenant id gives its own language cookie name, readable by nginx as $cookie_{name}", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    const tenantId = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join("-"));
    fc.assert(
      fc.property(tenantId, tenantId, (a, b) => {
        expect(TENANT_ID_RE.test(a)).toBe(true);
        // An nginx variable name takes [A-Za-z0-9_] (a "-" would end it); also a cookie token.
        expect(languageCookieName(a)).toMatch(/^[a-z0-9_]+$/);
        if (a !== b) expect(languageCookieName(a)).not.toBe(languageCookieName(b));
      }),
      { numRuns: 500 },
    );
  });
  it("a cookie's name is matched in either case of its ASCII letters, as nginx's $cookie_ does", () => {
    expect(cookieValue("STOREFRONT_LANG_MYSPORT=en", "storefront_lang_mysport")).toBe("en");
    expect(
      cookieValue(
        "Storefront_Lang_Mysport=es; storefront_lang_mysport=en",
        "storefront_lang_mysport",
      ),
    ).toBe("es");
    // The Kelvin sign lower-cases to "k" in Unicode, never in nginx.
    expect(cookieValue("\u212A=en", "k")).toBeNull();
    expect(cookieValue("storefront_lang=en", "storefront_lang_mysport")).toBeNull();
  });
  it("whatever it is given, the language cookie's name is a token (no separator, space or quote)", () => {
    for (const id of ["", "a;b=c", "../x", "x y", 'q"', "Ü", "a,b", "a\tb", "UPPER"]) {
      expect(languageCookieName(id), JSON.stringify(id)).toMatch(/^storefront_lang_[a-z0-9_]*$/);
    }
  });
  it("the first Accept-Language tag, none for * or an empty header", () => {
    expect(firstAcceptedLanguage("es-ES;q=0.9, en")).toBe("es-ES");
    expect(firstAcceptedLanguage("*")).toBeUndefined();
    expect(firstAcceptedLanguage("")).toBeUndefined();
    expect(firstAcceptedLanguage(null)).toBeUndefined();
  });
});

describe("selfie size", () => {
  it("a selfie keeps its size up to 2048 px on its longest side; a longer one is scaled", () => {
    expect(selfieSize(2048, 1536)).toEqual({ width: 2048, height: 1536 });
    expect(selfieSize(1000, 3000)).toEqual({ width: 683, height: 2048 });
    expect(selfieSize(3000, 1000)).toEqual({ width: 2048, height: 683 });
  });
});
