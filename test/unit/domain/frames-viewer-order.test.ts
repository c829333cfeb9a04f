/**
 * Edges of the frame picker (spec §2–§5: frame preview state, "one" or "all"), the photo
 * viewer's grid and swipes, the order rules (§4: latest non-Discount payment, §5: checkout
 * e-mail) and the Excel photo list (a workbook any spreadsheet opens), found by mutation testing.
 */
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Payment } from "../../../storefront/src/api/index.ts";
import {
  EMPTY_PREVIEW,
  framePlan,
  frameTypes,
  nextPreview,
} from "../../../storefront/src/domain/frame-preview.ts";
import { gridRowHeight, swipeDirection } from "../../../storefront/src/domain/gallery.ts";
import {
  currentPayment,
  emailProblem,
  paymentOutcome,
} from "../../../storefront/src/domain/order.ts";
import { buildXlsx } from "../../../storefront/src/domain/xlsx.ts";

describe("frame preview state (spec §3, §4)", () => {
  it("starts with no image, no expired token and no status", () => {
    expect(EMPTY_PREVIEW).toEqual({ image: null, tokenExpired: false, status: null });
  });
  it("only a 200 with an image stores it", () => {
    expect(nextPreview(500, "blob:x")).toEqual({ image: null, tokenExpired: false, status: 500 });
    expect(nextPreview(200, null)).toEqual({ image: null, tokenExpired: false, status: 200 });
    expect(nextPreview(401, "blob:x")).toEqual({ image: null, tokenExpired: true, status: 401 });
  });
});

describe("frame types and what one or all adds", () => {
  const frames = (...ids: string[]) => ids.map((frameId) => ({ frameId, title: `${frameId}!` }));
  const pack = { productId: "pack", productType: "photosWithFrame", state: "InCatalog" };
  const single = { productId: "one", productType: "frame", state: "InCatalog" };

  it("lists each frame of the catalog's frame products once, first title kept", () => {
    const products = [
      { ...single, frames: [{ frameId: "gold", title: "Gold" }] },
      { ...pack, frames: [{ frameId: "gold", title: "Gold again" }, ...frames("blue")] },
      { ...single, productId: "old", state: "Archived", frames: frames("grey") },
      { productId: "p", productType: "photo", state: "InCatalog", frames: frames("red") },
    ];
    expect(frameTypes(products)).toEqual([
      { frameId: "gold", title: "Gold" },
      { frameId: "blue", title: "blue!" },
    ]);
  });

  it("one photo is the frame product even when the package is listed first", () => {
    const products = [
      { ...pack, frames: frames("gold") },
      { ...single, frames: frames("gold") },
    ];
    expect(framePlan(products, "gold", "one", "ph1", ["ph1", "ph2"])).toEqual({
      kind: "photos",
      product: products[1],
      photoIds: ["ph1"],
    });
  });

  it("all without a package: one frame item per photo, none without photos or frame product", () => {
    const products = [{ ...single, frames: frames("gold") }];
    expect(framePlan(products, "gold", "all", "ph1", ["ph1", "ph2"])).toEqual({
      kind: "photos",
      product: products[0],
      photoIds: ["ph1", "ph2"],
    });
    expect(framePlan(products, "gold", "all", "ph1", [])).toBeNull();
    expect(framePlan(products, "silver", "all", "ph1", ["ph1"])).toBeNull();
    expect(framePlan([], "gold", "one", "ph1", ["ph1"])).toBeNull();
  });
});

describe("photo viewer", () => {
  it("a row is one square thumbnail plus the gap, between three columns two gaps", () => {
    // (474 − 2 × 8) / 3 = 152.67 → 152, plus the 8 px gap.
    expect(gridRowHeight(474, 3)).toBe(160);
  });
  it("a swipe of exactly 50 px counts, as does a diagonal one; less does not", () => {
    expect(swipeDirection(-50, 0)).toBe(1);
    expect(swipeDirection(50, 0)).toBe(-1);
    expect(swipeDirection(49, 0)).toBe(0);
    expect(swipeDirection(60, 60)).toBe(-1);
    expect(swipeDirection(60, 61)).toBe(0);
  });
});

