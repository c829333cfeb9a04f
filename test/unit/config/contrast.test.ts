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

describe("which colour a refusal asks to change", () => {
  it("fixed white text on the error colour: the error colour, as white cannot be edited", () => {
    const snackbar = [
      { fg: "#ffffff", bg: "error", use: "text", where: "the error snackbar" },
    ] as const;
    expect(contrastProblems({ ...READABLE, error: "#ff8a80" }, snackbar)).toEqual([
      {
        path: ["theme", "palette", "error"],
        message:
          'white "#ffffff" on error "#ff8a80" has a contrast of 2.28:1, below 4.5:1, the minimum for text (the error snackbar); the nearest error of the same hue that passes: "#ec1300"',
      },
    ]);
  });

  it("the surface drawn on the text colour (the notification bar): the text colour", () => {
    const bar = [
      { fg: "surface", bg: "text", use: "text", where: "the notification bar" },
    ] as const;
    expect(contrastProblems({ ...READABLE, text: "#999999" }, bar)).toEqual([
      {
        path: ["theme", "palette", "text"],
        message:
          'surface "#ffffff" on text "#999999" has a contrast of 2.85:1, below 4.5:1, the minimum for text (the notification bar); the nearest text of the same hue that passes: "#767676"',
      },
    ]);
  });

  it("the brand colour's tint, which no field holds, drawn on a colour: that colour", () => {
    const tint = [{ fg: "primarySoft", bg: "text", use: "text", where: "a note" }] as const;
    const [problem] = contrastProblems({ ...READABLE, text: "#999999" }, tint);
    expect(problem?.path).toEqual(["theme", "palette", "text"]);
    expect(problem?.message).toMatch(
      /^the primary tint \(12 % primary in surface\) "#e3edf7" on text "#999999" has a contrast of 2\.40:1/,
    );
  });

  it("a pair drawn both ways is refused once, as the text on its background", () => {
    const messages = contrastProblems({ ...READABLE, text: "#999999" }).map((p) => p.message);
    expect(messages.filter((m) => m.includes('"#999999" on surface')).length).toBe(1);
    expect(messages.some((m) => m.startsWith("surface"))).toBe(false);
    expect(messages).toHaveLength(3);
  });
});

describe("a pair drawn for text and as an outline", () => {
  const palette = { ...READABLE, textMuted: "#888888" }; // 3.54:1 on white
  const border = {
    fg: "textMuted",
    bg: "surface",
    use: "non-text",
    where: "field borders",
  } as const;
  const cards = { fg: "textMuted", bg: "surface", use: "text", where: "cards" } as const;

  it("needs the text's 4.5:1 whichever use is listed first, naming every place it is drawn", () => {
    for (const drawn of [
      [border, cards],
      [cards, border],
    ]) {
      const [problem, ...more] = contrastProblems(palette, drawn);
      expect(more).toEqual([]);
      const places = drawn.map((p) => p.where).join("; ");
      expect(problem?.message).toBe(
        `textMuted "#888888" on surface "#ffffff" has a contrast of 3.54:1, below 4.5:1, the minimum for text (${places}); the nearest textMuted of the same hue that passes: "#767676"`,
      );
    }
  });

  it("passes as an outline alone at 3:1", () => {
    expect(contrastProblems(palette, [border])).toEqual([]);
  });
});

