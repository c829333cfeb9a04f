/**
 * DownloadStore over a scripted API (spec §2: download each, download all with zipping, CSV and
 * Excel, receipt; §4: archive Published means ready, receipts' non-200 clears the data; §7:
 * POST /archives/ 201, other status sets an archive error).
 */
import { autorun } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api, BoughtPhoto, Receipt } from "../../../storefront/src/api/index.ts";
import { DownloadStore, fileNameOf } from "../../../storefront/src/stores/DownloadStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { countsAround, deferred, settle } from "../fixtures/deferred.ts";

interface Script {
  create?: () => unknown;
  /** The archive's state at the n-th check (from 1). */
  archive?: (n: number) => unknown;
  file?: () => unknown;
  receipts?: () => unknown;
  receipt?: () => unknown;
  photo?: () => unknown;
  share?: boolean;
  /** Whether the browser can share files at all (phones); absent: the port does not say. */
  canShareFiles?: boolean;
  /** The wait between checks; by default none (recorded), "real" for the store's own timer. */
  sleep?: "real" | ((ms: number) => Promise<void>);
}

function setup(script: Script = {}) {
  const log: string[] = [];
  const sleeps: number[] = [];
  let checks = 0;
  const api = {
    archives: {
      create: async (request: unknown) => {
        log.push(`POST /archives/ ${JSON.stringify(request)}`);
        return script.create?.() ?? ok({ archiveId: "z1" }, 201);
      },
      get: async (id: string) => {
        log.push(`GET /archives/${id}`);
        return (
          script.archive?.(++checks) ??
          ok({ archiveId: id, state: "Published", fileUrl: "https://files.example/z1.zip" })
        );
      },
      file: async (url: string) => {
        log.push(`GET ${url}`);
        return script.file?.() ?? ok(new Blob(["zip"], { type: "application/zip" }));
      },
    },
    receipts: {
      list: async (invoiceId: string) => {
        log.push(`GET /receipts?invoiceId=${invoiceId}`);
        return script.receipts?.() ?? ok([{ receiptId: "r1", invoiceId }]);
      },
      download: async (invoiceId: string, fileType: string) => {
        log.push(`GET /receipts/download ${invoiceId} ${fileType}`);
        return script.receipt?.() ?? ok(new Blob(["<html>"], { type: "text/html" }));
      },
    },
    http: {
      // Binary when asked for a blob, as the transport does; text otherwise.
      requestUrl: async (url: string, options?: { responseType?: string }) => {
        log.push(`GET ${url}`);
        const body =
          options?.responseType === "blob" ? new Blob(["jpg"], { type: "image/jpeg" }) : "jpg";
        return script.photo?.() ?? ok(body);
      },
    },
  } as unknown as Api;
  // The phone's file ports keep what they were given on themselves.
  const files = {
    saved: [] as { name: string; type: string }[],
    blobs: [] as Blob[],
    shared: [] as string[],
    sharedFiles: [] as File[],
    save(blob: Blob, name: string) {
      this.saved.push({ name, type: blob.type });
      this.blobs.push(blob);
    },
    async share(file: File) {
      this.shared.push(file.name);
      this.sharedFiles.push(file);
      return script.share ?? false;
    },
    ...(script.canShareFiles === undefined
      ? {}
      : { canShareFiles: () => script.canShareFiles ?? false }),
  };
  const store = new DownloadStore({
    api,
    files,
    ...(script.sleep === "real"
      ? {}
      : { sleep: script.sleep ?? (async (ms: number) => void sleeps.push(ms)) }),
  });
  const { saved, blobs, shared, sharedFiles } = files;
  return { store, log, saved, blobs, shared, sharedFiles, sleeps };
}

const pending = (archiveId = "z1") => ok({ archiveId, state: "Pending", fileUrl: null });

