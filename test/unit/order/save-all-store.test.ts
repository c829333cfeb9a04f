/**
 * Save all to Photos, the store behind the button: what it shows before and while it works
 * ("Preparing the photos…", the open sheet, "12 of 30 saved"), a tap the browser still refuses,
 * the one-by-one download where files cannot be shared, and what it fetches, over the shop's
 * real transport (files asked for as files, their bytes handed over as they came).
 */
import { autorun } from "mobx";
import { describe, expect, it } from "vitest";
import { createHttp } from "../../../storefront/src/api/http.ts";
import type { ShareOutcome } from "../../../storefront/src/stores/files.ts";
import { SaveAllStore } from "../../../storefront/src/stores/SaveAllStore.ts";
import { purchaseOf } from "../fixtures/purchases.ts";
import { mapStorage } from "../fixtures/stores.ts";

const ORIGIN = "https://shop.example";

/** The bytes the server sends for a photo: its address, so each file is told by its content. */
const bytesOf = (url: string) => new TextEncoder().encode(`JPEG of ${new URL(url).pathname}`);

interface Gate {
  wait: Promise<void>;
  open: () => void;
}
function gate(): Gate {
  let open: () => void = () => {};
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/**
 * A phone over the shop's transport: the server answers each photo with its bytes (`failing`
 * addresses with 503) once `downloads` opens; the share sheet answers from `answers` in turn once
 * `sheet` opens. Sheets and saved files are recorded with their names, types and contents.
 */
function phone(
  answers: ShareOutcome[] = [],
  o: { failing?: Set<string>; type?: string; share?: boolean } = {},
) {
  const downloads = gate();
  const sheet = gate();
  downloads.open();
  sheet.open();
  const gates = { downloads, sheet };
  const fetched: string[] = [];
  const shared: { name: string; type: string; text: Promise<string> }[][] = [];
  const saved: string[] = [];
  const map = new Map<string, string>();
  const http = createHttp({
    origin: ORIGIN,
    getLanguage: () => "en",
    fetch: async (input) => {
      const url = String(input);
      fetched.push(new URL(url).pathname);
      await gates.downloads.wait;
      if (o.failing?.has(new URL(url).pathname)) return new Response("", { status: 503 });
      return new Response(bytesOf(url), {
        headers: { "Content-Type": o.type ?? "image/jpeg" },
      });
    },
  });
  const store = new SaveAllStore({
    api: { http },
    files: {
      save: (_blob, name) => void saved.push(name),
      shareFiles: async (files) => {
        shared.push(files.map((f) => ({ name: f.name, type: f.type, text: f.text() })));
        await gates.sheet.wait;
        return answers.shift() ?? "shared";
      },
      canShareFiles: () => o.share ?? true,
    },
    storage: mapStorage(map),
  });
  /** Holds the downloads (or the sheet) until the returned function lets them go. */
  const hold = (which: keyof typeof gates) => {
    gates[which] = gate();
    return gates[which].open;
  };
  return { store, fetched, shared, saved, map, hold };
}

/** What the button and the line under it read, each time they change. */
function screenOf(store: SaveAllStore): string[] {
  const seen: string[] = [];
  autorun(() => {
    seen.push(
      `${store.phase}${store.busy ? " (busy)" : ""}: ${store.savedCount} of ${store.total}`,
    );
  });
  return seen;
}

describe("Save all before a purchase is open", () => {
  it("is idle with nothing to save, and a tap fetches nothing", async () => {
    const { store, fetched, shared, saved } = phone();
    expect([store.phase, store.busy, store.total, store.nextCount, store.failed]).toEqual([
      "idle",
      false,
      0,
      0,
      [],
    ]);
    await store.saveNext();
    await store.downloadRest();
    expect([fetched, shared, saved]).toEqual([[], [], []]);
  });
});

describe("Save all on the screen", () => {
  it("shows each step of a tap as it happens: preparing, the open sheet, then the count saved", async () => {
    const { store, hold } = phone();
    store.open(purchaseOf(30), "MySport");
    const screen = screenOf(store);
    const letDownloadsGo = hold("downloads");
    const letSheetGo = hold("sheet");
    const tap = store.saveNext();
    await new Promise((r) => setTimeout(r, 0));
    letDownloadsGo();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.busy).toBe(true);
    letSheetGo();
    await tap;
    expect(screen).toEqual([
      "idle: 0 of 30",
      "fetching (busy): 0 of 30",
      "sharing (busy): 0 of 30",
      "idle: 10 of 30",
    ]);
  });

  it("a second tap while the sheet is open starts nothing: the sheet gets one group", async () => {
    const { store, shared, fetched, hold } = phone();
    store.open(purchaseOf(30), "MySport");
    const letSheetGo = hold("sheet");
    const tap = store.saveNext();
    await new Promise((r) => setTimeout(r, 0));
    expect([store.phase, store.busy]).toEqual(["sharing", true]);
    await store.saveNext();
    expect([shared.length, fetched.length]).toEqual([1, 10]);
    letSheetGo();
    await tap;
    expect(store.savedCount).toBe(10);
  });

  it("a ready group opens the sheet in the tap itself, before anything is awaited", async () => {
    const { store, shared } = phone(["cancelled"]);
    store.open(purchaseOf(30), "MySport");
    const screen = screenOf(store);
    await store.saveNext();
    expect(store.phase).toBe("ready");
    const tap = store.saveNext();
    // The browser lets a share sheet open only while it still counts the tap.
    expect(shared).toHaveLength(2);
    await tap;
    expect(screen.slice(-3)).toEqual([
      "ready: 0 of 30",
      "sharing (busy): 0 of 30",
      "idle: 10 of 30",
    ]);
  });

  it("downloading one by one counts up photo by photo: 1 of 3 saved, 2 of 3, 3 of 3", async () => {
    const { store } = phone([], { share: false });
    store.open(purchaseOf(3), "MySport");
    const screen = screenOf(store);
    await store.downloadRest();
    expect(screen).toEqual([
      "idle: 0 of 3",
      "downloading (busy): 0 of 3",
      "downloading (busy): 1 of 3",
      "downloading (busy): 2 of 3",
      "downloading (busy): 3 of 3",
      "idle: 3 of 3",
    ]);
  });
});

