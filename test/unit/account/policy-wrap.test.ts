/**
 * The policy PDF's lines: each within the page's width, a word wider than a line cut where it no
 * longer fits, and each character measured once, so a tenant's long word (a time zone of 8,000
 * characters) costs what 8,000 characters of words cost.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { advancesOf, wrap } from "../../../cli/build/policy-pdf.ts";

describe("the policy's lines", () => {
  it("keep within the width, and a word wider than a line is cut", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = wrap(`${"word ".repeat(60)}${"x".repeat(200)}`, advancesOf(font, 11), 200);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(200);
    expect(lines.join("").replace(/word| /g, "")).toBe("x".repeat(200));
  });

  it("keep as much of a long word on each line as fits, and the rest joins the next words", () => {
    // Every character one unit wide, five to a line.
    expect(wrap("ab cdefghijklm n", () => 1, 5)).toEqual(["ab", "cdefg", "hijkl", "m n"]);
    expect(wrap("  spaced   out  ", () => 1, 20)).toEqual(["spaced out"]);
  });

  it("take one character a line when a character alone is wider than the line", () => {
    expect(wrap("abc de", () => 10, 5)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("measure each character once: a word of 20,000 characters is 20,000 measurements", () => {
    let measured = 0;
    const advance = () => {
      measured++;
      return 6;
    };
    const text = `Moscow time ${"y".repeat(20_000)} (MSK)`;
    const lines = wrap(text, advance, 480);
    // The space once, then every character of the text that is not a space.
    expect(measured).toBe(1 + text.replace(/ /g, "").length);
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    expect(lines.join(" ").replace(/ /g, "")).toBe(text.replace(/ /g, ""));
  });
});
