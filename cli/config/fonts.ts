/**
 * Brand fonts: the metrics of a tenant's WOFF2 files, read from the font's own tables (hhea,
 * OS/2, hmtx) by @capsizecss/unpack (a maintained fontkit fork, fontkitten, underneath), and the
 * overrides that make a local fallback font take exactly the web font's room: `size-adjust` from
 * the average character width, then `ascent-override`, `descent-override` and `line-gap-override`
 * per the adjusted em. The page shows the fallback until the font arrives; with these overrides
 * the swap moves nothing (no layout shift).
 */
import { createHash } from "node:crypto";
import arial from "@capsizecss/metrics/arial";
import { fromBuffer } from "@capsizecss/unpack";

/** The local fonts the overrides are computed against: Arial and its metric twins. */
export const FALLBACK_FONT = {
  name: "Arial",
  regular: ['local("Arial")', 'local("Liberation Sans")', 'local("Arimo")'],
  bold: ['local("Arial Bold")', 'local("Liberation Sans Bold")', 'local("Arimo Bold")'],
  metrics: arial,
};

export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
}

/** Percentages for the fallback's @font-face, to 4 decimals (stable across builds). */
export interface FallbackOverrides {
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}

/**
 * Metrics already read, by the font's SHA-256: a build of many tenants reads the same few fonts
 * for each of them. Bounded: past the limit the oldest answer is dropped.
 */
const metricsByHash = new Map<string, Promise<FontMetrics | string>>();
const METRICS_KEPT = 64;

/** The metrics of a WOFF2 font, or a reason it cannot be read. */
export function fontMetrics(bytes: Uint8Array): Promise<FontMetrics | string> {
  const hash = createHash("sha256").update(bytes).digest("hex");
  let metrics = metricsByHash.get(hash);
  if (!metrics) {
    metrics = readMetrics(bytes);
    metricsByHash.set(hash, metrics);
    if (metricsByHash.size > METRICS_KEPT) {
      metricsByHash.delete(metricsByHash.keys().next().value as string);
    }
  }
  return metrics;
}

const UNUSABLE = "a font without usable metrics (units per em, ascent, descent, average width)";

async function readMetrics(bytes: Uint8Array): Promise<FontMetrics | string> {
  try {
    const m = await fromBuffer(Buffer.from(bytes));
    // fontkitten reads each of these as an integer of the font's tables and throws when a table
    // cannot be read, so none is NaN or infinite: the check stays for a reader that changes.
    // Stryker disable next-line ConditionalExpression,BooleanLiteral,MethodExpression,ArrayDeclaration,BlockStatement: see above
    if (![m.unitsPerEm, m.ascent, m.descent, m.lineGap, m.xWidthAvg].every(Number.isFinite)) {
      return UNUSABLE;
    }
    if (m.unitsPerEm <= 0 || m.xWidthAvg <= 0) return UNUSABLE;
    return m;
  } catch (e) {
    // Stryker disable next-line OptionalChaining: the reader throws Error objects, never null
    return `not a readable font (${(e as Error)?.message ?? String(e)})`;
  }
}

const percent = (n: number) => `${(Math.round(n * 1e6) / 1e4).toFixed(4)}%`;

/** What the fallback's @font-face needs to take the web font's room (fontaine's formulas). */
export function fallbackOverrides(
  font: FontMetrics,
  fallback: FontMetrics = FALLBACK_FONT.metrics,
): FallbackOverrides {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / em),
    descentOverride: percent(Math.abs(font.descent) / em),
    lineGapOverride: percent(font.lineGap / em),
  };
}

/** The name of the metric-matched fallback family of a brand font. */
export const fallbackFamily = (family: string) => `${family} fallback`;

/** The CSS font-family list: the brand font, its matched fallback, then the tenant's own list. */
export function fontStack(family: string | undefined, list: string): string {
  return family ? `"${family}", "${fallbackFamily(family)}", ${list}` : list;
}
