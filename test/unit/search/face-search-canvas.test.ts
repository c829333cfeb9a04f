/**
 * The face search's canvas work (decoding, downscaling and re-encoding a selfie) is a chunk of
 * its own, loaded with the first photo picked: the event's photo screen never needs it before.
 * A chunk that cannot load (the phone went offline) is a failed search the visitor can try
 * again, never a search that hangs, and nothing is sent.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FindApi } from "../../../storefront/src/api/index.ts";
import type { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { ok } from "../fixtures/api-results.ts";

const JPEG = readFileSync(join(import.meta.dirname, "../../fixtures/selfies/one-person.jpg"));
const CANVAS_MODULE = "../../../storefront/src/stores/selfie-image.ts";

/** A store with no `prepare` of its own: it loads the browser's canvas adapter itself. */
async function storeOverRecognition() {
  const { FaceSearchStore } = await import("../../../storefront/src/stores/FaceSearchStore.ts");
  const sent: number[] = [];
  const api = {
    recognition: {
      upload: async (_album: string, file: Blob) => {
        sent.push(file.size);
        return ok({ selfieId: "s1", state: "Completed", persons: [] }, 201);
      },
      get: async () => ok({ selfieId: "s1", state: "Completed", persons: [] }),
    },
  } as unknown as FindApi;
  const myPhotos = { showFace: async () => {} } as unknown as MyPhotosStore;
  const store = new FaceSearchStore({ api, myPhotos, sleep: async () => {} });
  return { store, sent };
}

const photo = () => new Blob([JPEG], { type: "image/jpeg" });

afterEach(() => {
  vi.doUnmock(CANVAS_MODULE);
  vi.resetModules();
});

describe("the face search's canvas work", () => {
  it("loads with the first photo picked, and the photo goes out as the adapter prepared it", async () => {
    const prepared: number[] = [];
    vi.doMock(CANVAS_MODULE, () => ({
      prepareSelfie: async (file: Blob) => {
        prepared.push(file.size);
        return new Blob([new Uint8Array(1234)], { type: "image/jpeg" });
      },
    }));
    const { store, sent } = await storeOverRecognition();
    await store.search("1003", "a1003", photo());
    expect(prepared).toEqual([JPEG.length]);
    expect(sent).toEqual([1234]);
  });

  it("that cannot load (offline) fails the search with a try-again error and sends nothing", async () => {
    vi.doMock(CANVAS_MODULE, () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { store, sent } = await storeOverRecognition();
    expect(await store.search("1003", "a1003", photo())).toBe(false);
    expect([store.phase, store.error]).toEqual(["error", "failed"]);
    expect(sent).toEqual([]);
  });
});
