/**
 * Which prerendered page answers a request: the page by path, the language by the
 * spec's detection (§4) with what a request carries.
 */
import { describe, expect, it } from "vitest";
import { nginxPageMaps } from "../../../cli/build/nginx-pages.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import {
  cookieValue,
  eventIdOfPath,
  FULL_PAGES,
  firstAcceptedLanguage,
  isShell,
  languageCookieName,
  pageFile,
  pageForPath,
  servedLanguage,
  tenantPages,
} from "../../../storefront/src/domain/pages.ts";

const ALL = ["participants", "photographers", "organizers", "business", "contacts"] as const;

describe("pageForPath", () => {
  it("home, contacts and the three landing pages are whole pages; the cart and the rest are shells", () => {
    expect(pageForPath("/", ALL)).toBe("home");
    expect(pageForPath("/contacts", ALL)).toBe("contacts");
    expect(pageForPath("/contacts/", ALL)).toBe("contacts");
    expect(pageForPath("/for-organizers", ALL)).toBe("organizers");
    expect(pageForPath("/for-photographers", ALL)).toBe("photographers");
    expect(pageForPath("/for-business", ALL)).toBe("business");
    expect(pageForPath("/cart", ALL)).toBe("cart-shell");
    for (const path of ["/event/1", "/event/1/photos", "/order", "/my-account", "/x/contacts"]) {
      expect(pageForPath(path, ALL), path).toBe("shell");
    }
  });

  it("a landing page the tenant's menu hides is not prerendered (spec §2: MyEventPhoto)", () => {
    const menu = ["participants", "contacts"] as const;
    expect(tenantPages(menu)).toEqual(["home", "contacts", "cart-shell", "shell"]);
    expect(pageForPath("/for-business", menu)).toBe("shell");
  });

  it("the event page's shell and the cart's shell wait for the app; every full page is whole", () => {
    expect(isShell("shell")).toBe(true);
    expect(isShell("cart-shell")).toBe(true);
    for (const page of FULL_PAGES) expect(isShell(page), page).toBe(false);
  });

  it("only an event page's path names an event to prefetch, not an order's or a participant's id", () => {
    expect(eventIdOfPath("/event/1003")).toBe("1003");
    expect(eventIdOfPath("/order/1003")).toBeNull();
    expect(eventIdOfPath("/my-account/order/1003")).toBeNull();
    expect(eventIdOfPath("/search/1003/42")).toBeNull();
  });

  it("lives under _pages/{language}/", () => {
    expect(pageFile("es", "contacts")).toBe("_pages/es/contacts.html");
  });
});

describe("servedLanguage (spec §4 with a request's cookie and Accept-Language)", () => {
  const ruEn = {
    available: ["ru", "en"] as const,
    defaultLanguage: "ru" as const,
    usVariant: false,
  };
  const ruEnEs = { ...ruEn, available: ["ru", "en", "es"] as const };

  it("takes the first language of Accept-Language", () => {
    expect(firstAcceptedLanguage("uk-UA,uk;q=0.9,en;q=0.8")).toBe("uk-UA");
    expect(firstAcceptedLanguage(" en ;q=1")).toBe("en");
    expect(firstAcceptedLanguage("*")).toBeUndefined();
    expect(firstAcceptedLanguage("")).toBeUndefined();
    expect(firstAcceptedLanguage(null)).toBeUndefined();
  });

  it("a first entry that is no language range is no preference (RFC 4647 §2.1)", () => {
    for (const header of ["ru en", "1en", "-en", "en_US", "en-", "ru-RU-toolongsubtag"])
      expect(firstAcceptedLanguage(header), header).toBeUndefined();
    expect(servedLanguage({ ...ruEn, acceptLanguage: "en ru" })).toBe("ru");
  });

  it("only spaces and tabs around the first entry are dropped (RFC 9110 OWS)", () => {
    expect(firstAcceptedLanguage("\t  en-US \t ;q=1")).toBe("en-US");
    expect(firstAcceptedLanguage("  en  ,ru")).toBe("en");
  });

  it("ru and the CIS languages → ru, es only where offered, everything else → en, nothing → default", () => {
    expect(servedLanguage({ ...ruEn, acceptLanguage: "ru-RU" })).toBe("ru");
    for (const cis of ["az", "hy", "be", "kk", "ky", "ro", "tg", "uz", "uk", "tk"]) {
      expect(servedLanguage({ ...ruEn, acceptLanguage: `${cis}-XX,en` }), cis).toBe("ru");
    }
    expect(servedLanguage({ ...ruEn, acceptLanguage: "es-ES" })).toBe("en");
    expect(servedLanguage({ ...ruEnEs, acceptLanguage: "es-ES" })).toBe("es");
    expect(servedLanguage({ ...ruEn, acceptLanguage: "de-DE,ru;q=0.9" })).toBe("en");
    expect(servedLanguage({ ...ruEn, acceptLanguage: "" })).toBe("ru");
  });

  it("the visitor's choice (cookie) beats the browser; a language the tenant lacks is ignored", () => {
    expect(servedLanguage({ ...ruEn, cookie: "en", acceptLanguage: "ru" })).toBe("en");
    expect(servedLanguage({ ...ruEn, cookie: "es", acceptLanguage: "ru" })).toBe("ru");
    expect(servedLanguage({ ...ruEn, cookie: "<script>", acceptLanguage: "en" })).toBe("en");
  });

  it("a US variant or an English host is always English", () => {
    const us = { available: ["en"] as const, defaultLanguage: "en" as const, usVariant: true };
    expect(servedLanguage({ ...us, cookie: "ru", acceptLanguage: "ru" })).toBe("en");
    expect(
      servedLanguage({ ...ruEn, hostLanguage: "en", cookie: "ru", acceptLanguage: "ru" }),
    ).toBe("en");
  });
});

