/** Browser ports for files: save a blob under a name, share a file (phones). */
import { isWebAddress } from "../domain/url.ts";

/**
 * What the share sheet did with files: handed over ("Save N images", or another app), closed by
 * the visitor, refused because the tap that opened it is too long ago (the next tap opens it),
 * or files cannot be shared here.
 */
export type ShareOutcome = "shared" | "cancelled" | "needs-tap" | "unsupported";

export interface FilePorts {
  save(blob: Blob, name: string): void;
  /** Opens the share sheet with the file when the browser can; false when it cannot. */
  share(file: File): Promise<boolean>;
  /** Opens the share sheet with several files at once (camera roll: "Save N images"). */
  shareFiles(files: File[]): Promise<ShareOutcome>;
  /**
   * Whether this browser can share an image file at all (phones), asked before fetching one;
   * absent: it cannot.
   */
  canShareFiles?(): boolean;
  /**
   * Leaves the shop for the bank's pay page. `onReturn` runs if the visitor comes back to this
   * very page (the browser's back button restoring it from its back/forward cache).
   */
  redirect(url: string, onReturn?: () => void): void;
}

export const browserFiles: FilePorts = {
  save(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.rel = "noopener";
    document.body.append(a);
    a.click();
    a.remove();
    // Give the browser time to start the download before the address is released.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  async share(file) {
    const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
    if (!nav.canShare?.({ files: [file] })) return false;
    try {
      await nav.share({ files: [file] });
      return true;
    } catch (error) {
      // The visitor closed the sheet: that is an answer, not a failure.
      return error instanceof DOMException && error.name === "AbortError";
    }
  },
  async shareFiles(files) {
    const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
    if (typeof nav.share !== "function" || !nav.canShare?.({ files })) return "unsupported";
    try {
      await nav.share({ files });
      return "shared";
    } catch (error) {
      // Stryker disable next-line StringLiteral: equivalent: any name but the two below is "unsupported", as "" is
      const name = error instanceof DOMException ? error.name : "";
      if (name === "AbortError") return "cancelled";
      if (name === "NotAllowedError") return "needs-tap";
      return "unsupported";
    }
  },
  canShareFiles() {
    const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
    if (typeof nav.canShare !== "function" || typeof nav.share !== "function") return false;
    try {
      return nav.canShare({ files: [new File([""], "photo.jpg", { type: "image/jpeg" })] });
    } catch {
      return false;
    }
  },
  redirect(url, onReturn) {
    // Never a javascript: navigation, whatever a backend reply says.
    if (!isWebAddress(url)) return;
    if (onReturn) {
      window.addEventListener(
        "pageshow",
        (event) => {
          if (event.persisted) onReturn();
        },
        { once: true },
      );
    }
    window.location.assign(url);
  },
};
