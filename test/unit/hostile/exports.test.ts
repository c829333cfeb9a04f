// @vitest-environment jsdom
/**
 * Exports from hostile API data stay well-formed: a photo id or title with characters XML 1.0
 * forbids (C0 controls, U+FFFE, U+FFFF, a lone surrogate) still gives a sheet a strict XML
 * parser reads, with the same text less those characters; and a `javascript:` or `data:`
 * address is neither in the photo list nor counted in "Download all (N)".
 */
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { BoughtPhoto } from "../../../storefront/src/api/index.ts";
import { photoListRows } from "../../../storefront/src/domain/photo-list.ts";
import { type Purchase, photoCount } from "../../../storefront/src/domain/purchase.ts";
import { buildXlsx } from "../../../storefront/src/domain/xlsx.ts";

/** The sheet parsed as XML the strict way (jsdom's XML parser stops at the first error). */
function parseSheet(xlsx: Uint8Array): Document {
  // Strict UTF-8 first (an encoded lone surrogate is an error, not a replacement character).
  const bytes = unzipSync(xlsx)["xl/worksheets/sheet1.xml"] ?? new Uint8Array();
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  const doc = new DOMParser().parseFromString(text, "application/xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`the sheet is not well-formed XML: ${error.textContent}`);
  return doc;
}

const cells = (doc: Document) => [...doc.getElementsByTagName("t")].map((t) => t.textContent);

describe("the Excel photo list from hostile data", () => {
  it.each([
    ["U+FFFF", "\uffff"],
    ["U+FFFE", "\ufffe"],
    ["a lone high surrogate", "\ud83d"],
    ["a lone low surrogate", "\ude00"],
    ["a C0 control", "\u0001"],
    ["a vertical tab", "\u000b"],
  ])("a photo id with %s parses, and keeps the rest of its text", (_, bad) => {
    const doc = parseSheet(
      buildXlsx([
        ["Photo", "Product", "Link"],
        [`p-1${bad}7`, `Kazan ${bad}<b>&`, "https://shop.example/p/1"],
      ]),
    );
    expect(cells(doc)).toEqual([
      "Photo",
      "Product",
      "Link",
      "p-17",
      "Kazan <b>&",
      "https://shop.example/p/1",
    ]);
  });

  it("keeps what XML allows: tabs, line ends, Cyrillic, emoji (a proper surrogate pair)", () => {
    const text = "Казань\t2025\n🏃 финиш";
    expect(cells(parseSheet(buildXlsx([[text]])))).toEqual([text]);
  });
});

describe("download addresses from hostile data", () => {
  const photo = (photoId: string, downloadUrl: string | null): BoughtPhoto =>
    ({ photoId, downloadUrl, thumbnailUrl: "/t.jpg" }) as BoughtPhoto;
  const photos = [
    photo("ok-1", "https://cdn.example/1.jpg"),
    photo("ok-2", "/public/photos/2.jpg"),
    photo("js", "javascript:alert(document.cookie)"),
    photo("js-tab", "java\tscript:alert(1)"),
    photo("data", "data:text/html,<script>alert(1)</script>"),
    photo("none", null),
  ];

  it("the photo list exports only web addresses", () => {
    const rows = photoListRows([{ product: { title: "Photo" }, photos }], "https://shop.example");
    expect(rows.map((r) => [r.photoId, r.url])).toEqual([
      ["ok-1", "https://cdn.example/1.jpg"],
      ["ok-2", "https://shop.example/public/photos/2.jpg"],
    ]);
  });

  it('"Download all (N)" counts only them', () => {
    const purchase = { items: [{ photos }] } as unknown as Purchase;
    expect(photoCount(purchase)).toBe(2);
  });
});
