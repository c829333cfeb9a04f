/**
 * Brand fonts: theme.fonts names at most a regular and a bold WOFF2 file, each checked like the
 * other assets (inside the tenants folder, at most 100 KiB, what its name says, read once), and
 * measured so the fallback font takes exactly its room.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FONT_LIMIT } from "../../../cli/config/assets.ts";
import {
  FALLBACK_FONT,
  fallbackOverrides,
  fontMetrics,
  fontStack,
} from "../../../cli/config/fonts.ts";
import { formatProblem, loadTenant, tenantInputs } from "../../../cli/config/load.ts";
import { mutate, scratchPerFile } from "./fixture.ts";

const MANROPE = readFileSync(resolve("tenants/ironstar/manrope-400.woff2"));
const MANROPE_BOLD = readFileSync(resolve("tenants/ironstar/manrope-700.woff2"));
const MANROPE_OFL = readFileSync(resolve("tenants/ironstar/manrope-OFL.txt"));
const scratch = scratchPerFile();

const WITH_FONTS = mutate([
  [
    "    headingWeight: 700\n",
    "    headingWeight: 700\n  fonts:\n    family: Manrope\n    regular: mysport/brand-400.woff2\n    bold: mysport/brand-700.woff2\n",
  ],
]);

async function loadWith(regular: Uint8Array, yaml = WITH_FONTS) {
  const s = scratch();
  writeFileSync(join(s.tenantsDir, "mysport", "brand-400.woff2"), regular);
  writeFileSync(join(s.tenantsDir, "mysport", "brand-700.woff2"), MANROPE_BOLD);
  s.write("branded", yaml);
  return loadTenant(s.tenantsDir, "branded");
}

const problemsOf = async (regular: Uint8Array, yaml?: string) => {
  const r = await loadWith(regular, yaml);
  return r.ok ? [] : r.problems.map(formatProblem);
};

/** A copy of the font with a 32-bit big-endian header field replaced. */
function patched(offset: number, value: number): Buffer {
  const copy = Buffer.from(MANROPE);
  copy.writeUInt32BE(value, offset);
  return copy;
}

