/**
 * Palettes that cannot ship unreadable: WCAG 2.2 contrast ratios (1.4.3 text 4.5:1, large text
 * and non-text outlines 3:1) of the pairs the theme draws, refused with the place to edit, both
 * colours, the ratio and the nearest colour of the same hue that passes.
 */

import { resolve } from "node:path";
import { converter, parse } from "culori";
import * as sass from "sass";
import { describe, expect, it } from "vitest";
import {
  contrastProblems,
  contrastRatio,
  formatRatio,
  MIN_RATIO,
  nearestPassing,
  primarySoft,
  THEME_PAIRS,
} from "../../../cli/config/contrast.ts";
import { formatProblem, loadTenant, loadTenants } from "../../../cli/config/load.ts";
import { BASE_YAML, mutate, scratchPerFile } from "./fixture.ts";

/** Read before the scratch folder becomes the working directory. */
const SHIPPED = resolve("tenants");
const scratch = scratchPerFile();

const READABLE = {
  primary: "#1565c0",
  onPrimary: "#ffffff",
  secondary: "#b85000",
  background: "#f5f7fa",
  surface: "#ffffff",
  text: "#1a1f2b",
  textMuted: "#4f5b6d",
  error: "#c62828",
};

describe("the WCAG 2.2 contrast ratio", () => {
  it.each([
    ["#999999", "#ffffff", "2.85:1"],
    ["#767676", "#ffffff", "4.54:1"],
    ["#777777", "#ffffff", "4.48:1"],
    ["#000000", "#ffffff", "21.00:1"],
    ["#ffffff", "#ffffff", "1.00:1"],
    ["#1565c0", "#ffffff", "5.75:1"],
    ["#ff6f00", "#ffffff", "2.79:1"],
  ])("%s on %s is %s", (fg, bg, shown) => {
    expect(formatRatio(contrastRatio(fg, bg))).toBe(shown);
    // Symmetric: which of the two is the text does not matter.
    expect(contrastRatio(bg, fg)).toBe(contrastRatio(fg, bg));
  });

  it("uses the exact relative luminance (#999999 on white is 2.849…)", () => {
    expect(contrastRatio("#999999", "#ffffff")).toBeCloseTo(2.849, 3);
  });

  it("never shows a failing ratio as its minimum", () => {
    expect(formatRatio(4.4999, 4.5)).toBe("4.49:1");
    expect(formatRatio(4.4999)).toBe("4.50:1");
    expect(formatRatio(2.9951, 3)).toBe("2.99:1");
  });

  it("reads colours with a CSS colour parser", () => {
    expect(contrastRatio("#FFF", "black")).toBe(21);
    expect(contrastRatio("rgb(153 153 153)", "#ffffff")).toBeCloseTo(2.849, 3);
    expect(() => contrastRatio("not a colour", "#fff")).toThrow(/not a CSS colour/);
  });
});