describe("download all: zipping, then the file", () => {
  it("creates the archive, polls until Published, saves the zip", async () => {
    const s = setup({
      archive: (n) =>
        n < 3
          ? pending()
          : ok({ archiveId: "z1", state: "Published", fileUrl: "https://files.example/z1.zip" }),
    });
    s.store.reset("order:o1");
    expect(await s.store.downloadAll({ orderId: "o1" }, "photos.zip")).toBe(true);
    expect(s.log).toEqual([
      'POST /archives/ {"orderId":"o1"}',
      "GET /archives/z1",
      "GET /archives/z1",
      "GET /archives/z1",
      "GET https://files.example/z1.zip",
    ]);
    expect(s.sleeps).toEqual([1000, 1500]);
    expect(s.saved).toEqual([{ name: "photos.zip", type: "application/zip" }]);
    expect(s.store.archive).toBe("done");
  });

  it("a Published archive without a file address is not ready yet", async () => {
    const s = setup({
      archive: (n) =>
        n < 2
          ? ok({ archiveId: "z1", state: "Published", fileUrl: null })
          : ok({ archiveId: "z1", state: "Published", fileUrl: "https://files.example/z1.zip" }),
    });
    expect(await s.store.downloadAll({ orderId: "o1" }, "a.zip")).toBe(true);
    expect(s.sleeps).toEqual([1000]);
  });

  it("is asked once while zipping", async () => {
    const s = setup();
    const first = s.store.downloadAll({ orderId: "o1" }, "a.zip");
    expect(s.store.archive).toBe("zipping");
    expect(await s.store.downloadAll({ orderId: "o1" }, "a.zip")).toBe(false);
    expect(await first).toBe(true);
    expect(s.log.filter((l) => l.startsWith("POST"))).toHaveLength(1);
  });

  it("an archive other than 201, a failed check or a failed file is an archive error", async () => {
    for (const script of [
      { create: () => failed(500) },
      { archive: () => failed(503) },
      { file: () => failed(404) },
    ]) {
      const s = setup(script);
      expect(await s.store.downloadAll({ orderId: "o1" }, "a.zip")).toBe(false);
      expect([s.store.archive, s.saved]).toEqual(["failed", []]);
    }
  });

  it("gives up after 40 checks (about 3 minutes)", async () => {
    const s = setup({ archive: () => pending() });
    expect(await s.store.downloadAll({ orderId: "o1" }, "a.zip")).toBe(false);
    expect(s.log.filter((l) => l === "GET /archives/z1")).toHaveLength(40);
    expect(s.store.archive).toBe("failed");
  });

  it("another purchase starts over and the old zip is never saved", async () => {
    const s = setup({ archive: () => pending() });
    s.store.reset("order:o1");
    const old = s.store.downloadAll({ orderId: "o1" }, "a.zip");
    s.store.reset("order:o2");
    expect(await old).toBe(false);
    expect([s.store.archive, s.store.key, s.saved]).toEqual(["idle", "order:o2", []]);
    s.store.reset("order:o2");
    expect(s.store.key).toBe("order:o2");
  });
});

describe("receipts", () => {
  it("keeps the status; a non-200 clears the list and offers a retry", async () => {
    const s = setup();
    expect(s.store.receiptsFailed).toBe(false);
    await s.store.loadReceipts("inv1");
    expect([s.store.receiptsStatus, s.store.receipts, s.store.receiptsFailed]).toEqual([
      200,
      [{ receiptId: "r1", invoiceId: "inv1" }],
      false,
    ]);
    const bad = setup({ receipts: () => failed(500) });
    await bad.store.loadReceipts("inv1");
    expect([bad.store.receiptsStatus, bad.store.receipts, bad.store.receiptsFailed]).toEqual([
      500,
      [],
      true,
    ]);
    const odd = setup({ receipts: () => ok([{ receiptId: "r1" }], 204) });
    await odd.store.loadReceipts("inv1");
    expect([odd.store.receipts, odd.store.receiptsFailed]).toEqual([[], true]);
  });

  it("a receipt downloads as html, named by its id; a failure says so", async () => {
    const receipt = { receiptId: "r1", invoiceId: "inv1" } as Receipt;
    const s = setup();
    expect(await s.store.downloadReceipt(receipt)).toBe(true);
    expect(s.log).toEqual(["GET /receipts/download inv1 html"]);
    expect(s.saved).toEqual([{ name: "r1.html", type: "text/html" }]);
    expect([s.store.receiptBusy, s.store.receiptError]).toEqual([false, false]);
    const bad = setup({ receipt: () => failed(500) });
    expect(await bad.store.downloadReceipt(receipt)).toBe(false);
    expect([bad.store.receiptBusy, bad.store.receiptError, bad.saved]).toEqual([false, true, []]);
  });

  it("one receipt download at a time", async () => {
    const s = setup();
    const receipt = { receiptId: "r1", invoiceId: "inv1" } as Receipt;
    const first = s.store.downloadReceipt(receipt);
    expect(s.store.receiptBusy).toBe(true);
    expect(await s.store.downloadReceipt(receipt)).toBe(false);
    await first;
    expect(s.saved).toHaveLength(1);
  });
});

