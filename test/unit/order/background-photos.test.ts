/**
 * "Download in the background" (Background Fetch) beside "Save all to Photos": offered only for
 * a purchase of more photos than one share takes, it hands the photos not saved yet to the
 * browser, follows a download the closed page started, and lets the copies go once every
 * photo is saved. The browser's side runs in Chromium (test/e2e/background-download.spec.ts).
 */
import { describe, expect, it, vi } from "vitest";
import {
  isPersonCache,
  isPhotosCache,
  pageOfPhotos,
  photosCache,
} from "../../../storefront/src/domain/offline-orders.ts";
import { type PhotoToSave, SHARE_BATCH } from "../../../storefront/src/domain/save-photos.ts";
import {
  BackgroundPhotosStore,
  type BackgroundPorts,
} from "../../../storefront/src/stores/BackgroundPhotosStore.ts";
import { deferred } from "../fixtures/deferred.ts";

const KEY = "order:order-seed-04";
const ID = "storefront.photos:order%3Aorder-seed-04@mysport";

const photos = (n: number): PhotoToSave[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `p${i}`,
    photoId: `p${i}`,
    downloadUrl: `https://shop.example/img/${i}.jpg`,
    fileName: `MySport-90004-${i + 1}.jpg`,
  })) as PhotoToSave[];

/** The browser's Background Fetch, in memory: a download ends when the test says so. */
function fakePorts(options: { refuse?: boolean; running?: boolean; stored?: number } = {}) {
  const log: string[] = [];
  let stored = options.stored ?? 0;
  let running = options.running ?? false;
  const end = deferred<void>();
  const ports: BackgroundPorts = {
    start: async (id, urls, title) => {
      log.push(`start ${id} ${urls.length} "${title}"`);
      if (options.refuse) return false;
      running = true;
      return true;
    },
    running: async () => running,
    settled: () => end.promise,
    stored: async (name, urls) => (name === ID ? Math.min(stored, urls.length) : 0),
    remove: async (name) => void log.push(`remove ${name}`),
  };
  const finish = (count: number) => {
    stored = count;
    running = false;
    end.resolve();
  };
  return { ports, log, finish };
}

const store = (ports: BackgroundPorts | undefined) =>
  new BackgroundPhotosStore({ ports, tenant: "mysport" });

describe("the downloaded photos' cache", () => {
  it("is named after the purchase and the tenant, and leads back to the purchase's page", () => {
    expect(photosCache(KEY, "mysport")).toBe(ID);
    expect(isPhotosCache(ID, "mysport")).toBe(true);
    expect(isPhotosCache(ID, "ironstar")).toBe(false);
    expect(isPersonCache(ID, "mysport")).toBe(true);
    expect(isPersonCache("storefront.order:o1@mysport", "mysport")).toBe(true);
    expect(isPersonCache("storefront.language@mysport", "mysport")).toBe(false);
    expect(pageOfPhotos(ID, "mysport")).toBe("/order/order-seed-04");
    expect(pageOfPhotos(photosCache("preorder:po 1", "mysport"), "mysport")).toBe(
      "/preorder/po%201",
    );
    // Anything else leads nowhere: another tenant's, another kind of purchase, a broken name.
    expect(pageOfPhotos(ID, "ironstar")).toBeNull();
    expect(pageOfPhotos(photosCache("gift:1", "mysport"), "mysport")).toBeNull();
    expect(pageOfPhotos("storefront.photos:%E0%A4%A@mysport", "mysport")).toBeNull();
    // The kind of purchase is the whole key's start, and the id runs to its end: nothing before
    // it, and nothing after a line break.
    expect(pageOfPhotos(photosCache("xorder:42", "mysport"), "mysport")).toBeNull();
    expect(pageOfPhotos(photosCache("order:42\n/evil", "mysport"), "mysport")).toBeNull();
  });
});

describe("Download in the background", () => {
  it(`is offered for more than ${SHARE_BATCH} photos not saved yet, and only where the browser has it`, async () => {
    const few = store(fakePorts().ports);
    await few.open(KEY, photos(SHARE_BATCH));
    expect(few.phase).toBe("unavailable");
    const none = store(undefined);
    await none.open(KEY, photos(30));
    expect(none.phase).toBe("unavailable");
    const many = store(fakePorts().ports);
    await many.open(KEY, photos(SHARE_BATCH + 1));
    expect([many.phase, many.count]).toEqual(["idle", SHARE_BATCH + 1]);
  });

  it("hands the photos to the browser, and is downloaded once the worker has stored them", async () => {
    const { ports, log, finish } = fakePorts();
    const background = store(ports);
    await background.open(KEY, photos(30));
    const started = background.start("MySport: 30 photos of order № 90004");
    await vi.waitFor(() => expect(log).toHaveLength(1));
    expect(background.phase).toBe("downloading");
    expect(log).toEqual([`start ${ID} 30 "MySport: 30 photos of order № 90004"`]);
    // A second tap meanwhile starts nothing.
    await background.start("again");
    finish(30);
    await started;
    expect([background.phase, log.length]).toEqual(["downloaded", 1]);
  });

  it("refused by the browser, or nothing arrived: offered again, Save all fetches as before", async () => {
    const refused = store(fakePorts({ refuse: true }).ports);
    await refused.open(KEY, photos(30));
    await refused.start("t");
    expect(refused.phase).toBe("idle");
    const { ports, finish } = fakePorts();
    const failed = store(ports);
    await failed.open(KEY, photos(30));
    const started = failed.start("t");
    finish(0);
    await started;
    expect(failed.phase).toBe("idle");
  });

  it("follows a download the closed page started, and finds one already stored", async () => {
    const { ports, finish } = fakePorts({ running: true });
    const back = store(ports);
    const opening = back.open(KEY, photos(30));
    await vi.waitFor(() => expect(back.phase).toBe("downloading"));
    finish(30);
    await opening;
    expect(back.phase).toBe("downloaded");
    const later = store(fakePorts({ stored: 30 }).ports);
    await later.open(KEY, photos(30));
    expect(later.phase).toBe("downloaded");
    // Some stored (a download that partly failed): offered again for the rest.
    const partly = store(fakePorts({ stored: 12 }).ports);
    await partly.open(KEY, photos(30));
    expect(partly.phase).toBe("idle");
  });

  it("lets the downloaded copies go once every photo is saved", async () => {
    const { ports, log } = fakePorts({ stored: 30 });
    const background = store(ports);
    await background.open(KEY, photos(30));
    await background.release();
    expect(log).toEqual([`remove ${ID}`]);
  });
});
