/**
 * A brand font and its licence are read before they are shipped: a WOFF2 file's header and
 * table directory must be honest and its tables must unpack within 2 MiB (so a small file cannot
 * unpack into gigabytes); a licence is UTF-8 text without control characters.
 */
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { contentProblem, MAX_WOFF2_FONT_BYTES } from "../../../cli/config/asset-content.ts";

/**
 * A WOFF2 file: its 48-byte header, the table directory as given, then the Brotli-compressed
 * tables; `header` overrides fields after the rest is written.
 */
function woff2(
  directory: number[],
  tables: Uint8Array,
  options: { numTables?: number; flavor?: string; sfntSize?: number; compressedSize?: number } = {},
): Uint8Array {
  const compressed = brotliCompressSync(tables);
  const header = Buffer.alloc(48);
  header.write("wOF2", 0);
  header.write(options.flavor ?? "\x00\x01\x00\x00", 4, "latin1");
  header.writeUInt32BE(48 + directory.length + compressed.length, 8);
  header.writeUInt16BE(options.numTables ?? 1, 12);
  header.writeUInt32BE(options.sfntSize ?? 12 + 16 + tables.length, 16);
  header.writeUInt32BE(options.compressedSize ?? compressed.length, 20);
  return Buffer.concat([header, Buffer.from(directory), compressed]);
}
const font = (file: Uint8Array) => contentProblem("brand-400.woff2", file);
const TABLE = Buffer.alloc(64, 1);

describe("a WOFF2 font's table directory is read as the format says", () => {
  it("a table by its known tag, by a tag of its own, or two of them", () => {
    // cmap (known tag 0), no transform: its original length only.
    expect(font(woff2([0x00, 64], TABLE))).toBeNull();
    // Tag 63: four bytes of tag follow the flags.
    expect(font(woff2([0x3f, ...Buffer.from("BRND"), 64], TABLE))).toBeNull();
    expect(font(woff2([0x00, 32, 0x01, 32], TABLE, { numTables: 2 }))).toBeNull();
  });

  it("glyf and loca carry a transformed length unless their transform is the null one (3)", () => {
    // glyf (10) and loca (11) in version 0: original and transformed length.
    expect(font(woff2([0x0a, 64, 60], TABLE))).toBeNull();
    expect(font(woff2([0x0b, 64, 60], TABLE))).toBeNull();
    // Version 3 of glyf: not transformed, no second length.
    expect(font(woff2([0xca, 64], TABLE))).toBeNull();
    // Any other table in a version other than 0 is transformed.
    expect(font(woff2([0x40 | 0x09, 64, 60], TABLE))).toBeNull();
    // Read without its second length, the tables would start a byte late, and run past the end.
    expect(font(woff2([0x0a, 64], TABLE))).toBe(
      "not a whole WOFF2 font (its compressed tables are cut short)",
    );
  });

  it("sizes in UIntBase128: several bytes, at most five, no leading zero byte, no overflow", () => {
    expect(font(woff2([0x00, 0x81, 0x00], Buffer.alloc(128, 1)))).toBeNull();
    expect(font(woff2([0x00, 0x80, 0x01], TABLE))).toBe(
      "not a WOFF2 font (a table's size is malformed)",
    );
    expect(font(woff2([0x00, 0x81, 0x81, 0x81, 0x81, 0x81, 0x00], TABLE))).toBe(
      "not a WOFF2 font (a table's size is malformed)",
    );
    // 2^32 and more does not fit in 32 bits.
    expect(font(woff2([0x00, 0x90, 0x80, 0x80, 0x80, 0x00], TABLE))).toBe(
      "not a WOFF2 font (a table's size is malformed)",
    );
    expect(font(woff2([0x0a, 64, 0x80, 0x01], TABLE))).toBe(
      "not a WOFF2 font (a table's size is malformed)",
    );
  });

  it("a size cut short by the end of the file is malformed; the largest 32-bit size is a size", () => {
    const cut = woff2([], TABLE).subarray(0, 48);
    const file = Buffer.concat([cut, Buffer.from([0x00, 0x81])]);
    file.writeUInt32BE(file.length, 8);
    expect(font(file)).toBe("not a WOFF2 font (a table's size is malformed)");
    expect(font(woff2([0x00, 0x8f, 0xff, 0xff, 0xff, 0x7f], TABLE))).toBeNull();
  });

  it("a directory cut short is refused", () => {
    const headerOnly = woff2([], TABLE).subarray(0, 48);
    Buffer.from(headerOnly.buffer, headerOnly.byteOffset).writeUInt32BE(48, 8);
    expect(font(headerOnly)).toBe("not a whole WOFF2 font (its table directory is cut short)");
  });
});

