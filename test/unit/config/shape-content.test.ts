/**
 * The checks before a tenant file is parsed or an asset is shipped: at most 1000 values and
 * 32 levels of nesting (a tenant has about a hundred values, a few levels), and an asset whose
 * first bytes are what its extension says.
 */
import { describe, expect, it } from "vitest";
import { contentProblem } from "../../../cli/config/asset-content.ts";
import { yamlShapeProblem } from "../../../cli/config/shape.ts";

/** A file of `n` values: the key, the list, and n − 2 items. */
const values = (n: number) => `list: [${Array.from({ length: n - 2 }, () => "x").join(", ")}]\n`;

describe("yamlShapeProblem", () => {
  it("1000 values pass; the 1001st is refused where it stands", () => {
    expect(yamlShapeProblem(values(1000))).toBeNull();
    const text = values(1001);
    expect(yamlShapeProblem(text)).toEqual({
      offset: text.lastIndexOf("x"),
      message: "more than 1000 values; expected a tenant's settings (about a hundred)",
    });
  });

  it("counts list items, keys, aliases and block scalars as values", () => {
    const items = `${Array.from({ length: 500 }, () => "- ").join("")}\n`;
    // 500 item markers on one line are also 500 levels: the depth check answers first.
    expect(yamlShapeProblem(items)?.message).toMatch(/^nested more than 32 levels/);
    const lines = Array.from({ length: 501 }, (_, i) => `- k${i}`).join("\n");
    expect(yamlShapeProblem(lines)?.message).toMatch(/^more than 1000 values/);
    const keys = Array.from({ length: 334 }, (_, i) => `? k${i}\n: *a`).join("\n");
    expect(yamlShapeProblem(keys)?.message).toMatch(/^more than 1000 values/);
    const blocks = Array.from({ length: 501 }, (_, i) => `k${i}: |\n  t`).join("\n");
    expect(yamlShapeProblem(blocks)?.message).toMatch(/^more than 1000 values/);
    const flowMaps = Array.from({ length: 501 }, (_, i) => `k${i}: {}`).join("\n");
    expect(yamlShapeProblem(flowMaps)?.message).toMatch(/^more than 1000 values/);
  });

  it("32 levels of flow brackets pass, 33 are refused", () => {
    expect(yamlShapeProblem(`a: ${"[".repeat(32)}${"]".repeat(32)}\n`)).toBeNull();
    const deep = `a: ${"[".repeat(33)}${"]".repeat(33)}\n`;
    const problem = yamlShapeProblem(deep);
    expect(problem?.message).toBe(
      "nested more than 32 levels deep; expected a tenant's few levels of maps and lists",
    );
    // Pointed at within the run of brackets, past the first 32.
    expect(deep[problem?.offset ?? 0]).toBe("[");
    expect(problem?.offset).toBeGreaterThanOrEqual(deep.indexOf("[") + 32);
    expect(yamlShapeProblem(`a: ${"{b: ".repeat(33)}1${"}".repeat(33)}\n`)).not.toBeNull();
  });

  it("closed brackets give their levels back", () => {
    const siblings = `a: [${Array.from({ length: 40 }, () => "[[x]]").join(", ")}]\n`;
    expect(yamlShapeProblem(siblings)).toBeNull();
    expect(yamlShapeProblem(`a: ${"]".repeat(40)}${"[".repeat(32)}\n`)).toBeNull();
  });

  it("block indentation opens a level per deeper line and closes on a shallower one", () => {
    const nest = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n")} 1\n`;
    expect(yamlShapeProblem(nest(32))).toBeNull();
    expect(yamlShapeProblem(nest(34))?.message).toMatch(/^nested more than 32 levels/);
    // Many shallow blocks one after another never add up.
    const shallow = Array.from({ length: 100 }, (_, i) => `k${i}:\n  a:\n    b: 1`).join("\n");
    expect(yamlShapeProblem(shallow)).toBeNull();
  });

  it("list markers on one line count as levels", () => {
    expect(yamlShapeProblem(`${"- ".repeat(32)}x\n`)).toBeNull();
    expect(yamlShapeProblem(`${"- ".repeat(33)}x\n`)?.message).toMatch(/^nested more than 32/);
    // A new line starts again.
    const lines = Array.from({ length: 40 }, () => `${"- ".repeat(20)}x`).join("\n");
    expect(yamlShapeProblem(lines)?.message ?? "").not.toMatch(/nested/);
  });

  it("32 levels of indentation pass, 33 are refused at the key that makes 33", () => {
    const nest = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n")} 1\n`;
    expect(yamlShapeProblem(nest(33))).toBeNull();
    const text = nest(34);
    expect(yamlShapeProblem(text)?.offset).toBe(text.indexOf("k33"));
  });

  it("indentation, list markers and brackets on a line add up", () => {
    const blocks = `${Array.from({ length: 30 }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n")}\n`;
    // 30 levels of blocks, a list item and a bracket: 32.
    expect(yamlShapeProblem(`${blocks}${"  ".repeat(30)}- [x]\n`)).toBeNull();
    // Two list items and a bracket more: refused at the bracket that makes 33.
    const text = `${blocks}${"  ".repeat(30)}- - [[x]]\n`;
    expect(yamlShapeProblem(text)?.offset).toBe(text.indexOf("["));
  });

  it("a comment at the start of a line does not close the blocks around it", () => {
    const block = (from: number, n: number, key: string) =>
      Array.from({ length: n }, (_, i) => `${"  ".repeat(from + i)}${key}${i}:`).join("\n");
    const text = `${block(0, 20, "k")}\n# a note\n${block(20, 20, "j")} 1\n`;
    expect(yamlShapeProblem(text)?.message).toMatch(/^nested more than 32 levels/);
  });

  it("places a problem by the characters of the text, a byte-order mark and a --- included", () => {
    const text = `\ufeff---\n${"- ".repeat(33)}x\n`;
    expect(yamlShapeProblem(text)?.offset).toBe(text.indexOf("- ") + 64);
    const flow = `---\na: ${"[".repeat(33)}${"]".repeat(33)}\n`;
    expect(yamlShapeProblem(flow)?.offset).toBe(flow.indexOf("[") + 32);
  });

  it("a shallower line closes the levels deeper than it, however deep the file went before", () => {
    const climb = (from: number, n: number, step: number, key: string) =>
      Array.from({ length: n }, (_, i) => `${" ".repeat(from + i * step)}${key}${i}:`).join("\n");
    // 32 levels two spaces apart, back to the first, then 32 levels one space apart: 33.
    const text = `r:\n${climb(2, 32, 2, "k")} 1\n  z:\n${climb(3, 32, 1, "j")} 1\n`;
    expect(yamlShapeProblem(text)?.offset).toBe(text.indexOf("j31"));
    const fits = `r:\n${climb(2, 32, 2, "k")} 1\n  z:\n${climb(3, 31, 1, "j")} 1\n`;
    expect(yamlShapeProblem(fits)).toBeNull();
  });

  it("a line that steps back between two open levels opens one at its own indentation", () => {
    const line = (indent: number, key: string) => `${" ".repeat(indent)}${key}:`;
    // 30 levels two spaces apart (2 … 60), then 59: it closes 60 and opens 59, still 30.
    const down = Array.from({ length: 30 }, (_, i) => line(2 + i * 2, `k${i}`));
    // From 59, each line one space deeper opens one more: 60 is 31, 61 is 32, 62 is 33.
    const back = [59, 60, 61, 62, 63].map((indent, i) => line(indent, `b${i}`));
    const text = `r:\n${[...down, ...back].join("\n")} 1\n`;
    expect(yamlShapeProblem(text)?.offset).toBe(text.indexOf("b3"));
  });

  it("keys side by side at one indentation are one level", () => {
    const siblings = `r:\n${Array.from({ length: 40 }, (_, i) => `  k${i}: 1`).join("\n")}\n`;
    expect(yamlShapeProblem(siblings)).toBeNull();
  });

  it("a closed bracket gives back one level, not all", () => {
    const text = `a: ${"[".repeat(32)}x]${"[".repeat(2)}y\n`;
    expect(yamlShapeProblem(text)?.offset).toBe(text.lastIndexOf("["));
    expect(yamlShapeProblem(`a: ${"[".repeat(32)}x][y\n`)).toBeNull();
  });

  it("explicit keys on one line count as levels, as list markers do", () => {
    expect(yamlShapeProblem(`${"? ".repeat(32)}x\n`)).toBeNull();
    expect(yamlShapeProblem(`${"? ".repeat(33)}x\n`)?.offset).toBe(64);
  });

  it("comments and blank lines change nothing", () => {
    expect(yamlShapeProblem("# a comment\n\n  # indented comment\na: 1\n")).toBeNull();
  });
});