describe("order rules", () => {
  const pay = (id: string, createdOn: string, state: Payment["state"] = "Pending") =>
    ({ paymentId: id, paymentTypeId: "Card", state, createdOn }) as Payment;

  it("of two payments made at the same time, the one listed last counts", () => {
    const at = "2025-10-01T10:00:00.000Z";
    expect(currentPayment([pay("a", at), pay("b", at)])?.paymentId).toBe("b");
  });
  it("a canceled payment leaves the order awaiting payment", () => {
    expect(paymentOutcome({ state: "AwaitingPayment" }, { state: "Canceled" })).toBe("awaiting");
  });
  it("the checkout e-mail is one address of at most 254 characters", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(emailProblem(at254)).toBeNull();
    expect(emailProblem(`a${at254}`)).toBe("invalid");
    expect(emailProblem("runner@example.com other@example.com")).toBe("invalid");
    expect(emailProblem("runner@example.com x")).toBe("invalid");
  });
});

describe("Excel photo list: an Office Open XML workbook", () => {
  afterEach(() => vi.useRealTimers());
  const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const PKG = "http://schemas.openxmlformats.org/package/2006";
  const parts = (bytes: Uint8Array) =>
    Object.fromEntries(Object.entries(unzipSync(bytes)).map(([k, v]) => [k, strFromU8(v)]));

  it("has the content types, relationships, workbook and sheet a spreadsheet needs", () => {
    const p = parts(
      buildXlsx(
        [
          ["Photo", "Link"],
          ["a\u0001<b>", "u"],
        ],
        "My photos",
      ),
    );
    expect(p["[Content_Types].xml"]).toBe(
      `${HEAD}<Types xmlns="${PKG}/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        "</Types>",
    );
    expect(p["_rels/.rels"]).toBe(
      `${HEAD}<Relationships xmlns="${PKG}/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        "</Relationships>",
    );
    expect(p["xl/workbook.xml"]).toBe(
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
        '<sheets><sheet name="My photos" sheetId="1" r:id="rId1"/></sheets></workbook>',
    );
    expect(p["xl/_rels/workbook.xml.rels"]).toBe(
      `${HEAD}<Relationships xmlns="${PKG}/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        "</Relationships>",
    );
    expect(p["xl/worksheets/sheet1.xml"]).toBe(
      `${HEAD}<worksheet xmlns="${MAIN}"><sheetData>` +
        '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">Photo</t></is></c>' +
        '<c r="B1" t="inlineStr"><is><t xml:space="preserve">Link</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">a&lt;b&gt;</t></is></c>' +
        '<c r="B2" t="inlineStr"><is><t xml:space="preserve">u</t></is></c></row>' +
        "</sheetData></worksheet>",
    );
  });

  it("names the sheet without the characters Excel forbids, at most 31, else Sheet1", () => {
    const name = (sheet: string) =>
      /<sheet name="([^"]*)"/.exec(parts(buildXlsx([["x"]], sheet))["xl/workbook.xml"] ?? "")?.[1];
    expect(name("a/b?c*[d]:e\\f")).toBe("a b c  d  e f");
    expect(name("x".repeat(40))).toBe("x".repeat(31));
    expect(name("")).toBe("Sheet1");
    expect(name('Tom & "Jerry"')).toBe("Tom &amp; &quot;Jerry&quot;");
    expect(parts(buildXlsx([["x"]]))["xl/workbook.xml"]).toContain('<sheet name="Photos"');
  });

  it("is the same file whenever it is made (no timestamps)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const first = buildXlsx([["Photo"], ["a"]]);
    vi.setSystemTime(new Date("2031-06-15T12:34:56Z"));
    expect(buildXlsx([["Photo"], ["a"]])).toEqual(first);
  });
});
