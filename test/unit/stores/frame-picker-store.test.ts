// @vitest-environment node
/**
 * The frame picker (spec §2, §3, §4, §5) over a scripted frame-service and catalog, with the
 * real catalog, search-token and "My photos" stores: which photos it offers, one or all, the
 * preview's state while it loads and after each reply, replies that arrive too late, and
 * adding to the cart.
 */
import { autorun, runInAction } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api, Photo } from "../../../storefront/src/api/index.ts";
import type { CartAddition } from "../../../storefront/src/domain/cart.ts";
import { EMPTY_PREVIEW } from "../../../storefront/src/domain/frame-preview.ts";
import type { Subject } from "../../../storefront/src/domain/search.ts";
import type { CartStore } from "../../../storefront/src/stores/CartStore.ts";
import { CatalogStore } from "../../../storefront/src/stores/CatalogStore.ts";
import type { EventStore } from "../../../storefront/src/stores/EventStore.ts";
import {
  FramePickerStore,
  type FramePickerTarget,
} from "../../../storefront/src/stores/FramePickerStore.ts";
import { MyPhotosStore } from "../../../storefront/src/stores/MyPhotosStore.ts";
import { SearchTokenStore } from "../../../storefront/src/stores/SearchTokenStore.ts";
import { failed, ok } from "../fixtures/api-results.ts";
import { deferred, settle } from "../fixtures/deferred.ts";

afterEach(() => void vi.restoreAllMocks());

const frames = [
  { frameId: "classic", title: "Classic" },
  { frameId: "medal", title: "Medal" },
];
const FRAME = { productId: "f", productType: "frame", state: "InCatalog", frames, price: 250 };
const PACKAGE = { productId: "w", productType: "photosWithFrame", state: "InCatalog", frames };
const photo = (photoId: string) => ({ photoId, thumbnailUrl: `t/${photoId}` }) as Photo;
const EVENT: FramePickerTarget = {
  eventId: "1003",
  eventName: "Kazan Night Run 2025",
  catalogId: "c1003",
};
const RUNNER: Subject = {
  kind: "competitor",
  competitor: { competitorId: "1003-301", number: "301", distance: "10K" },
} as Subject;

type Reply = ReturnType<typeof ok<unknown>> | ReturnType<typeof failed>;

interface Script {
  /** The frame-service reply to the n-th preview call (from 1): a status or a reply to wait for. */
  preview?: (n: number) => number | Promise<Reply>;
  /** The n-th token call's status (from 1), or a reply to wait for. */
  token?: (n: number) => number | Promise<Reply>;
  catalog?: () => unknown[] | Promise<Reply>;
  /** What the cart answers to an addition. */
  add?: () => boolean | Promise<boolean>;
  /** No object-URL port: the browser's own URL.createObjectURL. */
  browserUrls?: boolean;
}

function setup(script: Script = {}) {
  const previews: { photoId: string; frameId: string; token: string | null }[] = [];
  let tokenCalls = 0;
  const api = {
    catalog: {
      products: async () => {
        const items = script.catalog?.() ?? [FRAME, PACKAGE];
        return Array.isArray(items) ? ok({ items }) : items;
      },
    },
    competitors: {
      token: async () => {
        const n = ++tokenCalls;
        const status = script.token?.(n) ?? 200;
        if (typeof status !== "number") return status;
        return status === 200 ? ok({ token: `tok-${n}` }) : failed(status);
      },
    },
    frames: {
      preview: async (
        { photoId, frameId }: { photoId: string; frameId: string },
        { searchToken }: { searchToken: string | null },
      ) => {
        previews.push({ photoId, frameId, token: searchToken });
        const status = script.preview?.(previews.length) ?? 200;
        if (typeof status !== "number") return status;
        return status === 200 ? ok(new Blob(["png"], { type: "image/png" })) : failed(status);
      },
    },
  } as unknown as Api;
  const tokens = new SearchTokenStore(api);
  const catalog = new CatalogStore(api);
  const myPhotos = new MyPhotosStore({
    api,
    tokens,
    catalog,
    events: {} as EventStore,
  });
  // The ports keep what they were given on themselves, as port objects may.
  const cart = {
    added: [] as { eventId: string; additions: CartAddition[]; subject: Subject | null }[],
    async add(eventId: string, additions: CartAddition[], subject: Subject | null) {
      this.added.push({ eventId, additions, subject });
      return (await script.add?.()) ?? true;
    },
  };
  const urls = {
    made: 0,
    revoked: [] as string[],
    create(_blob: Blob) {
      this.made += 1;
      return `blob:preview-${this.made}`;
    },
    revoke(url: string) {
      this.revoked.push(url);
    },
  };
  const picker = new FramePickerStore({
    api,
    tokens,
    catalog,
    myPhotos,
    cart: cart as unknown as CartStore,
    ...(script.browserUrls ? {} : { urls }),
  });
  /** "My photos" of the runner in `eventId`, as a search there leaves it. */
  const found = (eventId: string, photos: Photo[]) =>
    runInAction(() => {
      myPhotos.eventId = eventId;
      myPhotos.subject = RUNNER;
      myPhotos.photos = photos;
    });
  return { picker, tokens, myPhotos, cart, urls, previews, found };
}

