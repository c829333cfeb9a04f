import type { BoughtPhoto } from "../api/index.ts";
import { isWebAddress } from "./url.ts";

/**
 * Whether a bought photo has an address it can be downloaded from: http(s) or relative. A
 * `javascript:` or `data:` address from a hostile reply is neither shown, nor exported in the
 * photo list, nor counted in "Download all (N)".
 */
export function downloadUrlOf(photo: Pick<BoughtPhoto, "downloadUrl">): string | null {
  return isWebAddress(photo.downloadUrl) ? photo.downloadUrl : null;
}

/** One line of the paid order's photo list (CSV / Excel download). */
export interface PhotoListRow {
  photoId: string;
  product: string;
  url: string;
}

/** Every downloadable photo of the items, once each, with absolute addresses. */
export function photoListRows(
  items: readonly { product: { title: string }; photos: readonly BoughtPhoto[] }[],
  origin: string,
): PhotoListRow[] {
  const seen = new Set<string>();
  const rows: PhotoListRow[] = [];
  for (const item of items) {
    for (const p of item.photos) {
      const url = downloadUrlOf(p);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      rows.push({
        photoId: p.photoId,
        product: item.product.title,
        url: new URL(url, origin).href,
      });
    }
  }
  return rows;
}

export function tableOf(rows: readonly PhotoListRow[], header: readonly string[]): string[][] {
  return [[...header], ...rows.map((r) => [r.photoId, r.product, r.url])];
}

function csvCell(value: string): string {
  // Formula injection: a cell starting with = + - @ is text, not a formula, in spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV with CRLF line ends and a BOM, so Excel reads UTF-8 (Cyrillic titles). */
export function toCsv(table: readonly (readonly string[])[]): string {
  return `\ufeff${table.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
