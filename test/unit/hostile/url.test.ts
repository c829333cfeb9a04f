/**
 * Addresses from backend replies: a download link or a pay page address
 * that is not a web address never becomes a link or a navigation, however it is disguised.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWebAddress, safeLinkUrl } from "../../../storefront/src/domain/url.ts";

const SAFE = [
  "https://cdn.example/photos/a1001-1.jpg",
  "http://127.0.0.1:4701/public/files/1.jpg?sig=a%20b",
  "/public/photo-service/api/v1/files/a1001-1.jpg",
  "files/1.jpg",
  "//cdn.example/1.jpg",
  "?download=1",
];
const LINK_ONLY = ["mailto:support@mysport.example", "tel:+78001234567"];
const UNSAFE = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u001fjavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\rscript:window.__pwned=1",
  "javascript://%0aalert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "blob:https://shop.example/1",
  "file:///etc/passwd",
  "",
  "   ",
];

describe("addresses from the backend", () => {
  it("web addresses and relative ones pass as they are", () => {
    for (const url of SAFE) {
      expect(safeLinkUrl(url), url).toBe(url);
      expect(isWebAddress(url), url).toBe(true);
    }
  });

  it("mail and phone addresses are links, never a place to leave for", () => {
    for (const url of LINK_ONLY) {
      expect(safeLinkUrl(url), url).toBe(url);
      expect(isWebAddress(url), url).toBe(false);
    }
  });

  it("script, data, blob and file addresses are dropped, however disguised", () => {
    for (const url of UNSAFE) {
      expect(safeLinkUrl(url), JSON.stringify(url)).toBeNull();
      expect(isWebAddress(url), JSON.stringify(url)).toBe(false);
    }
    expect(safeLinkUrl(null)).toBeNull();
    expect(isWebAddress(undefined)).toBe(false);
  });

  it("no spelling of javascript: the browser would follow gets through", () => {
    // Browsers strip leading C0 controls and spaces and drop tabs and newlines anywhere.
    const noise = fc.string({ unit: fc.constantFrom("\t", "\n", "\r"), maxLength: 2 });
    const spelled = fc
      .tuple(
        fc.string({ unit: fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c)) }),
        fc.array(fc.tuple(fc.boolean(), noise), { minLength: 10, maxLength: 10 }),
        fc.string(),
      )
      .map(
        ([lead, letters, rest]) =>
          lead +
          [..."javascript"]
            .map((ch, i) => {
              const [upper, gap] = letters[i]!;
              return (upper ? ch.toUpperCase() : ch) + gap;
            })
            .join("") +
          `:${rest}`,
      );
    fc.assert(
      fc.property(spelled, (url) => {
        expect(safeLinkUrl(url)).toBeNull();
        expect(isWebAddress(url)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("whatever passes is http(s), mailto or tel to the URL parser", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (url) => {
        const link = safeLinkUrl(url);
        if (link !== null) {
          expect(["http:", "https:", "mailto:", "tel:"]).toContain(
            new URL(link, "https://shop.example/").protocol,
          );
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
