import { makeAutoObservable, runInAction } from "mobx";
import type { Api, ArchiveRequest, BoughtPhoto, Receipt } from "../api/index.ts";
import { ARCHIVE_CHECKS, pollDelay } from "../domain/order.ts";
import { type PhotoListRow, tableOf, toCsv } from "../domain/photo-list.ts";
import type { FilePorts } from "./files.ts";

export interface DownloadDeps {
  api: Api;
  files: Pick<FilePorts, "save" | "share" | "canShareFiles">;
  sleep?: (ms: number) => Promise<void>;
}

export type ArchiveState = "idle" | "zipping" | "downloading" | "done" | "failed";

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** File name of a download: the last path segment of its address. */
export function fileNameOf(url: string, fallback: string): string {
  const { pathname } = new URL(url, "http://x/");
  const name = decodeURIComponent(pathname.slice(pathname.lastIndexOf("/") + 1));
  return name || fallback;
}

/**
 * Downloads of a paid order or pre-order (spec §2, §7): the zip of all photos (POST
 * /archives/ 201, poll until Published, then the file), the receipt, the photo list as CSV or
 * Excel, and one photo shared to the phone's Photos where the browser can.
 */
export class DownloadStore {
  /** The purchase these downloads belong to ("order:42"); changing it resets the state. */
  key: string | null = null;
  archive: ArchiveState = "idle";
  receipts: Receipt[] = [];
  /** Status of the last receipts call; any non-200 clears the receipts (spec §4). */
  receiptsStatus: number | null = null;
  receiptBusy = false;
  receiptError = false;
  sharing: string | null = null;
  private readonly deps: DownloadDeps;
  private run = 0;

  constructor(deps: DownloadDeps) {
    this.deps = deps;
    makeAutoObservable<DownloadStore, "deps" | "run">(this, {
      deps: false,
      // Stryker disable next-line BooleanLiteral: equivalent, the counter is only compared after awaits, never read by a view
      run: false,
    });
  }

  /** The receipts list could not be read (offline, a server error): say so, offer a retry. */
  get receiptsFailed(): boolean {
    return this.receiptsStatus !== null && this.receiptsStatus !== 200;
  }

  /** Starts over for another purchase. */
  reset(key: string): void {
    if (this.key === key) return;
    // Stryker disable next-line UpdateOperator: equivalent, only reset() changes it: counting down gives new values too
    this.run++;
    this.key = key;
    this.archive = "idle";
    this.receipts = [];
    this.receiptsStatus = null;
    this.receiptBusy = false;
    this.receiptError = false;
  }

  /** Download all: create the archive, wait until Published ("Zipping…"), save the zip. */
  async downloadAll(request: ArchiveRequest, fileName: string): Promise<boolean> {
    if (this.archive === "zipping" || this.archive === "downloading") return false;
    const run = this.run;
    this.archive = "zipping";
    const { archives } = this.deps.api;
    const created = await archives.create(request);
    if (!created.ok) return this.archiveFailed(run);
    for (let attempt = 0; attempt < ARCHIVE_CHECKS; attempt++) {
      const archive = await archives.get(created.data.archiveId);
      if (run !== this.run) return false;
      if (!archive.ok) return this.archiveFailed(run);
      if (archive.data.state === "Published" && archive.data.fileUrl) {
        runInAction(() => {
          this.archive = "downloading";
        });
        const file = await archives.file(archive.data.fileUrl);
        if (run !== this.run) return false;
        if (!file.ok) return this.archiveFailed(run);
        this.deps.files.save(file.data, fileName);
        runInAction(() => {
          this.archive = "done";
        });
        return true;
      }
      await (this.deps.sleep ?? sleep)(pollDelay(attempt));
      if (run !== this.run) return false;
    }
    return this.archiveFailed(run);
  }

  /** GET /receipts?invoiceId: the status is kept; a non-200 answer clears the data. */
  async loadReceipts(invoiceId: string): Promise<void> {
    const run = this.run;
    const result = await this.deps.api.receipts.list(invoiceId);
    runInAction(() => {
      if (run !== this.run) return;
      this.receiptsStatus = result.status;
      this.receipts = result.ok && result.status === 200 ? result.data : [];
    });
  }

  /** GET /receipts/download (fileType html) and save it. */
  async downloadReceipt(receipt: Receipt): Promise<boolean> {
    if (this.receiptBusy) return false;
    this.receiptBusy = true;
    this.receiptError = false;
    try {
      const result = await this.deps.api.receipts.download(receipt.invoiceId, "html");
      if (!result.ok) {
        runInAction(() => {
          this.receiptError = true;
        });
        return false;
      }
      this.deps.files.save(result.data, `${receipt.receiptId}.html`);
      return true;
    } finally {
      runInAction(() => {
        this.receiptBusy = false;
      });
    }
  }

  /** The photo list as CSV, or as .xlsx (its writer is a lazy chunk). */
  async exportList(
    format: "csv" | "xlsx",
    rows: readonly PhotoListRow[],
    header: readonly string[],
    baseName: string,
  ): Promise<void> {
    const table = tableOf(rows, header);
    if (format === "csv") {
      const blob = new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" });
      this.deps.files.save(blob, `${baseName}.csv`);
      return;
    }
    const { buildXlsx } = await import("../domain/xlsx.ts");
    const bytes = buildXlsx(table);
    const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    this.deps.files.save(blob, `${baseName}.xlsx`);
  }

  /**
   * Phones: fetch the photo and open the share sheet so it can be saved to Photos; where
   * sharing files is not supported the photo is saved as a download instead.
   */
  async sharePhoto(photo: BoughtPhoto, fileName?: string): Promise<void> {
    if (!photo.downloadUrl || this.sharing) return;
    this.sharing = photo.photoId;
    try {
      const result = await this.deps.api.http.requestUrl(photo.downloadUrl, {
        responseType: "blob",
      });
      if (!result.ok) return;
      const name = fileName ?? fileNameOf(photo.downloadUrl, `${photo.photoId}.jpg`);
      const file = new File([result.data], name, { type: result.data.type });
      if (!(await this.deps.files.share(file))) this.deps.files.save(result.data, name);
    } finally {
      runInAction(() => {
        this.sharing = null;
      });
    }
  }

  /**
   * Shares a bought photo as an image file where the browser can share files (phones): the
   * share sheet with the photo. "unsupported" where it cannot (or the sheet failed): the screen
   * copies the link to the photo's download instead. A photo not paid for (no download
   * address) is never shared; one share at a time ("busy").
   */
  async sharePhotoFile(photo: BoughtPhoto): Promise<"shared" | "unsupported" | "unpaid" | "busy"> {
    if (!photo.downloadUrl) return "unpaid";
    if (this.sharing) return "busy";
    if (!this.deps.files.canShareFiles?.()) return "unsupported";
    this.sharing = photo.photoId;
    try {
      const result = await this.deps.api.http.requestUrl(photo.downloadUrl, {
        responseType: "blob",
      });
      if (!result.ok) return "unsupported";
      const name = fileNameOf(photo.downloadUrl, `${photo.photoId}.jpg`);
      const file = new File([result.data], name, { type: result.data.type });
      return (await this.deps.files.share(file)) ? "shared" : "unsupported";
    } finally {
      runInAction(() => {
        this.sharing = null;
      });
    }
  }

  private archiveFailed(run: number): false {
    runInAction(() => {
      if (run === this.run) this.archive = "failed";
    });
    return false;
  }
}