/** WOFF2's UIntBase128 at `at` of a sound font: the value and where the next field starts. */
function base128(b: Buffer, at: number): [number, number] {
  let value = 0;
  for (let i = 0; ; i++) {
    const byte = b.readUInt8(at + i);
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
}

/** WOFF2's known-tag indexes of the tables edited here. */
const TAG_INDEX = { head: 1, hhea: 2 };

/**
 * A copy of Manrope whose `tag` table is edited: the tables are unpacked, edited and packed again
 * under the same directory, so the WOFF2 checks pass and only the font's own tables are wrong.
 */
function withTable(tag: keyof typeof TAG_INDEX, edit: (table: Buffer) => void): Buffer {
  let at = 48;
  let offset = 0;
  let found = -1;
  for (let t = 0; t < MANROPE.readUInt16BE(12); t++) {
    const flags = MANROPE.readUInt8(at++);
    const known = flags & 0x3f;
    if (known === 0x3f) at += 4;
    if (known === TAG_INDEX[tag]) found = offset;
    let length: number;
    [length, at] = base128(MANROPE, at);
    const glyfOrLoca = known === 10 || known === 11;
    if (glyfOrLoca ? flags >> 6 === 0 : flags >> 6 !== 0) [length, at] = base128(MANROPE, at);
    offset += length;
  }
  if (found < 0) throw new Error(`Manrope has no ${tag} table`);
  const tables = brotliDecompressSync(MANROPE.subarray(at, at + MANROPE.readUInt32BE(20)));
  edit(tables.subarray(found));
  const packed = brotliCompressSync(tables, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  const header = Buffer.from(MANROPE.subarray(0, at));
  header.writeUInt32BE(at + packed.length, 8);
  header.writeUInt32BE(packed.length, 20);
  return Buffer.concat([header, packed]);
}

/** Manrope with 0 units per em (head.unitsPerEm, at byte 18 of its head table). */
const ZERO_EM = withTable("head", (head) => head.writeUInt16BE(0, 18));
/** Manrope whose hhea has no horizontal metrics (numberOfHMetrics, byte 34): no glyph is wide. */
const ZERO_WIDTH = withTable("hhea", (hhea) => hhea.writeUInt16BE(0, 34));

describe("the fallback's metric overrides", () => {
  it("are 100 % for the fallback font itself, its own ascent, descent and line gap per em", () => {
    expect(fallbackOverrides(FALLBACK_FONT.metrics)).toEqual({
      sizeAdjust: "100.0000%",
      ascentOverride: "90.5273%", // 1854 / 2048
      descentOverride: "21.1914%", // 434 / 2048
      lineGapOverride: "3.2715%", // 67 / 2048
    });
  });

  it("are read from the font's own tables (Manrope: 2000 units per em, ascent 2132, descent 600)", async () => {
    const m = await fontMetrics(MANROPE);
    if (typeof m === "string") throw new Error(m);
    expect([m.unitsPerEm, m.ascent, m.descent, m.lineGap]).toEqual([2000, 2132, -600, 0]);
    const size = m.xWidthAvg / 2000 / (913 / 2048);
    const o = fallbackOverrides(m);
    expect(o.sizeAdjust).toBe(`${(size * 100).toFixed(4)}%`);
    expect(o.ascentOverride).toBe(`${((2132 / (2000 * size)) * 100).toFixed(4)}%`);
    expect(o.descentOverride).toBe(`${((600 / (2000 * size)) * 100).toFixed(4)}%`);
    expect(o.lineGapOverride).toBe("0.0000%");
  });

  it("refuse a font with no units per em or no width, which no fallback can be sized to", async () => {
    const unusable = "a font without usable metrics (units per em, ascent, descent, average width)";
    expect(await fontMetrics(ZERO_EM)).toBe(unusable);
    expect(await fontMetrics(ZERO_WIDTH)).toBe(unusable);
    // The edit is all that changed: the same font with its own values packed again is read.
    const repacked = await fontMetrics(withTable("head", () => {}));
    if (typeof repacked === "string") throw new Error(repacked);
    expect([repacked.unitsPerEm, repacked.ascent, repacked.descent]).toEqual([2000, 2132, -600]);
    expect(repacked.xWidthAvg).toBeGreaterThan(0);
  });

  it("say why bytes are no font at all, in the reader's words", async () => {
    expect(await fontMetrics(new TextEncoder().encode("a text file named .woff2"))).toBe(
      "not a readable font (Unknown font format)",
    );
  });

  it("put the brand font and its matched fallback before the tenant's own list", () => {
    expect(fontStack("Manrope", "'Helvetica Neue', Arial, sans-serif")).toBe(
      `"Manrope", "Manrope fallback", 'Helvetica Neue', Arial, sans-serif`,
    );
    expect(fontStack(undefined, "system-ui")).toBe("system-ui");
  });
});

describe("a font's licence text (theme.fonts.license)", () => {
  const withLicense = WITH_FONTS.replace(
    "    bold: mysport/brand-700.woff2\n",
    "    bold: mysport/brand-700.woff2\n    license: mysport/brand-OFL.txt\n",
  );
  const line = withLicense.split("\n").findIndex((l) => l.includes("brand-OFL")) + 1;
  const licenseProblems = async (text: Uint8Array) => {
    writeFileSync(join(scratch().tenantsDir, "mysport", "brand-OFL.txt"), text);
    return problemsOf(MANROPE, withLicense);
  };

  it("loads the real one, and counts it among the tenant's inputs", async () => {
    expect(await licenseProblems(MANROPE_OFL)).toEqual([]);
    const r = await loadWith(MANROPE, withLicense);
    if (!r.ok) throw new Error("expected the tenant to load");
    expect(tenantInputs(r).map((i) => i.path)).toContain("mysport/brand-OFL.txt");
  });

  it("refuses bytes that are not text, and a file over 64 KiB", async () => {
    expect(await licenseProblems(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]))).toEqual([
      `tenants/branded.yaml:${line}:14  theme.fonts.license  tenants/mysport/brand-OFL.txt: not UTF-8 text`,
    ]);
    expect(await licenseProblems(Buffer.from("Copyright\u0000 2019\n"))).toEqual([
      `tenants/branded.yaml:${line}:14  theme.fonts.license  tenants/mysport/brand-OFL.txt: a control character (U+0000) in a text file`,
    ]);
    const [big] = await licenseProblems(Buffer.alloc(64 * 1024 + 1, "a"));
    expect(big).toContain(
      "theme.fonts.license  tenants/mysport/brand-OFL.txt is larger than 64 KiB (65536 bytes), the limit for a font's licence text",
    );
  });
});

