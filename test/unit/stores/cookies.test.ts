// @vitest-environment jsdom
/**
 * The document's cookies (spec §3: the cart id is kept in a cookie for 365 days): what a
 * cookie we set says (value encoded, Max-Age in seconds, Path=/, SameSite=Lax, Secure on
 * https) and reading one back among others.
 */
import { describe, expect, it } from "vitest";
import { documentCookies } from "../../../storefront/src/stores/cookies.ts";

/** A document whose cookie jar records every Set-Cookie line and reads back `jar`. */
function fakeDocument(protocol: string | undefined, jar = "") {
  const written: string[] = [];
  const doc = {
    location: protocol === undefined ? undefined : { protocol },
    get cookie() {
      return jar;
    },
    set cookie(line: string) {
      written.push(line);
    },
  };
  return { cookies: documentCookies(doc as unknown as Document), written };
}

describe("documentCookies", () => {
  it("sets a first-party cookie for 365 days on path / with SameSite=Lax, Secure on https", () => {
    const { cookies, written } = fakeDocument("https:");
    cookies.set("cartId", "c 1;é", 365);
    expect(written).toEqual([
      "cartId=c%201%3B%C3%A9; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
    ]);
  });

  it("over plain http (the local preview) the cookie is not Secure", () => {
    for (const protocol of ["http:", undefined]) {
      const { cookies, written } = fakeDocument(protocol);
      cookies.set("lang", "en", 1);
      expect(written).toEqual(["lang=en; Max-Age=86400; Path=/; SameSite=Lax"]);
    }
  });

  it("reads the named cookie among others, decoded, with '=' in its value kept", () => {
    const { cookies } = fakeDocument("https:", "lang=en; cartId=c%201%3D2=3; x=1");
    expect(cookies.get("cartId")).toBe("c 1=2=3");
    expect(cookies.get("lang")).toBe("en");
    expect(cookies.get("x")).toBe("1");
    expect(cookies.get("cart")).toBeNull();
    expect(cookies.get("Id")).toBeNull();
  });

  it("a mangled cookie is absent", () => {
    const { cookies } = fakeDocument("https:", "cartId=%E0%A4%A");
    expect(cookies.get("cartId")).toBeNull();
    // The first cookie of a name is the one read (the most specific path), mangled or not.
    expect(fakeDocument("https:", "cartId=%E0%A4%A; cartId=c2").cookies.get("cartId")).toBeNull();
  });

  it("the real document: what is set is read back", () => {
    const cookies = documentCookies(document);
    cookies.set("storefront.lang", "es", 365);
    cookies.set("storefront.cartId", "c/9", 365);
    expect(cookies.get("storefront.lang")).toBe("es");
    expect(cookies.get("storefront.cartId")).toBe("c/9");
    expect(document.cookie).toContain("storefront.cartId=c%2F9");
  });
});