describe("photo list and one photo", () => {
  const rows = [{ photoId: "ph1", product: "Digital photo", url: "https://x/ph1.jpg" }];

  it("CSV and Excel files named after the purchase", async () => {
    const s = setup();
    await s.store.exportList("csv", rows as never, ["Photo", "Product", "Link"], "order-1");
    await s.store.exportList("xlsx", rows as never, ["Photo", "Product", "Link"], "order-1");
    expect(s.saved).toEqual([
      { name: "order-1.csv", type: "text/csv;charset=utf-8" },
      {
        name: "order-1.xlsx",
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    ]);
  });

  it("shares a photo to the phone, else saves it; named after its address", async () => {
    const photo = {
      photoId: "ph1",
      thumbnailUrl: "t",
      downloadUrl: "https://files.example/d/IMG%201.jpg?x=1",
    } as BoughtPhoto;
    const sharing = setup({ share: true });
    await sharing.store.sharePhoto(photo);
    expect([sharing.shared, sharing.saved, sharing.store.sharing]).toEqual([
      ["IMG 1.jpg"],
      [],
      null,
    ]);
    const saving = setup({ share: false });
    await saving.store.sharePhoto(photo);
    expect(saving.saved).toEqual([{ name: "IMG 1.jpg", type: "image/jpeg" }]);
  });

  it("a photo without a download address, or one that fails to load, is not saved", async () => {
    const s = setup({ photo: () => failed(404) });
    await s.store.sharePhoto({ photoId: "ph1", thumbnailUrl: "t", downloadUrl: null });
    expect(s.log).toEqual([]);
    await s.store.sharePhoto({ photoId: "ph1", thumbnailUrl: "t", downloadUrl: "https://f/x.jpg" });
    expect([s.saved, s.shared, s.store.sharing]).toEqual([[], [], null]);
  });

  it("sharing a bought photo: the file where the browser can share files, else 'unsupported' before any call", async () => {
    const photo = {
      photoId: "ph1",
      thumbnailUrl: "t",
      downloadUrl: "https://files.example/d/ph1.jpg",
    } as BoughtPhoto;
    const phone = setup({ canShareFiles: true, share: true });
    expect(await phone.store.sharePhotoFile(photo)).toBe("shared");
    expect([phone.shared, phone.saved, phone.store.sharing]).toEqual([["ph1.jpg"], [], null]);
    // The sheet failed (not closed by the visitor): the screen copies the link instead.
    const failing = setup({ canShareFiles: true, share: false });
    expect(await failing.store.sharePhotoFile(photo)).toBe("unsupported");
    expect(failing.saved).toEqual([]);
    // A desktop: nothing fetched, nothing shared or saved.
    for (const desktop of [setup({ canShareFiles: false }), setup()]) {
      expect(await desktop.store.sharePhotoFile(photo)).toBe("unsupported");
      expect([desktop.log, desktop.shared, desktop.saved]).toEqual([[], [], []]);
    }
  });

  it("the shared file is the photo itself: its bytes and image type, named after the address or else the photo", async () => {
    const phone = setup({ canShareFiles: true, share: true });
    await phone.store.sharePhotoFile({
      photoId: "ph1",
      thumbnailUrl: "t",
      downloadUrl: "https://files.example/d/",
    });
    const [file] = phone.sharedFiles;
    expect([file?.name, file?.type, await file?.text()]).toEqual(["ph1.jpg", "image/jpeg", "jpg"]);
    // The photo could not be fetched: the screen copies the link instead, nothing is shared.
    const failing = setup({ canShareFiles: true, share: true, photo: () => failed(503) });
    expect(
      await failing.store.sharePhotoFile({
        photoId: "ph1",
        thumbnailUrl: "t",
        downloadUrl: "https://files.example/d/ph1.jpg",
      }),
    ).toBe("unsupported");
    expect([failing.shared, failing.store.sharing]).toEqual([[], null]);
  });

  it("a photo not paid for (no download address) is never shared", async () => {
    const s = setup({ canShareFiles: true, share: true });
    expect(
      await s.store.sharePhotoFile({ photoId: "ph1", thumbnailUrl: "t", downloadUrl: null }),
    ).toBe("unpaid");
    expect([s.log, s.shared]).toEqual([[], []]);
  });

  it("one share at a time: a second tap while the photo loads is ignored", async () => {
    const s = setup({ canShareFiles: true, share: true });
    const photo = { photoId: "ph1", thumbnailUrl: "t", downloadUrl: "https://f/ph1.jpg" };
    const [a, b] = await Promise.all([
      s.store.sharePhotoFile(photo),
      s.store.sharePhotoFile(photo),
    ]);
    expect([a, b]).toEqual(["shared", "busy"]);
    expect(s.shared).toEqual(["ph1.jpg"]);
  });

  it("a file name is the last part of the address, else the fallback", () => {
    expect(fileNameOf("https://files.example/a/b/photo.jpg?x=1", "f.jpg")).toBe("photo.jpg");
    expect(fileNameOf("https://files.example/", "f.jpg")).toBe("f.jpg");
    expect(fileNameOf("/relative/p%C3%A9.jpg", "f.jpg")).toBe("pé.jpg");
  });
});

const published = () =>
  ok({ archiveId: "z1", state: "Published", fileUrl: "https://files.example/z1.zip" });

describe("the downloads' state over time", () => {
  afterEach(() => void vi.useRealTimers());

  it("before anything: no archive, no receipts, no receipt error", () => {
    const { store } = setup();
    expect([store.archive, store.receipts, store.receiptError, store.receiptsFailed]).toEqual([
      "idle",
      [],
      false,
      false,
    ]);
  });

  it("the page sees Zipping…, then the download, then done", async () => {
    const s = setup({ archive: (n) => (n < 2 ? pending() : published()) });
    const states: string[] = [];
    const stop = autorun(() => void states.push(s.store.archive));
    await s.store.downloadAll({ orderId: "o1" }, "a.zip");
    stop();
    expect(states).toEqual(["idle", "zipping", "downloading", "done"]);
  });

  it("waits 1 s before checking the archive again (its own timer)", async () => {
    vi.useFakeTimers();
    const s = setup({ archive: () => pending(), sleep: "real" });
    const checks = () => s.log.filter((l) => l === "GET /archives/z1").length;
    void s.store.downloadAll({ orderId: "o1" }, "a.zip");
    expect(await countsAround(1000, checks)).toEqual([1, 1, 2]);
    s.store.reset("order:other");
  });

  it("an archive is ready only when Published, even if it already has an address", async () => {
    const s = setup({
      archive: (n) =>
        n < 2
          ? ok({ archiveId: "z1", state: "Pending", fileUrl: "https://files.example/z1.zip" })
          : published(),
    });
    expect(await s.store.downloadAll({ orderId: "o1" }, "a.zip")).toBe(true);
    expect(s.log.filter((l) => l === "GET /archives/z1")).toHaveLength(2);
  });

  it("is asked once while the zip downloads", async () => {
    const file = deferred<unknown>();
    const s = setup({ file: () => file.promise });
    const first = s.store.downloadAll({ orderId: "o1" }, "a.zip");
    await settle();
    expect(s.store.archive).toBe("downloading");
    expect(await s.store.downloadAll({ orderId: "o1" }, "a.zip")).toBe(false);
    file.resolve(ok(new Blob(["zip"], { type: "application/zip" })));
    expect(await first).toBe(true);
    expect(s.log.filter((l) => l.startsWith("POST"))).toHaveLength(1);
  });

  it("the same purchase again keeps its state; another clears receipts and errors", async () => {
    const s = setup({ receipt: () => failed(500) });
    s.store.reset("order:o1");
    await s.store.downloadAll({ orderId: "o1" }, "a.zip");
    await s.store.loadReceipts("inv1");
    await s.store.downloadReceipt({ receiptId: "r1", invoiceId: "inv1" } as Receipt);
    s.store.reset("order:o1");
    expect([s.store.archive, s.store.receipts.length, s.store.receiptError]).toEqual([
      "done",
      1,
      true,
    ]);
    s.store.reset("order:o2");
    expect([
      s.store.archive,
      s.store.receipts,
      s.store.receiptError,
      s.store.receiptsStatus,
    ]).toEqual(["idle", [], false, null]);
  });

  it("replies for the previous purchase are dropped at every step", async () => {
    // The archive is created, then the purchase changes: its failure is not shown.
    const create = deferred<unknown>();
    const a = setup({ create: () => create.promise });
    a.store.reset("order:o1");
    const zipA = a.store.downloadAll({ orderId: "o1" }, "a.zip");
    a.store.reset("order:o2");
    create.resolve(failed(500));
    expect([await zipA, a.store.archive]).toEqual([false, "idle"]);

    // A check in flight: its Published answer is not downloaded.
    const check = deferred<unknown>();
    const b = setup({ archive: () => check.promise });
    b.store.reset("order:o1");
    const zipB = b.store.downloadAll({ orderId: "o1" }, "a.zip");
    await settle();
    b.store.reset("order:o2");
    check.resolve(published());
    expect([await zipB, b.saved, b.log.some((l) => l.endsWith(".zip"))]).toEqual([
      false,
      [],
      false,
    ]);

    // The zip itself in flight: not saved.
    const file = deferred<unknown>();
    const c = setup({ file: () => file.promise });
    c.store.reset("order:o1");
    const zipC = c.store.downloadAll({ orderId: "o1" }, "a.zip");
    await settle();
    c.store.reset("order:o2");
    file.resolve(ok(new Blob(["zip"])));
    expect([await zipC, c.saved, c.store.archive]).toEqual([false, [], "idle"]);

    // Waiting between checks: no further check.
    const wake: (() => void)[] = [];
    const d = setup({
      archive: () => pending(),
      sleep: () => new Promise((done) => wake.push(done)),
    });
    d.store.reset("order:o1");
    const zipD = d.store.downloadAll({ orderId: "o1" }, "a.zip");
    await settle();
    d.store.reset("order:o2");
    wake[0]?.();
    expect(await zipD).toBe(false);
    expect(d.log.filter((l) => l === "GET /archives/z1")).toHaveLength(1);

    // The receipts list.
    const receipts = deferred<unknown>();
    const e = setup({ receipts: () => receipts.promise });
    e.store.reset("order:o1");
    const loading = e.store.loadReceipts("inv1");
    e.store.reset("order:o2");
    receipts.resolve(ok([{ receiptId: "r1", invoiceId: "inv1" }]));
    await loading;
    expect([e.store.receiptsStatus, e.store.receipts]).toEqual([null, []]);
  });

  it("the photo list files hold the rows", async () => {
    const s = setup();
    const rows = [{ photoId: "ph1", product: "Digital photo", url: "https://x/ph1.jpg" }];
    await s.store.exportList("csv", rows as never, ["Photo", "Product", "Link"], "order-1");
    await s.store.exportList("xlsx", rows as never, ["Photo", "Product", "Link"], "order-1");
    const [csv, xlsx] = s.blobs;
    expect(await csv?.text()).toContain("Digital photo");
    // An .xlsx file is a zip archive: it starts with "PK".
    expect(new TextDecoder().decode((await xlsx?.arrayBuffer())?.slice(0, 2))).toBe("PK");
  });

  it("a shared photo is the photo itself; without a name in its address, photoId.jpg", async () => {
    const s = setup({ share: true });
    await s.store.sharePhoto({
      photoId: "ph1",
      thumbnailUrl: "t",
      downloadUrl: "https://files.example/d/",
    } as BoughtPhoto);
    const [file] = s.sharedFiles;
    expect([file?.name, file?.type, await file?.text()]).toEqual(["ph1.jpg", "image/jpeg", "jpg"]);
  });
});