describe("theme.fonts in a tenant file", () => {
  it("loads two real WOFF2 files and counts them among the tenant's inputs", async () => {
    const r = await loadWith(MANROPE);
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
    expect(r.config.theme.fonts).toEqual({
      family: "Manrope",
      regular: "mysport/brand-400.woff2",
      bold: "mysport/brand-700.woff2",
    });
    expect(r.assets.get("mysport/brand-400.woff2")).toEqual(MANROPE);
    expect(tenantInputs(r).map((i) => i.path)).toContain("mysport/brand-700.woff2");
  });

  it("refuses a file that is not WOFF2, where the YAML names it", async () => {
    const line = WITH_FONTS.split("\n").findIndex((l) => l.includes("brand-400")) + 1;
    expect(await problemsOf(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual([
      `tenants/branded.yaml:${line}:14  theme.fonts.regular  tenants/mysport/brand-400.woff2: not a WOFF2 font (its first bytes say otherwise)`,
    ]);
  });

  it("refuses a file over 100 KiB", async () => {
    const big = Buffer.concat([MANROPE, Buffer.alloc(FONT_LIMIT)]);
    const [only] = await problemsOf(big);
    expect(only).toContain(
      "theme.fonts.regular  tenants/mysport/brand-400.woff2 is larger than 100 KiB (102400 bytes), the limit for a font file; make the file smaller",
    );
  });

  it("refuses a header that lies about the file's length or unpacks too big", async () => {
    const [cut] = await problemsOf(MANROPE.subarray(0, MANROPE.length - 100));
    expect(cut).toContain(
      `not a whole WOFF2 font (its header says ${MANROPE.length} bytes, the file has ${MANROPE.length - 100})`,
    );
    const [bomb] = await problemsOf(patched(16, 0x7fffffff));
    expect(bomb).toContain(
      "a WOFF2 font that unpacks to 2147483647 bytes; expected at most 2097152",
    );
  });

  it("refuses a WOFF2 header over bytes that are no font", async () => {
    const junk = Buffer.from(MANROPE);
    junk.fill(0x41, 48);
    const [only] = await problemsOf(junk);
    // Its table directory is junk: refused while finding the compressed tables, or after.
    expect(only).toMatch(
      /theme\.fonts\.regular {2}tenants\/mysport\/brand-400\.woff2: not a (whole WOFF2|readable) font/,
    );
  });

  it("refuses a font whose tables unpack past 2 MiB, whatever its header says, without unpacking them all", async () => {
    // 8 MiB of zeros in one table (four times the bound), compressed to a few dozen bytes; the
    // header claims 1,000.
    const tables = brotliCompressSync(Buffer.alloc(8 * 1024 * 1024));
    const directory = Buffer.from([0x3f, ...Buffer.from("bomb"), 0x87, 0x68]);
    const header = Buffer.alloc(48);
    header.write("wOF2", 0);
    header.writeUInt32BE(0x00010000, 4);
    header.writeUInt32BE(48 + directory.length + tables.length, 8);
    header.writeUInt16BE(1, 12);
    header.writeUInt32BE(1000, 16);
    header.writeUInt32BE(tables.length, 20);
    const bomb = Buffer.concat([header, directory, tables]);
    expect(bomb.length).toBeLessThan(FONT_LIMIT);
    const [only] = await problemsOf(bomb);
    expect(only).toContain(
      "theme.fonts.regular  tenants/mysport/brand-400.woff2: a WOFF2 font that unpacks to more than 2097152 bytes; expected at most 2097152",
    );
  });

  it("refuses a WOFF2 file whose header and tables are sound but which is no font, where the YAML names it", async () => {
    // One 64-byte table of ones (cmap, untransformed), compressed: the header checks pass.
    const tables = brotliCompressSync(Buffer.alloc(64, 1));
    const header = Buffer.alloc(48);
    header.write("wOF2", 0);
    header.writeUInt32BE(0x00010000, 4);
    header.writeUInt32BE(48 + 2 + tables.length, 8);
    header.writeUInt16BE(1, 12);
    header.writeUInt32BE(12 + 16 + 64, 16);
    header.writeUInt32BE(tables.length, 20);
    const [only, ...more] = await problemsOf(
      Buffer.concat([header, Buffer.from([0x00, 64]), tables]),
    );
    expect(more).toEqual([]);
    const line = WITH_FONTS.split("\n").findIndex((l) => l.includes("brand-400")) + 1;
    expect(only).toMatch(
      new RegExp(
        `^tenants/branded\\.yaml:${line}:14 {2}theme\\.fonts\\.regular {2}tenants/mysport/brand-400\\.woff2: not a readable font \\(.+\\)$`,
      ),
    );
  });

  it("refuses a WOFF2 font whose own tables give no units per em or no widths, where the YAML names it", async () => {
    const line = WITH_FONTS.split("\n").findIndex((l) => l.includes("brand-400")) + 1;
    const refusal = `tenants/branded.yaml:${line}:14  theme.fonts.regular  tenants/mysport/brand-400.woff2: a font without usable metrics (units per em, ascent, descent, average width)`;
    expect(await problemsOf(ZERO_EM)).toEqual([refusal]);
    expect(await problemsOf(ZERO_WIDTH)).toEqual([refusal]);
  });

  it("takes at most a regular and a bold file, and a plain family name", async () => {
    const third = WITH_FONTS.replace(
      "    bold: mysport/brand-700.woff2\n",
      "    bold: mysport/brand-700.woff2\n    italic: mysport/brand-400.woff2\n",
    );
    expect((await problemsOf(MANROPE, third))[0]).toContain(
      'theme.fonts.italic  unknown key "italic"',
    );
    const quoted = WITH_FONTS.replace("family: Manrope", `family: 'Man"rope'`);
    expect((await problemsOf(MANROPE, quoted))[0]).toContain(
      "theme.fonts.family  expected a family name of letters, digits, spaces and hyphens (at most 40)",
    );
    const otf = WITH_FONTS.replace("brand-400.woff2", "brand-400.otf");
    expect((await problemsOf(MANROPE, otf))[0]).toContain(
      "theme.fonts.regular  expected a WOFF2 file under the tenant's asset folder",
    );
    const outside = WITH_FONTS.replace("mysport/brand-400.woff2", "../../etc/font.woff2");
    expect((await problemsOf(MANROPE, outside))[0]).toContain(
      "theme.fonts.regular  the path leaves tenants/",
    );
  });
});