describe("the fix of a colour passes every pair that colour is drawn in, and only those", () => {
  const dark = {
    primary: "#90caf9",
    onPrimary: "#000000",
    secondary: "#ffb74d",
    background: "#121212",
    surface: "#1e1e1e",
    text: "#555555",
    textMuted: "#b0b0b0",
    error: "#ef9a9a",
  };

  it("a dark theme's text is made lighter against its dark backgrounds, whatever white is drawn on", () => {
    const problems = contrastProblems(dark);
    expect(problems.filter((p) => p.path[2] === "text").map((p) => p.message)).toEqual([
      'text "#555555" on background "#121212" has a contrast of 2.51:1, below 4.5:1, the minimum for text (body text); the nearest text of the same hue that passes: "#999999"',
      'text "#555555" on surface "#1e1e1e" has a contrast of 2.24:1, below 4.5:1, the minimum for text (cards, bars and dialogs; the notification bar); the nearest text of the same hue that passes: "#999999"',
      'text "#555555" on the primary tint (12 % primary in surface) "#2c3338" has a contrast of 1.73:1, below 4.5:1, the minimum for text (hovered rows, notes, gift codes); the nearest text of the same hue that passes: "#999999"',
    ]);
  });

  it("says so when no lightness of the hue passes every colour it is drawn on", () => {
    const both = [
      { fg: "text", bg: "background", use: "text", where: "body text" },
      { fg: "text", bg: "surface", use: "text", where: "cards" },
    ] as const;
    expect(
      contrastProblems({ ...READABLE, background: "#ffffff", surface: "#222222" }, both),
    ).toEqual([
      {
        path: ["theme", "palette", "text"],
        message:
          'text "#1a1f2b" on surface "#222222" has a contrast of 1.04:1, below 4.5:1, the minimum for text (cards); no text of the same hue passes: change its hue or the colours around it',
      },
    ]);
    expect(contrastProblems(dark).find((p) => p.path[2] === "error")?.message).toMatch(
      /; no error of the same hue passes: change its hue or the colours around it$/,
    );
  });

  it("a brand colour with no passing lightness is said to have none, whatever its text", () => {
    const drawn = [
      { fg: "onPrimary", bg: "primary", use: "text", where: "buttons" },
      { fg: "primary", bg: "background", use: "text", where: "links" },
      { fg: "primary", bg: "surface", use: "text", where: "chips" },
    ] as const;
    // Dark enough for white chips, light enough for a #222222 page: no blue is both.
    expect(contrastProblems({ ...READABLE, background: "#222222" }, drawn)).toEqual([
      {
        path: ["theme", "palette", "primary"],
        message:
          'primary "#1565c0" on background "#222222" has a contrast of 2.77:1, below 4.5:1, the minimum for text (links); no primary of the same hue passes: change its hue or the colours around it',
      },
    ]);
  });

  it("a yellow brand colour under black text is darkened, and its text flipped to white", () => {
    const yellow = { ...READABLE, primary: "#ffd600", onPrimary: "#000000" };
    const primary = contrastProblems(yellow).filter((p) => p.path[2] === "primary");
    expect(primary.map((p) => p.message)).toEqual([
      'primary "#ffd600" on background "#f5f7fa" has a contrast of 1.32:1, below 4.5:1, the minimum for text (links; the focus ring, selected tabs); the nearest primary of the same hue that passes: "#867000" with onPrimary "#ffffff"',
      'primary "#ffd600" on surface "#ffffff" has a contrast of 1.41:1, below 4.5:1, the minimum for text (links, chips and outlined buttons; figures on the landing pages; the focus ring, outlined buttons); the nearest primary of the same hue that passes: "#867000" with onPrimary "#ffffff"',
    ]);
  });

  it("the text on the brand colour is kept when it still passes where it is drawn (an outline: 3:1)", () => {
    const drawn = [
      { fg: "onPrimary", bg: "primary", use: "non-text", where: "the focus ring" },
      { fg: "primary", bg: "background", use: "text", where: "links" },
    ] as const;
    const fixFor = (onPrimary: string) =>
      contrastProblems({ ...READABLE, primary: "#ffd600", onPrimary }, drawn).map((p) =>
        p.message.slice(p.message.indexOf("; the nearest")),
      );
    // "#867000" on #222222 is 3.28:1, on #2a2a2a 2.96:1.
    expect(fixFor("#222222")).toEqual([
      '; the nearest primary of the same hue that passes: "#867000"',
    ]);
    expect(fixFor("#2a2a2a")).toEqual([
      '; the nearest primary of the same hue that passes: "#867000" with onPrimary "#ffffff"',
    ]);
    // Only the pairs of the brand colour with its text count: not the cart badge's.
    const badge = {
      fg: "onPrimary",
      bg: "secondary",
      use: "text",
      where: "the cart badge",
    } as const;
    const withBadge = contrastProblems(
      { ...READABLE, primary: "#ffd600", secondary: "#fafafa", onPrimary: "#222222" },
      [...drawn, badge],
    ).find((p) => p.path[2] === "primary");
    expect(withBadge?.message).toMatch(/passes: "#867000"$/);
  });
});

describe("colours are shown as the file wrote them, or as #rrggbb", () => {
  it("a hex colour as written, any other CSS colour as its hex", () => {
    const short = contrastProblems({ ...READABLE, text: "#999" });
    expect(short[0]?.message).toMatch(/^text "#999" on background "#f5f7fa"/);
    const rgb = contrastProblems({ ...READABLE, text: "rgb(153, 153, 153)" });
    expect(rgb[0]?.message).toMatch(/^text "#999999" on background "#f5f7fa"/);
  });

  it("the tint of a brand colour that is not a colour is refused, naming both fields", () => {
    expect(() => primarySoft({ primary: "brand blue", surface: "#ffffff" })).toThrow(
      "primary and surface must be colours",
    );
    expect(() => primarySoft({ primary: "#1565c0", surface: "paper" })).toThrow(
      "primary and surface must be colours",
    );
  });
});

describe("ratios at and around a minimum", () => {
  it("a passing ratio is rounded as usual, even when its minimum is given", () => {
    expect(formatRatio(4.506, 4.5)).toBe("4.51:1");
    expect(formatRatio(1.125, 1.125)).toBe("1.13:1");
  });

  it("a pair exactly at its minimum passes", () => {
    // Linear-light greys make the ratio exact: (0.4 + 0.05) / (0.05 + 0.05) = 4.5.
    const text = "color(srgb-linear 0.4 0.4 0.4)";
    const background = "color(srgb-linear 0.05 0.05 0.05)";
    expect(contrastRatio(text, background)).toBe(4.5);
    const body = [{ fg: "text", bg: "background", use: "text", where: "body text" }] as const;
    expect(contrastProblems({ ...READABLE, text, background }, body)).toEqual([]);
  });

  it("a colour exactly at the minimum passes, so it is the nearest", () => {
    const min = contrastRatio("#767676", "#ffffff");
    expect(nearestPassing("#999999", [{ colours: ["#ffffff"], min }])).toBe("#767676");
  });

  it("a colour the parser cannot read has no nearest colour", () => {
    expect(nearestPassing("brand blue", [{ colours: ["#ffffff"], min: 4.5 }])).toBeUndefined();
  });
});
