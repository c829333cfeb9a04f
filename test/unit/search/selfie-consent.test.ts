/**
 * A face search asks first: the agreement is per event, lasts for the visit (kept in the
 * visit's storage, never in localStorage), and without it the face-search store sends nothing.
 */
import { autorun } from "mobx";
import { describe, expect, it } from "vitest";
import type { Api } from "../../../storefront/src/api/index.ts";
import { FaceSearchStore } from "../../../storefront/src/stores/FaceSearchStore.ts";
import type { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import {
  SELFIE_CONSENT_KEY,
  SelfieConsentStore,
} from "../../../storefront/src/stores/SelfieConsentStore.ts";
import type { KeyValueStorage } from "../../../storefront/src/stores/types.ts";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(64).fill(0)]);

describe("SelfieConsentStore", () => {
  it("starts unagreed, agrees per event, and takes the agreement back", () => {
    const consent = new SelfieConsentStore(memoryStorage());
    expect(consent.has("1001")).toBe(false);
    consent.set("1001", true);
    expect([consent.has("1001"), consent.has("1002")]).toEqual([true, false]);
    consent.set("1001", false);
    expect(consent.has("1001")).toBe(false);
  });

  it("keeps the agreement in the visit's storage, so a reload in the same tab remembers it", () => {
    const visit = memoryStorage();
    new SelfieConsentStore(visit).set("1003", true);
    expect(visit.data.get(SELFIE_CONSENT_KEY)).toBe('["1003"]');
    expect(new SelfieConsentStore(visit).has("1003")).toBe(true);
    // A new visit (a new tab's storage) asks again.
    expect(new SelfieConsentStore(memoryStorage()).has("1003")).toBe(false);
  });

  it("reads nothing from a stored value that is not a list of event ids", () => {
    for (const stored of ["{", '{"1003":true}', "[1003]", `["${"x".repeat(65)}"]`]) {
      const consent = new SelfieConsentStore(memoryStorage({ [SELFIE_CONSENT_KEY]: stored }));
      expect([stored, consent.has("1003")]).toEqual([stored, false]);
    }
  });

  it("remembers at most 50 events, dropping the oldest", () => {
    const consent = new SelfieConsentStore(memoryStorage());
    for (let i = 0; i < 51; i++) consent.set(String(i), true);
    expect([consent.has("0"), consent.has("1"), consent.has("50")]).toEqual([false, true, true]);
  });

  it("works in memory when the browser gives no storage", () => {
    const consent = new SelfieConsentStore(null);
    consent.set("1001", true);
    expect(consent.has("1001")).toBe(true);
  });
});

describe("SelfieConsentStore, what the visit's storage holds", () => {
  const id64 = "e".repeat(64);
  const id65 = "e".repeat(65);

  it("reads back event ids of up to 64 characters, and drops anything else from what it keeps", () => {
    const visit = memoryStorage({
      [SELFIE_CONSENT_KEY]: JSON.stringify([1003, "1001", null, id65, id64, { id: "1002" }]),
    });
    const consent = new SelfieConsentStore(visit);
    expect([consent.has("1001"), consent.has(id64), consent.has(id65)]).toEqual([
      true,
      true,
      false,
    ]);
    consent.set("1004", true);
    expect(JSON.parse(visit.data.get(SELFIE_CONSENT_KEY) ?? "")).toEqual(["1001", id64, "1004"]);
  });

  it("a stored value that is no list, or no JSON, is replaced by the agreements given since", () => {
    for (const stored of ["{", '{"1003":true}', '"1003"', "null"]) {
      const visit = memoryStorage({ [SELFIE_CONSENT_KEY]: stored });
      new SelfieConsentStore(visit).set("1004", true);
      expect([stored, visit.data.get(SELFIE_CONSENT_KEY)]).toEqual([stored, '["1004"]']);
    }
  });

  it("reads back at most the 50 latest events", () => {
    const stored = Array.from({ length: 51 }, (_, i) => `e${i}`);
    const visit = memoryStorage({ [SELFIE_CONSENT_KEY]: JSON.stringify(stored) });
    const consent = new SelfieConsentStore(visit);
    expect([consent.has("e0"), consent.has("e1"), consent.has("e50")]).toEqual([false, true, true]);
    consent.set("e50", false);
    expect(JSON.parse(visit.data.get(SELFIE_CONSENT_KEY) ?? "")).toEqual(stored.slice(1, 50));
  });

  it("an agreement given again moves to the latest, once; taking it back keeps the others", () => {
    const visit = memoryStorage();
    const consent = new SelfieConsentStore(visit);
    consent.set("1001", true);
    consent.set("1002", true);
    consent.set("1001", true);
    expect(visit.data.get(SELFIE_CONSENT_KEY)).toBe('["1002","1001"]');
    // Kept to 50: the one agreed again is not the oldest any more.
    for (let i = 0; i < 49; i++) consent.set(`e${i}`, true);
    expect([consent.has("1002"), consent.has("1001")]).toEqual([false, true]);
    consent.set("1001", false);
    expect(consent.has("1001")).toBe(false);
    expect(consent.has("e0")).toBe(true);
    expect(JSON.parse(visit.data.get(SELFIE_CONSENT_KEY) ?? "")).toHaveLength(49);
  });

  it("the face search's screen follows the agreement as it is given and taken back", () => {
    const consent = new SelfieConsentStore(memoryStorage());
    const seen: boolean[] = [];
    const stop = autorun(() => void seen.push(consent.has("1003")));
    consent.set("1003", true);
    consent.set("1003", false);
    stop();
    expect(seen).toEqual([false, true, false]);
  });
});

describe("FaceSearchStore with the agreement", () => {
  function store(consent: SelfieConsentStore) {
    const uploads: string[] = [];
    const api = {
      recognition: {
        upload: async (albumId: string) => {
          uploads.push(albumId);
          return { ok: false, status: 500, data: null, error: { kind: "http" } };
        },
      },
    } as unknown as Api;
    const face = new FaceSearchStore({
      api,
      myPhotos: {} as MyPhotosStore,
      prepare: async (b) => b,
      consent,
    });
    return { face, uploads };
  }

  it("sends no selfie for an event the participant has not agreed to", async () => {
    const consent = new SelfieConsentStore(memoryStorage());
    const { face, uploads } = store(consent);
    expect(await face.search("1001", "a1001", new Blob([JPEG], { type: "image/jpeg" }))).toBe(
      false,
    );
    expect([uploads, face.phase, face.error]).toEqual([[], "idle", null]);
    consent.set("1002", true);
    await face.search("1001", "a1001", new Blob([JPEG], { type: "image/jpeg" }));
    expect(uploads).toEqual([]);
  });

  it("sends it once they agree", async () => {
    const consent = new SelfieConsentStore(memoryStorage());
    consent.set("1001", true);
    const { face, uploads } = store(consent);
    await face.search("1001", "a1001", new Blob([JPEG], { type: "image/jpeg" }));
    expect(uploads).toEqual(["a1001"]);
  });
});
