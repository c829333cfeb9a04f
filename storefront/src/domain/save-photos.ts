/**
 * "Save all to Photos" on a phone (the paid order, the account's order details): the bought
 * photos handed to the system's share sheet as image files, whose "Save N images" puts them in
 * the camera roll. A zip cannot go there (on an iPhone it lands in Files). The rules here are
 * pure: which photos, in what groups, under which file names, and what this device remembers of
 * the photos already handed over, so an interrupted save (a closed sheet, a reload, a lost
 * network) goes on with the rest and fetches nothing twice.
 */
import type { BoughtPhoto } from "../api/index.ts";
import type { Purchase } from "./purchase.ts";
import { safeLinkUrl } from "./url.ts";

/**
 * Photos handed to one share call. Each call needs a tap of its own (the browser lets a page
 * open the sheet only right after one), and a sheet with many large files is refused or slow
 * on phones: ten full photos are what iOS and Android take in one "Save images".
 */
export const SHARE_BATCH = 10;

/** Purchases whose progress this device remembers (the latest; older ones are forgotten). */
export const REMEMBERED_PURCHASES = 20;

/** The device's record of photos already handed over, per purchase (tenant-scoped storage). */
export { SAVED_PHOTOS_KEY } from "./device-keys.ts";

/** A photo to save: its download address and the readable name its file gets. */
export interface PhotoToSave {
  /**
   * What the device remembers it by: the photo's id, or `id@line` for a second file of the
   * same photo (bought plain and in a frame: two different downloads, both saved).
   */
  key: string;
  photoId: string;
  downloadUrl: string;
  fileName: string;
}

/** Where a bought photo stands on the page: its order line and the photo. */
export const lineKey = (line: string, photoId: string) => `${line}/${photoId}`;

/**
 * The bought photos of a purchase that can be downloaded, in page order, each download once
 * (the same photo in two lines with one address is one file), with each line's photo mapped
 * to its file (`byLine`, by `lineKey`).
 */
export function photosToSave(
  purchase: Purchase,
  shop: string,
): PhotoToSave[] & { byLine: ReadonlyMap<string, PhotoToSave> } {
  const byUrl = new Map<string, { key: string; photo: BoughtPhoto }>();
  const keys = new Set<string>();
  const lines: [string, string][] = [];
  for (const item of purchase.items) {
    for (const p of item.photos) {
      const url = safeLinkUrl(p.downloadUrl);
      if (!url) continue;
      if (!byUrl.has(url)) {
        const key = keys.has(p.photoId) ? `${p.photoId}@${item.id}` : p.photoId;
        keys.add(key);
        byUrl.set(url, { key, photo: p });
      }
      lines.push([lineKey(item.id, p.photoId), url]);
    }
  }
  const files = [...byUrl.values()];
  const list = files.map(({ key, photo }, n) => ({
    key,
    photoId: photo.photoId,
    downloadUrl: photo.downloadUrl as string,
    fileName: photoFileName(shop, purchase.number, n + 1, files.length),
  }));
  const byDownload = new Map(list.map((p) => [p.downloadUrl, p]));
  const byLine = new Map(lines.map(([line, url]) => [line, byDownload.get(url) as PhotoToSave]));
  return Object.assign(list, { byLine });
}

/** Letters and digits of any script, kept; every run of anything else becomes one hyphen. */
function fileWord(text: string, fallback: string): string {
  const word = text
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return word || fallback;
}

/**
 * A photo's file name as the camera roll and Files show it: the shop, the order's number and
 * the photo's place in the order, zero-padded so the names sort in order
 * (`MySport-1042-07.jpg`), never a backend's photo id. Only letters, digits and hyphens.
 */
export function photoFileName(shop: string, number: string, place: number, total: number): string {
  const digits = String(Math.max(total, 1)).length;
  const seq = String(place).padStart(Math.max(digits, 2), "0");
  return `${fileWord(shop, "photo")}-${fileWord(number, "order")}-${seq}.jpg`;
}

/** The next group to hand over: the first SHARE_BATCH photos not saved yet, in page order. */
export function nextBatch(
  photos: readonly PhotoToSave[],
  saved: ReadonlySet<string>,
  size = SHARE_BATCH,
): PhotoToSave[] {
  return photos.filter((p) => !saved.has(p.key)).slice(0, size);
}

type SavedRecord = Record<string, string[]>;

/**
 * The record as stored (untrusted: another version, another tab or a hand-edit may have
 * written it): purchase keys to photo ids, anything else dropped.
 */
export function parseSavedPhotos(raw: string | null): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  let value: unknown = null;
  // Stryker disable StringLiteral,BlockStatement: equivalent, what does not parse stays null and is refused below
  try {
    value = JSON.parse(raw ?? "null");
  } catch {
    return out;
  }
  // Stryker restore StringLiteral,BlockStatement
  // Stryker disable next-line ConditionalExpression: equivalent, a number or a string has no entry that is a list
  if (typeof value !== "object" || value === null || Array.isArray(value)) return out;
  for (const [key, ids] of Object.entries(value as SavedRecord).slice(-REMEMBERED_PURCHASES)) {
    if (!Array.isArray(ids) || key.length > 100) continue;
    const valid = ids.filter((id) => typeof id === "string" && id.length > 0 && id.length <= 100);
    out.set(key, new Set(valid.slice(0, 1000)));
  }
  return out;
}

/** The record with `purchase`'s saved photos set, the latest REMEMBERED_PURCHASES kept. */
export function withSavedPhotos(
  record: ReadonlyMap<string, ReadonlySet<string>>,
  purchase: string,
  saved: ReadonlySet<string>,
): string {
  const entries = [...record].filter(([key]) => key !== purchase);
  entries.push([purchase, saved]);
  const kept = entries.slice(-REMEMBERED_PURCHASES);
  return JSON.stringify(Object.fromEntries(kept.map(([key, ids]) => [key, [...ids]])));
}
