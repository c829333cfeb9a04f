/**
 * Palettes that cannot ship unreadable: the WCAG 2.2 contrast ratio (1.4.3 text, 1.4.11 non-text)
 * of every foreground/background pair the theme draws, read from the storefront's stylesheets
 * (storefront/src/styles) and templates/theme.scss.hbs. A pair under its minimum is refused with
 * the colour to change, both colours, the ratio and the nearest colour of the same hue that passes.
 * Colours are read with a CSS colour parser (culori), whatever form the schema lets through.
 */
import { converter, formatHex, parse, wcagContrast } from "culori";
import type { TenantConfig } from "./schema.ts";

type Palette = TenantConfig["theme"]["palette"];
type Token = keyof Palette;

/**
 * text: normal-size text (4.5:1). large text: only ever 18.66 px bold or 24 px and larger (3:1).
 * non-text: only an outline, border or focus indicator that must be seen (3:1).
 */
export type Use = "text" | "large text" | "non-text";
export const MIN_RATIO: Record<Use, number> = { text: 4.5, "large text": 3, "non-text": 3 };

/** A colour of the theme: a palette token, the tint the theme mixes, or a fixed colour. */
type Colour = Token | "primarySoft" | "#ffffff";

export interface Pair {
  fg: Colour;
  bg: Colour;
  use: Use;
  /** Where the storefront draws it, in an operator's words. */
  where: string;
}

/**
 * Every pair the stylesheets draw. `primarySoft` is the theme's tint of the brand colour
 * (templates/theme.scss.hbs: 12 % primary in surface) behind hovered rows, notes and gift codes.
 */
export const THEME_PAIRS: readonly Pair[] = [
  { fg: "text", bg: "background", use: "text", where: "body text" },
  { fg: "text", bg: "surface", use: "text", where: "cards, bars and dialogs" },
  { fg: "surface", bg: "text", use: "text", where: "the notification bar" },
  { fg: "textMuted", bg: "background", use: "text", where: "secondary text" },
  { fg: "textMuted", bg: "surface", use: "text", where: "secondary text on cards" },
  { fg: "textMuted", bg: "surface", use: "non-text", where: "field borders" },
  { fg: "text", bg: "primarySoft", use: "text", where: "hovered rows, notes, gift codes" },
  { fg: "onPrimary", bg: "primary", use: "text", where: "buttons and the themed app bar" },
  { fg: "onPrimary", bg: "primary", use: "non-text", where: "the focus ring on the themed bar" },
  { fg: "primary", bg: "background", use: "text", where: "links" },
  { fg: "primary", bg: "surface", use: "text", where: "links, chips and outlined buttons" },
  { fg: "primary", bg: "surface", use: "large text", where: "figures on the landing pages" },
  { fg: "primary", bg: "background", use: "non-text", where: "the focus ring, selected tabs" },
  { fg: "primary", bg: "surface", use: "non-text", where: "the focus ring, outlined buttons" },
  { fg: "onPrimary", bg: "secondary", use: "text", where: "the cart badge" },
  { fg: "secondary", bg: "surface", use: "text", where: "discounted prices" },
  { fg: "secondary", bg: "background", use: "text", where: "discounted prices" },
  { fg: "error", bg: "background", use: "text", where: "error text" },
  { fg: "error", bg: "surface", use: "text", where: "error text in forms" },
  { fg: "#ffffff", bg: "error", use: "text", where: "the error snackbar" },
];

/** The colour that is changed to fix a pair: the brand colour behind fixed white text, else the text. */
function adjusted(pair: Pair): { token: Token; other: Colour } {
  if (pair.fg === "#ffffff" || pair.fg === "primarySoft")
    return { token: pair.bg as Token, other: pair.fg };
  if (pair.fg === "onPrimary" || pair.fg === "surface")
    return { token: pair.bg as Token, other: pair.fg };
  return { token: pair.fg, other: pair.bg };
}

const rgb = converter("rgb");
const hsl = converter("hsl");

/**
 * The theme's tint of the brand colour, as Sass's color.mix($primary, $surface, 12%) makes it:
 * unrounded, as the stylesheet carries it (rgb() in percentages).
 */
export function primarySoft(palette: Pick<Palette, "primary" | "surface">): string {
  const p = rgb(parse(palette.primary));
  const s = rgb(parse(palette.surface));
  if (!p || !s) throw new Error("primary and surface must be colours");
  const mix = (a: number, b: number) => `${((a * 0.12 + b * 0.88) * 100).toFixed(6)}%`;
  return `rgb(${mix(p.r, s.r)} ${mix(p.g, s.g)} ${mix(p.b, s.b)})`;
}

function value(palette: Palette, colour: Colour): string {
  if (colour === "#ffffff") return colour;
  if (colour === "primarySoft") return primarySoft(palette);
  return palette[colour];
}

/** The WCAG 2.2 contrast ratio of two CSS colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const ca = parse(a);
  const cb = parse(b);
  if (!ca || !cb) throw new Error(`not a CSS colour: ${ca ? b : a}`);
  return wcagContrast(ca, cb);
}

/**
 * A ratio as people read it, "2.85:1"; one that fails is never shown as its minimum (4.499 is
 * "4.49", not "4.50").
 */
export function formatRatio(ratio: number, min?: number): string {
  let shown = Math.round(ratio * 100) / 100;
  if (min !== undefined && ratio < min && shown >= min) shown = Math.floor(ratio * 100) / 100;
  return `${shown.toFixed(2)}:1`;
}

