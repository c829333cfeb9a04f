/** Layout rules of the virtualized photo grid. */

/** Smallest thumbnail width in CSS px: two columns on a 360 px phone. */
export const MIN_THUMB_PX = 150;
export const GRID_GAP_PX = 8;
export const MAX_COLUMNS = 8;

/** Columns that fit `width` with thumbnails at least MIN_THUMB_PX wide (1 to MAX_COLUMNS). */
export function gridColumns(width: number): number {
  const n = Math.floor((width + GRID_GAP_PX) / (MIN_THUMB_PX + GRID_GAP_PX));
  return Math.max(1, Math.min(MAX_COLUMNS, n));
}

/** Height of one row of square thumbnails, gap included. */
export function gridRowHeight(width: number, columns: number): number {
  const cell = (width - GRID_GAP_PX * (columns - 1)) / columns;
  return Math.max(1, Math.floor(cell)) + GRID_GAP_PX;
}

/** The viewer's neighbour: next/previous stop at the ends (no wrap, so "1 of N" means the start). */
export function stepIndex(index: number, delta: number, count: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, with no photos Math.max(0, …) below gives 0 too
  if (count <= 0) return 0;
  return Math.max(0, Math.min(count - 1, index + delta));
}

/** A horizontal swipe: at least 50 px and more sideways than up or down. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < 50 || Math.abs(dx) < Math.abs(dy)) return 0;
  // Stryker disable next-line EqualityOperator: equivalent, dx is at least 50 px away from 0 here
  return dx < 0 ? 1 : -1;
}

/** The event page's strip: its first photos, leading into the gallery. */
export const EVENT_STRIP_PHOTOS = 8;

/** Photos of the first row asked for with high priority: the page's largest paint, no more. */
export const HIGH_PRIORITY_PHOTOS = 4;

/**
 * How a grid photo loads: the rows that start within the first viewport at once ("eager"), the
 * first of them with high fetch priority (the gallery's largest paint); the rest lazily.
 * `rowTop` is the row's distance from the top of the page, `viewport` the window's height.
 */
export function photoLoading(
  index: number,
  rowTop: number,
  viewport: number,
): { loading: "eager" | "lazy"; fetchPriority?: "high" } {
  if (rowTop >= viewport) return { loading: "lazy" };
  return index < HIGH_PRIORITY_PHOTOS
    ? { loading: "eager", fetchPriority: "high" }
    : { loading: "eager" };
}

/**
 * The event whose whole gallery an address opens (/event/{id}/photos?tab=all), so its photo
 * list can be asked for as early as the event itself; null for any other address.
 */
export function allPhotosEventOf(path: string, search: string): string | null {
  const m = /^\/event\/([^/]+)\/photos\/?$/.exec(path);
  if (!m?.[1] || new URLSearchParams(search).get("tab") !== "all") return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}
