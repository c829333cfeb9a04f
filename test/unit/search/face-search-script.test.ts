/**
 * FaceSearchStore over a scripted recognition service (spec §4: a selfie with several faces or
 * no face is rejected; §5: at most 8 MB; §8: file too large, several faces, no face, "Try again
 * later"; §1: search takes about 1 minute).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { autorun } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import { FaceSearchStore } from "../../../storefront/src/stores/FaceSearchStore.ts";
import type { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { countsAround, deferred, settle } from "../fixtures/deferred.ts";

const JPEG = readFileSync(join(import.meta.dirname, "../../fixtures/selfies/one-person.jpg"));
const MB = 1024 * 1024;
const selfie = (state: string, persons: unknown[] = []) => ({ selfieId: "s1", state, persons });
const ONE = [{ personId: "p1", competitorId: "1003-303" }];

function setup(
  script: {
    upload?: () => unknown;
    /** The selfie at the n-th poll (from 1). */
    poll?: (n: number) => unknown;
    prepare?: (b: Blob) => Promise<Blob>;
    /** Milliseconds the clock moves per poll wait. */
    tick?: number;
    /** The wait between polls: by default the clock moves on; "real" for the store's own timer. */
    sleep?: "real" | ((ms: number) => Promise<void>);
  } = {},
) {
  const log: string[] = [];
  const sleeps: number[] = [];
  // The clock reads like a real one (milliseconds since 1970), not from zero.
  let t = Date.parse("2025-10-01T10:00:00Z");
  let polls = 0;
  const api = {
    recognition: {
      upload: async (albumId: string, file: Blob) => {
        log.push(`POST /selfies?albumId=${albumId} ${file.size}`);
        return script.upload?.() ?? ok(selfie("Processing"), 201);
      },
      get: async (id: string) => {
        log.push(`GET /selfies/${id}`);
        return script.poll?.(++polls) ?? ok(selfie("Completed", ONE));
      },
    },
  } as unknown as Api;
  // "My photos" keeps the faces it was asked to show on itself, as a port object may.
  const myPhotos = {
    shown: [] as unknown[],
    async showFace(eventId: string, subject: unknown) {
      this.shown.push({ eventId, subject });
    },
  };
  const { shown } = myPhotos;
  const sleep =
    script.sleep === "real"
      ? {}
      : {
          sleep:
            script.sleep ??
            (async (ms: number) => {
              sleeps.push(ms);
              t += script.tick ?? ms;
            }),
        };
  const store = new FaceSearchStore({
    api,
    myPhotos: myPhotos as unknown as MyPhotosStore,
    prepare: script.prepare ?? (async (b) => b),
    now: () => t,
    ...sleep,
  });
  return { store, log, shown, sleeps };
}

const photo = () => new Blob([JPEG], { type: "image/jpeg" });

describe("FaceSearchStore", () => {
  it("one face: uploads, polls with growing waits until Completed, opens that person's photos", async () => {
    const s = setup({
      poll: (n) => ok(n < 3 ? selfie("Processing") : selfie("Completed", ONE)),
    });
    const searching = s.store.search("1003", "a1003", photo());
    expect(s.store.busy).toBe(false); // the file is read first
    expect(await searching).toBe(true);
    expect(s.log).toEqual([
      `POST /selfies?albumId=a1003 ${JPEG.length}`,
      "GET /selfies/s1",
      "GET /selfies/s1",
      "GET /selfies/s1",
    ]);
    expect(s.sleeps).toEqual([1000, 1500, 2250]);
    expect(s.shown).toEqual([
      {
        eventId: "1003",
        subject: { kind: "face", selfieId: "s1", personId: "p1", competitorId: "1003-303" },
      },
    ]);
    expect([s.store.phase, s.store.progress, s.store.error, s.store.busy]).toEqual([
      "done",
      1,
      null,
      false,
    ]);
  });

  it("progress is paced on about a minute while searching", async () => {
    const seen: number[] = [];
    const s = setup({
      tick: 15_000,
      poll: (n) => {
        seen.push(s.store.progress);
        return ok(n < 4 ? selfie("Processing") : selfie("Completed", ONE));
      },
    });
    await s.store.search("1003", "a1003", photo());
    // Read before each poll: 0, then 15 s, 30 s and 45 s of the expected 60 s.
    expect(seen).toEqual([0, 0.25, 0.5, 0.75]);
  });

  it("several faces or no face is refused", async () => {
    const several = setup({ poll: () => ok(selfie("Completed", [...ONE, ...ONE])) });
    expect(await several.store.search("1003", "a1003", photo())).toBe(false);
    expect([several.store.phase, several.store.error, several.shown]).toEqual([
      "error",
      "several",
      [],
    ]);
    const none = setup({ poll: () => ok(selfie("Completed", [])) });
    expect(await none.store.search("1003", "a1003", photo())).toBe(false);
    expect(none.store.error).toBe("none");
  });

  it("over 8 MB is refused before anything is sent, also after preparing", async () => {
    const big = setup();
    const file = new Blob([JPEG, new Uint8Array(8 * MB)], { type: "image/jpeg" });
    expect(await big.store.search("1003", "a1003", file)).toBe(false);
    expect([big.store.error, big.log]).toEqual(["too-large", []]);
    const grown = setup({ prepare: async () => new Blob([new Uint8Array(8 * MB + 1)]) });
    expect(await grown.store.search("1003", "a1003", photo())).toBe(false);
    expect([grown.store.error, grown.log]).toEqual(["too-large", []]);
    const exact = setup({ prepare: async () => new Blob([new Uint8Array(8 * MB)]) });
    expect(await exact.store.search("1003", "a1003", photo())).toBe(true);
  });

  it("the service's 413 is too large; other failures are try again later", async () => {
    const tooLarge = setup({ upload: () => failed(413) });
    await tooLarge.store.search("1003", "a1003", photo());
    expect(tooLarge.store.error).toBe("too-large");
    for (const script of [
      { upload: () => failed(500) },
      { poll: () => failed(503) },
      {
        prepare: async () => {
          throw new Error("canvas");
        },
      },
    ]) {
      const s = setup(script);
      expect(await s.store.search("1003", "a1003", photo())).toBe(false);
      expect([s.store.phase, s.store.error]).toEqual(["error", "failed"]);
    }
  });

  it("gives up after 5 minutes without a result", async () => {
    const s = setup({ poll: () => ok(selfie("Processing")), tick: 60_000 });
    expect(await s.store.search("1003", "a1003", photo())).toBe(false);
    expect(s.store.error).toBe("failed");
    // Waits end at 1, 2, 3, 4 and 5 minutes; at 6 minutes (over 5) it stops asking.
    expect(s.log.filter((l) => l.startsWith("GET"))).toHaveLength(6);
  });

  it("a new search or reset makes an older one's answer count for nothing", async () => {
    const s = setup({ poll: () => ok(selfie("Completed", ONE)) });
    const first = s.store.search("1003", "a1003", photo());
    s.store.reset();
    expect(await first).toBe(false);
    expect([s.store.phase, s.store.error, s.shown]).toEqual(["idle", null, []]);
  });
});