/** Colours a candidate must stand out from by at least `min` (any one of them will do). */
export interface Against {
  colours: readonly string[];
  min: number;
}

/**
 * The colour nearest to `colour` with the same hue and saturation (HSL) whose contrast with each
 * of `against` reaches its minimum: lightness moved as little as possible, darker or lighter,
 * in steps of 1/1024, each candidate checked as the "#rrggbb" it would be written as.
 * Undefined when no lightness of that hue passes them all.
 */
export function nearestPassing(colour: string, against: readonly Against[]): string | undefined {
  const c = hsl(parse(colour));
  if (!c) return undefined;
  const at = (l: number) =>
    formatHex({ mode: "hsl", h: c.h ?? 0, s: c.s ?? 0, l: Math.min(1, Math.max(0, l)) });
  const passes = (hex: string) =>
    against.every((a) => a.colours.some((other) => contrastRatio(hex, other) >= a.min));
  const start = c.l ?? 0;
  const STEPS = 1024;
  for (let i = 0; i <= STEPS; i++) {
    for (const l of [start - i / STEPS, start + i / STEPS]) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator,UnaryOperator: only saves work: a lightness past 0 or 1 is clamped to black or white, which an earlier step of the same side has already tried
      if (l < -1 / STEPS || l > 1 + 1 / STEPS) continue;
      const hex = at(l);
      if (passes(hex)) return hex;
    }
  }
  return undefined;
}

export interface ContrastProblem {
  /** The palette field to change. */
  path: ["theme", "palette", Token];
  message: string;
}

const NAMES: Record<Colour, string> = {
  primary: "primary",
  onPrimary: "onPrimary",
  secondary: "secondary",
  background: "background",
  surface: "surface",
  text: "text",
  textMuted: "textMuted",
  error: "error",
  primarySoft: "the primary tint (12 % primary in surface)",
  "#ffffff": "white",
};

/**
 * Every pair of the palette under its minimum, once per pair of colours (the strictest use
 * decides; the message names every place the pair is drawn).
 */
export function contrastProblems(
  palette: Palette,
  drawn: readonly Pair[] = THEME_PAIRS,
): ContrastProblem[] {
  const groups = new Map<string, Pair[]>();
  for (const pair of drawn) {
    // Stryker disable next-line StringLiteral: no two sorted pairs of the colour names concatenate to the same string, so the separator cannot merge groups
    const key = [pair.fg, pair.bg].sort().join("|");
    groups.set(key, [...(groups.get(key) ?? []), pair]);
  }
  const problems: ContrastProblem[] = [];
  for (const pairs of groups.values()) {
    const strictest = pairs.reduce((a, b) => (MIN_RATIO[b.use] > MIN_RATIO[a.use] ? b : a));
    const min = MIN_RATIO[strictest.use];
    const fg = value(palette, strictest.fg);
    const bg = value(palette, strictest.bg);
    const ratio = contrastRatio(fg, bg);
    if (ratio >= min) continue;
    const { token } = adjusted(strictest);
    // One fix per field: it must pass every pair in which that field is the one to change. The
    // text on the brand colours may flip to white or to the body text's colour with it.
    const onPrimaryChoices = [...new Set([palette.onPrimary, "#ffffff", palette.text])];
    const against = drawn
      .filter((p) => adjusted(p).token === token)
      .map((p) => {
        const other = adjusted(p).other;
        const colours = other === "onPrimary" ? onPrimaryChoices : [value(palette, other)];
        return { colours, min: MIN_RATIO[p.use] };
      });
    const fix = nearestPassing(palette[token], against);
    const needsOnPrimary =
      fix &&
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: the filter below asks the same of each pair, so this clause only short-cuts; a looser test here changes nothing
      drawn.some((p) => adjusted(p).token === token && adjusted(p).other === "onPrimary") &&
      drawn
        .filter((p) => adjusted(p).token === token && adjusted(p).other === "onPrimary")
        .some((p) => contrastRatio(fix, palette.onPrimary) < MIN_RATIO[p.use])
        ? onPrimaryChoices.find((c) => contrastRatio(fix, c) >= min)
        : undefined;
    const uses = [...new Set(pairs.map((p) => p.use))];
    const kind =
      uses.length === 1 && uses[0] !== "text"
        ? `${min}:1, the minimum for ${uses[0] === "large text" ? "large text only" : "a non-text outline only"}`
        : `${min}:1, the minimum for text`;
    const where = [...new Set(pairs.map((p) => p.where))].join("; ");
    const shown = (v: string) => (v.startsWith("#") ? v : (formatHex(parse(v)) ?? v));
    const colour = (c: Colour, v: string) => `${NAMES[c]} ${JSON.stringify(shown(v))}`;
    const suggestion = fix
      ? `; the nearest ${token} of the same hue that passes: ${JSON.stringify(fix)}${needsOnPrimary ? ` with onPrimary ${JSON.stringify(needsOnPrimary)}` : ""}`
      : `; no ${token} of the same hue passes: change its hue or the colours around it`;
    problems.push({
      path: ["theme", "palette", token],
      message: `${colour(strictest.fg, fg)} on ${colour(strictest.bg, bg)} has a contrast of ${formatRatio(ratio, min)}, below ${kind} (${where})${suggestion}`,
    });
  }
  return problems;
}