describe("FramePickerStore: before and after opening", () => {
  it("closed: nothing chosen, one photo, no preview, nothing loading", () => {
    const { picker } = setup();
    expect([picker.isOpen, picker.quantity, picker.previewLoading, picker.submitted]).toEqual([
      false,
      "one",
      false,
      false,
    ]);
    expect([picker.adding, picker.photos, picker.products, picker.subject]).toEqual([
      false,
      [],
      [],
      null,
    ]);
    expect(picker.preview).toEqual(EMPTY_PREVIEW);
  });

  it("the dialog sees the picker open and close (the store is observable)", async () => {
    const { picker } = setup();
    const seen: boolean[] = [];
    const stop = autorun(() => void seen.push(picker.isOpen));
    await picker.open(EVENT);
    picker.close();
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it("an event without frames offers none", async () => {
    const s = setup({ catalog: () => [] });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    expect([s.picker.frames, s.picker.frameId, s.previews]).toEqual([[], null, []]);
  });

  it("opening again starts over: one photo, not submitted, the old image freed", async () => {
    const s = setup();
    s.found("1003", [photo("p1"), photo("p2")]);
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    s.picker.setQuantity("all");
    await s.picker.chooseFrame("medal");
    const { picker } = s;
    runInAction(() => {
      picker.submitted = true;
    });
    await picker.open({ ...EVENT, photo: photo("p2") });
    expect([picker.quantity, picker.submitted, picker.frameId, picker.photoId]).toEqual([
      "one",
      false,
      "classic",
      "p2",
    ]);
    expect(s.urls.revoked).toEqual(["blob:preview-1", "blob:preview-2"]);
  });
});

describe("FramePickerStore: whose photos", () => {
  it("My photos of the same event, with the viewer's photo first when it is not among them", async () => {
    const s = setup();
    s.found("1003", [photo("p1"), photo("p2")]);
    await s.picker.open({ ...EVENT, photo: photo("p2") });
    expect(s.picker.photos.map((p) => p.photoId)).toEqual(["p1", "p2"]);
    await s.picker.open({ ...EVENT, photo: photo("p9") });
    expect(s.picker.photos.map((p) => p.photoId)).toEqual(["p9", "p1", "p2"]);
    await s.picker.open(EVENT);
    expect(s.picker.photos.map((p) => p.photoId)).toEqual(["p1", "p2"]);
    expect(s.picker.subject).toEqual(RUNNER);
  });

  it("My photos of another event are not offered: only the viewer's photo, and one at a time", async () => {
    const s = setup();
    s.found("1001", [photo("p1"), photo("p2")]);
    await s.picker.open({ ...EVENT, photo: photo("p9") });
    expect([s.picker.subject, s.picker.allPhotos]).toEqual([null, []]);
    expect(s.picker.photos.map((p) => p.photoId)).toEqual(["p9"]);
    s.picker.setQuantity("all");
    expect(s.picker.quantity).toBe("one");
    await s.picker.open(EVENT);
    expect(s.picker.photos).toEqual([]);
  });

  it("all, where the catalog has no photosWithFrame: one framed item per photo of My photos", async () => {
    const s = setup({ catalog: () => [FRAME] });
    s.found("1003", [photo("p1"), photo("p2")]);
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    s.picker.setQuantity("all");
    expect(s.picker.quantity).toBe("all");
    s.picker.setQuantity("one");
    expect(s.picker.quantity).toBe("one");
    s.picker.setQuantity("all");
    expect(await s.picker.submit()).toBe(true);
    const [added] = s.cart.added;
    expect(added?.additions.map((a) => [a.photo?.photoId, a.frameId])).toEqual([
      ["p1", "classic"],
      ["p2", "classic"],
    ]);
    expect(added?.subject).toEqual(RUNNER);
  });
});

describe("FramePickerStore: adding to the cart", () => {
  it("a double click adds once; the picker closes after", async () => {
    const s = setup();
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    const first = s.picker.submit();
    expect(s.picker.adding).toBe(true);
    expect(await s.picker.submit()).toBe(false);
    expect(await first).toBe(true);
    expect([s.cart.added.length, s.picker.isOpen]).toEqual([1, false]);
  });

  it("a refused addition keeps the picker open, ready to try again", async () => {
    const s = setup({ add: () => false });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    expect(await s.picker.submit()).toBe(false);
    expect([s.picker.isOpen, s.picker.adding, s.picker.photoId]).toEqual([true, false, "p1"]);
  });

  it("an addition that ends after the picker was opened again leaves the new one alone", async () => {
    const gate = deferred<boolean>();
    const s = setup({ add: () => gate.promise });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    const adding = s.picker.submit();
    await s.picker.open({ ...EVENT, photo: photo("p2") });
    gate.resolve(true);
    expect(await adding).toBe(true);
    expect([s.picker.isOpen, s.picker.photoId]).toEqual([true, "p2"]);
  });
});

describe("FramePickerStore: the preview (spec §3, §4)", () => {
  it("loading: the image is cleared, the last status kept, the loading flag on", async () => {
    const second = deferred<Reply>();
    const s = setup({ preview: (n) => (n === 1 ? 503 : second.promise) });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    expect([s.picker.preview, s.picker.previewLoading]).toEqual([
      { image: null, tokenExpired: false, status: 503 },
      false,
    ]);
    const loading = s.picker.choosePhoto("p2");
    expect([s.picker.preview, s.picker.previewLoading]).toEqual([
      { image: null, tokenExpired: false, status: 503 },
      true,
    ]);
    second.resolve(ok(new Blob(["png"])));
    await loading;
    expect([s.picker.preview.image, s.picker.previewLoading]).toEqual(["blob:preview-1", false]);
  });

  it("no photo chosen: no preview call and nothing loading", async () => {
    const s = setup();
    await s.picker.open(EVENT);
    expect([s.previews, s.picker.previewLoading]).toEqual([[], false]);
  });

  it("only a 200 is an image: another reply creates no object address", async () => {
    const s = setup({ preview: (n) => (n === 1 ? 503 : Promise.resolve(ok(new Blob(), 204))) });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    await s.picker.choosePhoto("p2");
    expect([s.urls.made, s.picker.preview]).toEqual([
      0,
      { image: null, tokenExpired: false, status: 204 },
    ]);
  });

  it("401: token expired shows while a fresh token is fetched; 200 after it clears it", async () => {
    const token = deferred<Reply>();
    const s = setup({
      preview: (n) => (n === 1 ? 401 : 200),
      token: (n) => (n === 2 ? token.promise : 200),
    });
    s.found("1003", [photo("p1")]);
    await s.tokens.obtain("1003", { competitorId: "1003-301" });
    const opening = s.picker.open({ ...EVENT, photo: photo("p1") });
    await settle();
    expect(s.picker.preview).toEqual({ image: null, tokenExpired: true, status: 401 });
    expect(s.tokens.isExpired("1003")).toBe(true);
    token.resolve(ok({ token: "tok-fresh" }));
    await opening;
    expect(s.previews.map((p) => p.token)).toEqual(["tok-1", "tok-fresh"]);
    expect(s.picker.preview).toEqual({ image: "blob:preview-1", tokenExpired: false, status: 200 });
    expect(s.tokens.isExpired("1003")).toBe(false);
  });

  it("401 and no fresh token: the token stays expired, one call, loading over", async () => {
    const s = setup({ preview: () => 401, token: (n) => (n === 1 ? 200 : 404) });
    s.found("1003", [photo("p1")]);
    await s.tokens.obtain("1003", { competitorId: "1003-301" });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    expect(s.previews).toHaveLength(1);
    expect(s.tokens.isExpired("1003")).toBe(true);
    expect([s.picker.preview, s.picker.previewLoading]).toEqual([
      { image: null, tokenExpired: true, status: 401 },
      false,
    ]);
  });

  it("a reply for an earlier choice, or after closing, is dropped", async () => {
    const replies: ReturnType<typeof deferred<Reply>>[] = [];
    const s = setup({
      preview: () => {
        const reply = deferred<Reply>();
        replies.push(reply);
        return reply.promise;
      },
    });
    void s.picker.open({ ...EVENT, photo: photo("p1") });
    await settle();
    s.picker.close();
    const opened = s.picker.open({ ...EVENT, photo: photo("p2") });
    await settle();
    replies[1]?.resolve(ok(new Blob(["p2"])));
    await opened;
    const choosing = s.picker.chooseFrame("medal");
    await settle();
    // The first opening's reply arrives last of all.
    replies[0]?.resolve(ok(new Blob(["p1"])));
    await settle();
    expect([s.picker.preview.image, s.picker.previewLoading, s.urls.made]).toEqual([null, true, 1]);
    replies[2]?.resolve(failed(503));
    await choosing;
    expect(s.picker.preview).toEqual({ image: null, tokenExpired: false, status: 503 });
  });

  it("closing while the catalog, the fresh token or the retried preview loads: nothing more", async () => {
    const catalog = deferred<Reply>();
    const a = setup({ catalog: () => catalog.promise });
    const openingA = a.picker.open({ ...EVENT, photo: photo("p1") });
    a.picker.close();
    catalog.resolve(ok({ items: [FRAME] }));
    await openingA;
    expect([a.picker.frameId, a.previews]).toEqual([null, []]);

    // Opened again while the same catalog loads: one preview, for the second opening.
    const shared = deferred<Reply>();
    const twice = setup({ catalog: () => shared.promise });
    const openingFirst = twice.picker.open({ ...EVENT, photo: photo("p1") });
    const openingSecond = twice.picker.open({ ...EVENT, photo: photo("p2") });
    shared.resolve(ok({ items: [FRAME] }));
    await Promise.all([openingFirst, openingSecond]);
    expect(twice.previews.map((p) => p.photoId)).toEqual(["p2"]);

    const token = deferred<Reply>();
    const b = setup({ preview: () => 401, token: (n) => (n === 2 ? token.promise : 200) });
    b.found("1003", [photo("p1")]);
    await b.tokens.obtain("1003", { competitorId: "1003-301" });
    const openingB = b.picker.open({ ...EVENT, photo: photo("p1") });
    await settle();
    b.picker.close();
    token.resolve(ok({ token: "tok-fresh" }));
    await openingB;
    expect(b.previews).toHaveLength(1);

    const retried = deferred<Reply>();
    const c = setup({ preview: (n) => (n === 1 ? 401 : retried.promise) });
    c.found("1003", [photo("p1")]);
    await c.tokens.obtain("1003", { competitorId: "1003-301" });
    const openingC = c.picker.open({ ...EVENT, photo: photo("p1") });
    await settle();
    c.picker.close();
    retried.resolve(failed(401));
    await openingC;
    expect([c.picker.preview, c.picker.previewLoading, c.tokens.isExpired("1003")]).toEqual([
      EMPTY_PREVIEW,
      false,
      false,
    ]);
  });

  it("closing while a preview loads stops the loading flag", async () => {
    const s = setup({ preview: () => new Promise(() => {}) });
    void s.picker.open({ ...EVENT, photo: photo("p1") });
    await settle();
    expect(s.picker.previewLoading).toBe(true);
    s.picker.close();
    expect(s.picker.previewLoading).toBe(false);
  });

  it("without an object-URL port the browser's object URLs are made and freed", async () => {
    const create = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:browser-1");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const s = setup({ browserUrls: true });
    await s.picker.open({ ...EVENT, photo: photo("p1") });
    expect(s.picker.preview.image).toBe("blob:browser-1");
    expect(create).toHaveBeenCalledTimes(1);
    s.picker.close();
    expect(revoke).toHaveBeenCalledWith("blob:browser-1");
  });
});