describe("Save all when the browser still refuses the sheet, or cannot share", () => {
  it("a ready group the browser still refuses downloads the photos not saved yet, one by one", async () => {
    const { store, saved, fetched } = phone(["needs-tap", "needs-tap"]);
    store.open(purchaseOf(12), "MySport");
    await store.saveNext();
    expect(store.phase).toBe("ready");
    await store.saveNext();
    expect(saved).toEqual(
      Array.from({ length: 12 }, (_, i) => `MySport-1042-${String(i + 1).padStart(2, "0")}.jpg`),
    );
    // The ten fetched for the sheet are not fetched again.
    expect(fetched).toHaveLength(12);
    expect([store.savedCount, store.phase]).toEqual([12, "idle"]);
  });

  it("downloads only the photos not saved yet: 12 of 30 handed over before, 18 downloaded", async () => {
    const { store, saved, fetched } = phone(["shared", "unsupported"]);
    store.open(purchaseOf(30, "order:1"), "MySport");
    await store.saveNext();
    expect(store.savedCount).toBe(10);
    await store.saveNext();
    expect(saved).toHaveLength(20);
    expect(saved[0]).toBe("MySport-1042-11.jpg");
    expect(new Set(fetched).size).toBe(30);
    expect(store.savedCount).toBe(30);
  });

  it("a photo whose download fails twice is named, not saved, and the others download", async () => {
    const failing = new Set(["/demo/img/download/a1004-2.jpg"]);
    const { store, saved, fetched } = phone([], { failing, share: false });
    store.open(purchaseOf(3), "MySport");
    await store.downloadRest();
    expect(saved).toEqual(["MySport-1042-01.jpg", "MySport-1042-03.jpg"]);
    expect(fetched.filter((u) => failing.has(u))).toHaveLength(2);
    expect(store.failed.map((p) => p.fileName)).toEqual(["MySport-1042-02.jpg"]);
    expect([store.savedCount, store.nextCount, store.phase]).toEqual([2, 1, "idle"]);
  });

  it("a second tap while photos download starts nothing: each photo downloads once", async () => {
    const { store, saved, fetched, hold } = phone([], { share: false });
    store.open(purchaseOf(3), "MySport");
    const letGo = hold("downloads");
    const all = store.downloadRest();
    await store.downloadRest();
    letGo();
    await all;
    expect(fetched).toHaveLength(3);
    expect(saved).toHaveLength(3);
  });
});

