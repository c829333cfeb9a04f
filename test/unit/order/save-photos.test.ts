/**
 * "Save all to Photos" on a phone: the bought photos handed to the share sheet ten at a time,
 * under readable names, each fetched once; a closed sheet, a tap the browser no longer counts, a
 * failed download and a reload each go on with the photos not saved yet.
 */
import { describe, expect, it } from "vitest";
import {
  lineKey,
  nextBatch,
  parseSavedPhotos,
  photoFileName,
  photosToSave,
  REMEMBERED_PURCHASES,
  SAVED_PHOTOS_KEY,
  SHARE_BATCH,
  withSavedPhotos,
} from "../../../storefront/src/domain/save-photos.ts";
import type { ShareOutcome } from "../../../storefront/src/stores/files.ts";
import { SaveAllStore, saveAllOf } from "../../../storefront/src/stores/SaveAllStore.ts";
import { photo, purchaseOf } from "../fixtures/purchases.ts";
import { mapStorage } from "../fixtures/stores.ts";

describe("the photos a phone saves, and their names", () => {
  it("each download once, in page order, named by the shop, the order's number and its place; a photo bought plain and in a frame is two files", async () => {
    const purchase = purchaseOf(3);
    purchase.items.push({
      ...purchase.items[0]!,
      id: "line-2",
      photos: [
        // The same download in another line, one not paid, one no link may lead to: no file.
        photo(2),
        photo(9, false),
        { ...photo(7), downloadUrl: "javascript:alert(1)" },
        // The first photo in a frame: another download of the same photo.
        { ...photo(1), downloadUrl: "/demo/img/download/a1004-1/finisher.jpg" },
      ],
    });
    const photos = photosToSave(purchase, "MySport");
    expect(photos.map((p) => [p.key, p.fileName])).toEqual([
      ["a1004-1", "MySport-1042-01.jpg"],
      ["a1004-2", "MySport-1042-02.jpg"],
      ["a1004-3", "MySport-1042-03.jpg"],
      ["a1004-1@line-2", "MySport-1042-04.jpg"],
    ]);
    // Each photo on the page finds its file: the same file where the download is the same.
    expect(photos.byLine.get(lineKey("line-2", "a1004-2"))?.fileName).toBe("MySport-1042-02.jpg");
    expect(photos.byLine.get(lineKey("line-2", "a1004-1"))?.key).toBe("a1004-1@line-2");
    expect(photos.byLine.has(lineKey("line-2", "a1004-9"))).toBe(false);
    expect(photos.byLine.size).toBe(5);
    // Both files of the framed photo reach the share sheet.
    const { store, shared } = phone([]);
    store.open(purchase, "MySport");
    await store.saveNext();
    expect(shared[0]?.map((f) => f.name)).toHaveLength(4);
    expect(store.savedCount).toBe(4);
  });

  it("names sort in order past 99 photos, and hold only letters, digits and hyphens of any script", () => {
    expect(photoFileName("MySport", "1042", 7, 150)).toBe("MySport-1042-007.jpg");
    expect(photoFileName("Мой Спорт / Казань", "№ 7", 1, 1)).toBe("Мой-Спорт-Казань-7-01.jpg");
    expect(photoFileName('<img src=x onerror="1">../..', "", 2, 30)).toBe(
      "img-src-x-onerror-1-order-02.jpg",
    );
    expect(photoFileName("***", "42", 1, 1)).toBe("photo-42-01.jpg");
    // A shop's name is cut at 40 characters: the camera roll shows the start of a name.
    expect(photoFileName("A".repeat(60), "7", 1, 1)).toBe(`${"A".repeat(40)}-7-01.jpg`);
  });

  it("hands over the first ten not saved yet", () => {
    const photos = photosToSave(purchaseOf(30), "MySport");
    expect(SHARE_BATCH).toBe(10);
    expect(nextBatch(photos, new Set()).map((p) => p.photoId)).toEqual(
      photos.slice(0, 10).map((p) => p.photoId),
    );
    const saved = new Set(["a1004-1", "a1004-3", ...photos.slice(10, 20).map((p) => p.key)]);
    expect(nextBatch(photos, saved).map((p) => p.photoId)).toEqual([
      "a1004-2",
      ...photos.slice(3, 10).map((p) => p.photoId),
      "a1004-21",
      "a1004-22",
    ]);
  });
});