describe("FaceSearchStore: what the screen sees", () => {
  afterEach(() => void vi.useRealTimers());

  it("idle, uploading, searching, done; busy while uploading and searching", async () => {
    const s = setup({ poll: (n) => ok(n < 2 ? selfie("Processing") : selfie("Completed", ONE)) });
    const seen: string[] = [];
    const stop = autorun(() => void seen.push(`${s.store.phase} ${s.store.busy}`));
    await s.store.search("1003", "a1003", photo());
    stop();
    expect(seen).toEqual(["idle false", "uploading true", "searching true", "done false"]);
  });

  it("a new search starts clean", async () => {
    const s = setup({ upload: () => failed(500) });
    await s.store.search("1003", "a1003", photo());
    expect(s.store.error).toBe("failed");
    const again = s.store.search("1003", "a1003", photo());
    expect([s.store.phase, s.store.error]).toEqual(["idle", null]);
    await again;
  });

  it("a file over 8 MB is refused at once, without reading it", async () => {
    const s = setup();
    const file = new Blob([new Uint8Array(8 * MB + 1)], { type: "image/jpeg" });
    const slice = vi.spyOn(file, "slice");
    const searching = s.store.search("1003", "a1003", file);
    expect(s.store.error).toBe("too-large");
    await searching;
    expect(slice).not.toHaveBeenCalled();
  });

  it("a photo of exactly 8 MB is searched", async () => {
    const s = setup();
    const file = new Blob([JPEG, new Uint8Array(8 * MB - JPEG.length)], { type: "image/jpeg" });
    expect(await s.store.search("1003", "a1003", file)).toBe(true);
  });

  it("only the file's first bytes are read to tell a photo", async () => {
    const s = setup();
    const file = photo();
    const whole = vi.spyOn(file, "arrayBuffer");
    expect(await s.store.search("1003", "a1003", file)).toBe(true);
    expect(whole).not.toHaveBeenCalled();
  });

  it("waits 1 s before the first poll (its own timer)", async () => {
    vi.useFakeTimers();
    const s = setup({ sleep: "real" });
    const polls = () => s.log.filter((l) => l.startsWith("GET")).length;
    void s.store.search("1003", "a1003", photo());
    expect(await countsAround(1000, polls)).toEqual([0, 0, 1]);
  });

  it("a search reset while uploading, waiting or polling stops there", async () => {
    const upload = deferred<unknown>();
    const a = setup({ upload: () => upload.promise });
    const searchA = a.store.search("1003", "a1003", photo());
    await settle();
    a.store.reset();
    upload.resolve(ok(selfie("Processing"), 201));
    expect(await searchA).toBe(false);
    expect([a.store.phase, a.store.error, a.log.filter((l) => l.startsWith("GET"))]).toEqual([
      "idle",
      null,
      [],
    ]);

    // Preparing the photo fails after the reset: no error for a search that is gone.
    const prepared = deferred<Blob>();
    const p = setup({
      prepare: () => prepared.promise.then(() => Promise.reject(new Error("canvas"))),
    });
    const searchP = p.store.search("1003", "a1003", photo());
    await settle();
    p.store.reset();
    prepared.resolve(photo());
    expect(await searchP).toBe(false);
    expect([p.store.phase, p.store.error]).toEqual(["idle", null]);

    const wake = deferred<void>();
    const b = setup({ sleep: () => wake.promise });
    const searchB = b.store.search("1003", "a1003", photo());
    await settle();
    b.store.reset();
    wake.resolve();
    expect(await searchB).toBe(false);
    expect(b.log.filter((l) => l.startsWith("GET"))).toEqual([]);

    const poll = deferred<unknown>();
    const c = setup({ poll: () => poll.promise });
    const searchC = c.store.search("1003", "a1003", photo());
    await settle();
    c.store.reset();
    poll.resolve(ok(selfie("Completed", ONE)));
    expect(await searchC).toBe(false);
    expect([c.store.phase, c.shown]).toEqual(["idle", []]);
  });
});