describe("the nearest colour of the same hue that passes", () => {
  const hsl = converter("hsl");

  it("is the first grey dark enough for text on white", () => {
    expect(nearestPassing("#999999", [{ colours: ["#ffffff"], min: 4.5 }])).toBe("#767676");
  });

  it("keeps the hue and moves lightness as little as possible", () => {
    const fix = nearestPassing("#ff6f00", [{ colours: ["#ffffff"], min: 4.5 }]) as string;
    expect(fix).toBe("#c45500");
    expect(contrastRatio(fix, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(hsl(parse(fix))?.h).toBeCloseTo(hsl(parse("#ff6f00"))?.h ?? -1, 0);
    // One shade lighter of the same hue would fail: it is the nearest.
    const lighter = nearestPassing("#ff6f00", [{ colours: ["#ffffff"], min: 4.4 }]) as string;
    expect(contrastRatio(lighter, "#ffffff")).toBeLessThan(4.5);
  });

  it("goes lighter when that is nearer (light text on a dark background)", () => {
    const fix = nearestPassing("#555555", [{ colours: ["#222222"], min: 4.5 }]) as string;
    expect(contrastRatio(fix, "#222222")).toBeGreaterThanOrEqual(4.5);
    expect(parseInt(fix.slice(1, 3), 16)).toBeGreaterThan(0x55);
  });

  it("passes every colour it is drawn on at once, or says there is none", () => {
    const both = [
      { colours: ["#ffffff"], min: 4.5 },
      { colours: ["#f0f6ff"], min: 4.5 },
    ];
    expect(nearestPassing("#999999", both)).toBe("#707070");
    expect(
      nearestPassing("#777777", [
        { colours: ["#000000"], min: 7 },
        { colours: ["#ffffff"], min: 7 },
      ]),
    ).toBeUndefined();
  });
});

describe("the pairs the theme draws", () => {
  it("the tint of the brand colour is computed as Sass's color.mix computes it", () => {
    const css = sass.compileString(
      '@use "sass:color"; a { b: color.mix(#1565c0, #ffffff, 12%); }',
      { style: "compressed" },
    ).css;
    const fromSass = converter("rgb")(parse(css.slice("a{b:".length, -1)));
    const ours = converter("rgb")(parse(primarySoft(READABLE)));
    for (const channel of ["r", "g", "b"] as const) {
      expect(ours?.[channel]).toBeCloseTo(fromSass?.[channel] ?? -1, 8);
    }
  });

  it("names the minimum of each use: 4.5:1 for text, 3:1 for large text and outlines", () => {
    expect(MIN_RATIO).toEqual({ text: 4.5, "large text": 3, "non-text": 3 });
    expect(THEME_PAIRS.some((p) => p.fg === "onPrimary" && p.bg === "primary")).toBe(true);
    expect(THEME_PAIRS.some((p) => p.fg === "onPrimary" && p.bg === "secondary")).toBe(true);
  });

  it("a readable palette has no problem", () => {
    expect(contrastProblems(READABLE)).toEqual([]);
  });

  it("grey body text on white is refused with both colours, the ratio and a fix", () => {
    const problems = contrastProblems({ ...READABLE, background: "#ffffff", text: "#999999" });
    expect(problems[0]).toEqual({
      path: ["theme", "palette", "text"],
      message:
        'text "#999999" on background "#ffffff" has a contrast of 2.85:1, below 4.5:1, the minimum for text (body text); the nearest text of the same hue that passes: "#6a6a6a"',
    });
    expect(problems.every((p) => p.path[2] === "text")).toBe(true);
  });

  it("white text on a light brand colour names the brand colour to darken", () => {
    const [first] = contrastProblems({ ...READABLE, primary: "#7fb3ff" });
    expect(first?.path).toEqual(["theme", "palette", "primary"]);
    expect(first?.message).toContain(
      'onPrimary "#ffffff" on primary "#7fb3ff" has a contrast of 2.14:1',
    );
    expect(first?.message).toMatch(
      /the nearest primary of the same hue that passes: "#[0-9a-f]{6}"$/,
    );
  });

  it("a pair drawn only as large text or as an outline needs 3:1, and says so", () => {
    const outline = [{ fg: "primary", bg: "surface", use: "non-text", where: "a ring" }] as const;
    const large = [{ fg: "primary", bg: "surface", use: "large text", where: "figures" }] as const;
    const palette = { ...READABLE, primary: "#5c9ce6" }; // 2.84:1 on white
    expect(contrastProblems(palette, outline)[0]?.message).toContain(
      "below 3:1, the minimum for a non-text outline only (a ring)",
    );
    expect(contrastProblems(palette, large)[0]?.message).toContain(
      "below 3:1, the minimum for large text only (figures)",
    );
    expect(contrastProblems({ ...READABLE, primary: "#4a90e2" }, outline)).toEqual([]);
  });
});

describe("validate refuses an unreadable palette", () => {
  it("at the line and column of the colour to change", async () => {
    const yaml = mutate([['text: "#1a1f2b"', 'text: "#999999"']]);
    scratch().write("grey", yaml);
    const r = await loadTenant(scratch().tenantsDir, "grey");
    if (r.ok) throw new Error("expected the grey text to be refused");
    const lines = r.problems.map(formatProblem);
    expect(lines[0]).toBe(
      'tenants/grey.yaml:10:11  theme.palette.text  text "#999999" on background "#f5f7fa" has a contrast of 2.65:1, below 4.5:1, the minimum for text (body text); the nearest text of the same hue that passes: "#6a6a6a"',
    );
  });

  it("in the base's file when the colour comes from the base", async () => {
    const base = mutate([['error: "#c62828"', 'error: "#ff8a80"']]);
    scratch().write("pale-base", base);
    scratch().write("pale-child", "extends: pale-base\ntenantName: Child\n");
    const r = await loadTenant(scratch().tenantsDir, "pale-child");
    if (r.ok) throw new Error("expected the pale error colour to be refused");
    expect(r.problems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.path}`)).toContain(
      "tenants/pale-base.yaml:12:12  theme.palette.error",
    );
  });

  it("the five shipped tenants pass", async () => {
    const results = await loadTenants(SHIPPED);
    expect(results.flatMap((r) => (r.ok ? [] : r.problems.map(formatProblem)))).toEqual([]);
  });
});

it("the fixture's palette is MySport's readable one", () => {
  expect(BASE_YAML).toContain('secondary: "#b85000"');
});