describe("Save all's downloads", () => {
  it("hands over the bytes the server sent, asked for as files, with the server's image type", async () => {
    const { store, shared } = phone([], { type: "image/png" });
    store.open(purchaseOf(2), "MySport");
    await store.saveNext();
    const files = shared[0] ?? [];
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ["MySport-1042-01.jpg", "image/png"],
      ["MySport-1042-02.jpg", "image/png"],
    ]);
    expect(await Promise.all(files.map((f) => f.text))).toEqual([
      "JPEG of /demo/img/download/a1004-1.jpg",
      "JPEG of /demo/img/download/a1004-2.jpg",
    ]);
  });

  it("when no photo of the group downloads, no sheet opens: the photos are named and the next tap tries them", async () => {
    const failing = new Set(["/demo/img/download/a1004-1.jpg", "/demo/img/download/a1004-2.jpg"]);
    const { store, shared, fetched } = phone([], { failing });
    store.open(purchaseOf(2), "MySport");
    await store.saveNext();
    expect(shared).toEqual([]);
    expect([store.phase, store.failed.length, fetched.length]).toEqual(["idle", 2, 4]);
    failing.clear();
    await store.saveNext();
    expect(store.savedCount).toBe(2);
  });

  it("after a closed sheet and a failed photo, the next tap fetches only that photo before the sheet opens again", async () => {
    const failing = new Set(["/demo/img/download/a1004-3.jpg"]);
    const { store, shared, fetched } = phone(["cancelled"], { failing });
    store.open(purchaseOf(10), "MySport");
    await store.saveNext();
    expect([store.phase, shared[0]?.length]).toEqual(["ready", 9]);
    failing.clear();
    await store.saveNext();
    expect(fetched.slice(11)).toEqual(["/demo/img/download/a1004-3.jpg"]);
    expect(shared[1]).toHaveLength(10);
    expect([store.savedCount, store.failed]).toEqual([10, []]);
  });
});

describe("Save all when the screen opens a purchase", () => {
  it("the same purchase opened again keeps its ready group: the next tap fetches nothing", async () => {
    const { store, fetched } = phone(["cancelled"]);
    store.open(purchaseOf(30), "MySport");
    await store.saveNext();
    store.open(purchaseOf(30), "MySport");
    expect(store.phase).toBe("ready");
    await store.saveNext();
    expect(fetched).toHaveLength(10);
    expect(store.savedCount).toBe(10);
  });

  it("another purchase starts afresh: no photo named as failed, nothing ready", async () => {
    const failing = new Set(["/demo/img/download/a1004-1.jpg"]);
    const { store } = phone(["cancelled"], { failing });
    store.open(purchaseOf(3, "order:1"), "MySport");
    await store.saveNext();
    expect([store.phase, store.failed.length]).toEqual(["ready", 1]);
    store.open(purchaseOf(3, "order:2"), "MySport");
    expect([store.phase, store.failed, store.savedCount, store.total]).toEqual(["idle", [], 0, 3]);
  });
});