describe("contentProblem: an asset is what its extension says", () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const webp = new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 ");
  const ico = Uint8Array.from([0, 0, 1, 0, 1, 0]);

  it("accepts PNG, WebP and ICO by their first bytes, whatever the case of the extension", () => {
    expect(contentProblem("logo.png", png)).toBeNull();
    expect(contentProblem("LOGO.PNG", png)).toBeNull();
    expect(contentProblem("hero.webp", webp)).toBeNull();
    expect(contentProblem("favicon.ico", ico)).toBeNull();
  });

  it("refuses a file whose bytes say otherwise, naming the expected kind", () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script>");
    expect(contentProblem("logo.png", html)).toBe(
      "not a PNG image (its first bytes say otherwise)",
    );
    expect(contentProblem("hero.webp", png)).toBe(
      "not a WebP image (its first bytes say otherwise)",
    );
    expect(contentProblem("hero.webp", new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBe(
      "not a WebP image (its first bytes say otherwise)",
    );
    expect(contentProblem("favicon.ico", png)).toBe(
      "not a ICO image (its first bytes say otherwise)",
    );
  });

  it("an SVG goes through the SVG policy, a .txt must be text; other extensions are not sniffed", () => {
    expect(
      contentProblem("logo.svg", new TextEncoder().encode("<svg><script/></svg>")),
    ).not.toBeNull();
    expect(
      contentProblem(
        "logo.svg",
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ),
    ).toBeNull();
    // A font's licence: UTF-8 text, so a PNG named .txt is refused.
    expect(contentProblem("OFL.txt", png)).not.toBeNull();
    expect(
      contentProblem("OFL.txt", new TextEncoder().encode("SIL OPEN FONT LICENSE\n")),
    ).toBeNull();
    expect(contentProblem("notes.md", png)).toBeNull();
  });
});

describe("contentProblem: the whole signature counts", () => {
  const bytes = (...parts: (number[] | string)[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p)] : p)));
  it("a PNG needs all eight bytes, a WebP both RIFF and WEBP", () => {
    expect(contentProblem("a.png", bytes([0x89], "PNX\r\n\x1a\n"))).toBe(
      "not a PNG image (its first bytes say otherwise)",
    );
    expect(contentProblem("a.png", bytes([0x89], "PNG\r\n\x1a\n"))).toBeNull();
    expect(contentProblem("a.webp", bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBe(
      "not a WebP image (its first bytes say otherwise)",
    );
    expect(contentProblem("a.webp", bytes("RIFX", [0, 0, 0, 0], "WEBP"))).toBe(
      "not a WebP image (its first bytes say otherwise)",
    );
    expect(contentProblem("a.webp", bytes("RIFF", [0, 0, 0, 0], "WEBP"))).toBeNull();
  });
});
