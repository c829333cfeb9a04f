/**
 * The Web Share API as a phone has it (files shareable) or as a desktop lacks it, stubbed in
 * Chromium (a headless browser has no share sheet of its own): every file handed to
 * `navigator.share` is noted on `window.shared` (name, type, size), so a test sees what the
 * sheet got. Used by share.spec.ts and background-download.spec.ts.
 */
import type { Page } from "./fixtures.ts";

export interface SharedFile {
  name: string;
  type: string;
  size: number;
}

/** navigator.share / canShare as a phone has them (files shareable) or as a desktop lacks them. */
export function stubShare(page: Page, canShareFiles: boolean) {
  return page.addInitScript((can) => {
    const w = window as unknown as { shared: SharedFile[] };
    w.shared = [];
    Object.defineProperty(Navigator.prototype, "canShare", {
      configurable: true,
      value: (data?: { files?: File[] }) => can && (data?.files?.length ?? 0) > 0,
    });
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: { files?: File[] }) => {
        for (const f of data.files ?? [])
          w.shared.push({ name: f.name, type: f.type, size: f.size });
      },
    });
  }, canShareFiles);
}

/** The files the stubbed sheet got so far. */
export function sharedFiles(page: Page): Promise<SharedFile[]> {
  return page.evaluate(() => (window as unknown as { shared: SharedFile[] }).shared);
}