describe("what the device remembers of photos handed over", () => {
  it("reads back only purchase keys with lists of photo ids; anything else is nothing", () => {
    for (const raw of [null, "", "{", "[]", '[["a1"]]', "42", '"x"', "null"]) {
      expect(parseSavedPhotos(raw).size).toBe(0);
    }
    const longest = "x".repeat(100);
    const read = parseSavedPhotos(
      JSON.stringify({
        "order:1": ["a", 7, "", null, "b", longest, `${longest}y`],
        "order:2": "a",
        [`${longest}y`]: ["a"],
        [longest]: ["c"],
      }),
    );
    expect([...read]).toEqual([
      ["order:1", new Set(["a", "b", longest])],
      [longest, new Set(["c"])],
    ]);
    // Bounded: at most 1,000 photos of an order, the latest purchases.
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}`);
    expect(parseSavedPhotos(JSON.stringify({ "order:1": many })).get("order:1")?.size).toBe(1000);
    const purchases = Object.fromEntries(
      Array.from({ length: REMEMBERED_PURCHASES + 5 }, (_, i) => [`order:${i}`, ["p"]]),
    );
    const kept = parseSavedPhotos(JSON.stringify(purchases));
    expect(kept.size).toBe(REMEMBERED_PURCHASES);
    expect(kept.has("order:4")).toBe(false);
    expect(kept.has("order:5")).toBe(true);
  });

  it("a purchase saved again is written once, as the latest", () => {
    const record = parseSavedPhotos(JSON.stringify({ "order:1": ["a"], "order:2": ["b"] }));
    const written = JSON.parse(withSavedPhotos(record, "order:1", new Set(["a", "c"])));
    expect(Object.entries(written)).toEqual([
      ["order:2", ["b"]],
      ["order:1", ["a", "c"]],
    ]);
    const full = new Map(
      Array.from({ length: REMEMBERED_PURCHASES }, (_, i) => [`order:${i}`, new Set(["p"])]),
    );
    const next = JSON.parse(withSavedPhotos(full, "order:new", new Set(["q"])));
    expect(Object.keys(next)).toHaveLength(REMEMBERED_PURCHASES);
    expect(Object.keys(next)[0]).toBe("order:1");
    expect(Object.keys(next).at(-1)).toBe("order:new");
  });

  it("keeps the latest purchases only", () => {
    let record = parseSavedPhotos(null);
    for (let i = 0; i < REMEMBERED_PURCHASES + 5; i++) {
      record = parseSavedPhotos(withSavedPhotos(record, `order:${i}`, new Set([`p${i}`])));
    }
    expect(record.size).toBe(REMEMBERED_PURCHASES);
    expect(record.has("order:4")).toBe(false);
    expect(record.get(`order:${REMEMBERED_PURCHASES + 4}`)).toEqual(
      new Set([`p${REMEMBERED_PURCHASES + 4}`]),
    );
  });
});

/** A phone: the share sheet answers from `answers` in turn; downloads are counted per address. */
function phone(
  answers: ShareOutcome[],
  o: { failing?: Set<string>; map?: Map<string, string> } = {},
) {
  const fetched: string[] = [];
  const shared: { name: string; type: string }[][] = [];
  const saved: string[] = [];
  const map = o.map ?? new Map<string, string>();
  const store = new SaveAllStore({
    api: {
      http: {
        requestUrl: async (url: string) => {
          fetched.push(url);
          if (o.failing?.has(url)) return { ok: false, status: 503 };
          return { ok: true, status: 200, data: new Blob(["jpeg"], { type: "image/jpeg" }) };
        },
      },
    } as never,
    files: {
      save: (_blob, name) => void saved.push(name),
      shareFiles: async (files) => {
        shared.push(files.map((f) => ({ name: f.name, type: f.type })));
        return answers.shift() ?? "shared";
      },
      canShareFiles: () => true,
    },
    storage: mapStorage(map),
  });
  return { store, fetched, shared, saved, map };
}

describe("Save all to Photos", () => {
  it("30 photos reach the share sheet as 30 distinct JPEG files in three taps, each fetched once", async () => {
    const { store, fetched, shared, map } = phone([]);
    store.open(purchaseOf(30), "MySport");
    expect([store.total, store.nextCount, store.savedCount]).toEqual([30, 10, 0]);
    for (let tap = 0; tap < 3; tap++) await store.saveNext();
    expect(shared.map((s) => s.length)).toEqual([10, 10, 10]);
    const names = shared.flat().map((f) => f.name);
    expect(new Set(names).size).toBe(30);
    expect(names[0]).toBe("MySport-1042-01.jpg");
    expect(shared.flat().every((f) => f.type === "image/jpeg")).toBe(true);
    expect(new Set(fetched).size).toBe(30);
    expect(fetched).toHaveLength(30);
    expect([store.savedCount, store.nextCount]).toEqual([30, 0]);
    expect(
      parseSavedPhotos(map.get(`${SAVED_PHOTOS_KEY}`) ?? null).get("order:order-seed-04")?.size,
    ).toBe(30);
  });

  it("a closed sheet keeps the group: the next tap opens it again without fetching", async () => {
    const { store, fetched, shared } = phone(["cancelled"]);
    store.open(purchaseOf(30), "MySport");
    await store.saveNext();
    expect(store.phase).toBe("ready");
    expect(store.savedCount).toBe(0);
    await store.saveNext();
    expect(shared).toHaveLength(2);
    expect(shared[1]).toEqual(shared[0]);
    expect(fetched).toHaveLength(10);
    expect(store.savedCount).toBe(10);
  });

  it("a tap the browser no longer counts after a slow fetch: the files wait for the next tap", async () => {
    const { store, fetched } = phone(["needs-tap"]);
    store.open(purchaseOf(12), "MySport");
    await store.saveNext();
    expect(store.phase).toBe("ready");
    await store.saveNext();
    expect(fetched).toHaveLength(10);
    expect(store.savedCount).toBe(10);
    expect(store.nextCount).toBe(2);
  });

  it("after a reload only the photos not handed over are fetched", async () => {
    const map = new Map<string, string>();
    const first = phone([], { map });
    first.store.open(purchaseOf(30), "MySport");
    await first.store.saveNext();
    const again = phone([], { map });
    again.store.open(purchaseOf(30), "MySport");
    expect([again.store.savedCount, again.store.nextCount]).toEqual([10, 10]);
    await again.store.saveNext();
    await again.store.saveNext();
    expect(again.fetched).toEqual(
      Array.from({ length: 20 }, (_, i) => `/demo/img/download/a1004-${i + 11}.jpg`),
    );
    expect(again.store.savedCount).toBe(30);
  });

  it("a photo whose download fails twice is named and tried again on the next tap; the rest go on", async () => {
    const failing = new Set(["/demo/img/download/a1004-3.jpg"]);
    const { store, fetched, shared } = phone([], { failing });
    store.open(purchaseOf(10), "MySport");
    await store.saveNext();
    expect(fetched.filter((u) => failing.has(u))).toHaveLength(2);
    expect(shared[0]).toHaveLength(9);
    expect(store.failed.map((p) => p.fileName)).toEqual(["MySport-1042-03.jpg"]);
    expect(store.nextCount).toBe(1);
    failing.clear();
    await store.saveNext();
    expect(shared[1]?.map((f) => f.name)).toEqual(["MySport-1042-03.jpg"]);
    expect(store.failed).toEqual([]);
    expect(store.savedCount).toBe(10);
  });

  it("where files cannot be shared, the photos download one after another with their names", async () => {
    const { store, saved } = phone(["unsupported"]);
    store.open(purchaseOf(12), "MySport");
    await store.saveNext();
    expect(saved).toEqual(
      Array.from({ length: 12 }, (_, i) => `MySport-1042-${String(i + 1).padStart(2, "0")}.jpg`),
    );
    expect(store.savedCount).toBe(12);
  });
});

describe("Save all while it works", () => {
  /** A phone whose downloads and share sheet answer only when the test lets them. */
  function heldPhone(type = "image/jpeg") {
    const fetched: string[] = [];
    const shared: { name: string; type: string }[][] = [];
    const saved: string[] = [];
    let release: () => void = () => {};
    let held = new Promise<void>((r) => (release = r));
    const store = new SaveAllStore({
      api: {
        http: {
          requestUrl: async (url: string) => {
            fetched.push(url);
            await held;
            return { ok: true, status: 200, data: new Blob(["jpeg"], { type }) };
          },
        },
      } as never,
      files: {
        save: (_blob, name) => void saved.push(name),
        shareFiles: async (files) => {
          shared.push(files.map((f) => ({ name: f.name, type: f.type })));
          return "shared";
        },
        canShareFiles: () => true,
      },
      storage: mapStorage(new Map()),
    });
    const let_go = () => {
      release();
      held = Promise.resolve();
    };
    return { store, fetched, shared, saved, let_go };
  }

  it("is busy while the group downloads: a second tap starts nothing, and the sheet gets one group", async () => {
    const { store, fetched, shared, let_go } = heldPhone();
    store.open(purchaseOf(12), "MySport");
    expect([store.phase, store.busy]).toEqual(["idle", false]);
    const first = store.saveNext();
    await Promise.resolve();
    expect([store.phase, store.busy]).toEqual(["fetching", true]);
    await store.saveNext();
    await store.downloadRest();
    expect(fetched).toHaveLength(1);
    let_go();
    await first;
    expect(shared).toHaveLength(1);
    expect(shared[0]).toHaveLength(10);
    expect([store.phase, store.busy, store.savedCount]).toEqual(["idle", false, 10]);
  });

  it("a reply without an image type still goes to the sheet as a JPEG", async () => {
    const { store, shared, let_go } = heldPhone("application/octet-stream");
    let_go();
    store.open(purchaseOf(1), "MySport");
    await store.saveNext();
    expect(shared[0]).toEqual([{ name: "MySport-1042-01.jpg", type: "image/jpeg" }]);
  });

  it("downloading one by one is busy until the last photo, and then names what failed", async () => {
    const { store, saved, let_go } = heldPhone();
    store.open(purchaseOf(3), "MySport");
    const all = store.downloadRest();
    expect([store.phase, store.busy]).toEqual(["downloading", true]);
    await store.saveNext();
    let_go();
    await all;
    expect(saved).toEqual(["MySport-1042-01.jpg", "MySport-1042-02.jpg", "MySport-1042-03.jpg"]);
    expect([store.phase, store.failed]).toEqual(["idle", []]);
    // All saved: a tap hands nothing over.
    await store.saveNext();
    expect(store.nextCount).toBe(0);
  });

  it("one store per shop, made on first use; a browser without file sharing cannot share", () => {
    const shop = {
      api: { http: {} } as never,
      files: { save: () => {}, shareFiles: async () => "unsupported" as const },
      storage: mapStorage(new Map()),
    };
    expect(saveAllOf(shop)).toBe(saveAllOf(shop));
    expect(saveAllOf({ ...shop })).not.toBe(saveAllOf(shop));
    expect(saveAllOf(shop).canShare).toBe(false);
  });
});