describe("nginx's maps", () => {
  it("a forced host comes first, then the cookie, then the browser's first language", async () => {
    const tenant = await loadTenant("tenants", "mysport");
    if (!tenant.ok) throw new Error("tenants/mysport.yaml is invalid");
    const maps = nginxPageMaps("mysport", tenant.config);
    expect(maps.languageVar).toBe("storefront_mysport_language");
    expect(maps.defaultLanguage).toBe("ru");
    // Each field becomes a token first: a forced host's language, an exact cookie, the class of
    // the browser's first language range.
    expect(maps.hostLines).toEqual(["en.mysport.ru en;"]);
    expect(maps.cookieLines).toEqual(['"~^ru$" ru;', '"~^en$" en;']);
    expect(maps.acceptLines.map((l) => l.split(" ").at(-1))).toEqual(["ru;", "es;", "other;"]);
    // Then one line per combination of tokens, each answered by the app's own rule.
    const answer = (key: string) =>
      maps.languageLines.find((l) => l.startsWith(`"${key}" `))?.split(" ")[1];
    expect(answer("en:ru:ru")).toBe("en;"); // a forced host wins
    expect(answer(":en:ru")).toBe("en;"); // then the visitor's choice
    expect(answer("::ru")).toBe("ru;"); // then the browser
    expect(answer("::other")).toBe("en;");
    // es is not offered by mysport: a Spanish browser reads English.
    expect(answer("::es")).toBe("en;");
    expect(answer("::")).toBe("ru;"); // no preference: the default
    expect(maps.languageLines).toHaveLength(2 * 3 * 4);
    // Matched case-sensitively (nginx matches a map's plain strings in any case), as the app's
    // routes are: /CONTACTS is no page of the app (test/e2e/path-cases.ts sends it to nginx).
    expect(maps.pageLines).toContain('"~^/cart/?$" cart-shell;');
    expect(maps.pageLines).toContain('"~^/(index\\.html)?$" home;');
    expect(maps.pageLines).toContain('"~^/for-organizers/?$" organizers;');
  });

  it("tenant ids with hyphens make valid nginx variable names", async () => {
    const tenant = await loadTenant("tenants", "mysport-usa");
    if (!tenant.ok) throw new Error("tenants/mysport-usa.yaml is invalid");
    const maps = nginxPageMaps("mysport-usa", tenant.config);
    expect(maps.pageVar).toMatch(/^[a-z0-9_]+$/);
    // The US variant: every line answers en.
    expect(maps.languageLines.every((l) => l.endsWith(" en;"))).toBe(true);
  });
});

describe("the language cookie as a server reads it", () => {
  const name = languageCookieName("mysport");

  it("spaces and tabs around a cookie's name and value are dropped, as nginx's $cookie_ drops them", () => {
    expect(cookieValue(`theme=dark;  ${name} =\ten ; other=1`, name)).toBe("en");
  });

  it("a name without a value (no '=') is no cookie: the next pair of that name counts", () => {
    expect(cookieValue(`${name} ; ${name}=en`, name)).toBe("en");
    expect(cookieValue(`${name}`, name)).toBeNull();
    expect(cookieValue(null, name)).toBeNull();
  });
});