describe("a WOFF2 font's header must be honest", () => {
  it("a file shorter than the header, a collection, tables past the end", () => {
    expect(font(Buffer.from("wOF2\x00\x01\x00\x00"))).toBe(
      "not a WOFF2 font (its header is cut short)",
    );
    expect(font(woff2([0x00, 64], TABLE, { flavor: "ttcf" }))).toBe(
      "a font collection; a brand font is one WOFF2 font",
    );
    const compressed = brotliCompressSync(TABLE).length;
    expect(font(woff2([0x00, 64], TABLE, { compressedSize: compressed + 1 }))).toBe(
      "not a whole WOFF2 font (its compressed tables are cut short)",
    );
  });

  it("bytes that are no Brotli stream do not unpack", () => {
    const file = woff2([0x00, 64], TABLE);
    file.fill(0xff, 50);
    expect(font(file)).toBe("not a WOFF2 font (its tables do not unpack)");
  });

  it("a font unpacking to 2 MiB passes; past that it is refused, whatever the header says", () => {
    const full = Buffer.alloc(MAX_WOFF2_FONT_BYTES, 1);
    expect(
      font(woff2([0x00, 0x81, 0x80, 0x80, 0x00], full, { sfntSize: MAX_WOFF2_FONT_BYTES })),
    ).toBeNull();
    expect(
      font(
        woff2([0x00, 0x81, 0x80, 0x80, 0x01], Buffer.alloc(MAX_WOFF2_FONT_BYTES + 1, 1), {
          sfntSize: 1000,
        }),
      ),
    ).toBe(
      `a WOFF2 font that unpacks to more than ${MAX_WOFF2_FONT_BYTES} bytes; expected at most ${MAX_WOFF2_FONT_BYTES} (subset it to the tenant's languages)`,
    );
    expect(font(woff2([0x00, 64], TABLE, { sfntSize: MAX_WOFF2_FONT_BYTES + 1 }))).toBe(
      `a WOFF2 font that unpacks to ${MAX_WOFF2_FONT_BYTES + 1} bytes; expected at most ${MAX_WOFF2_FONT_BYTES} (subset it to the tenant's languages)`,
    );
  });
});

describe("a font's licence is plain text", () => {
  const text = (s: string) => contentProblem("OFL.txt", new TextEncoder().encode(s));

  it("tabs, line breaks, carriage returns and page breaks are text", () => {
    expect(text("Copyright 2019\tThe Manrope Authors\r\n\fSIL OPEN FONT LICENSE\n")).toBeNull();
    expect(text("Лицензия: © 2019 — «Manrope»\n")).toBeNull();
  });

  it.each([
    ["\u0000", "U+0000"],
    ["\u0007", "U+0007"],
    ["\u000b", "U+000B"],
    ["\u001b[31m", "U+001B"],
    ["\u007f", "U+007F"],
  ])("a control character (%j) is refused by its code", (c, code) => {
    expect(text(`Copyright${c} 2019`)).toBe(`a control character (${code}) in a text file`);
  });

  it("the extension decides, in any case", () => {
    expect(contentProblem("OFL.TXT", Uint8Array.from([0x41, 0x07]))).toBe(
      "a control character (U+0007) in a text file",
    );
    expect(contentProblem("brand.WOFF2", Buffer.from("<svg/>"))).toBe(
      "not a WOFF2 font (its first bytes say otherwise)",
    );
    expect(contentProblem("favicon.ico", Uint8Array.from([0, 0, 2, 0]))).toBe(
      "not a ICO image (its first bytes say otherwise)",
    );
  });
});
