// @vitest-environment node
/** The frame picker (spec §2, §3, §4, §5) against the in-process demo backend. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  framePickerError,
  framePlan,
  frameTypes,
  nextPreview,
} from "../../../storefront/src/domain/frame-preview.ts";
import { FramePickerStore } from "../../../storefront/src/stores/FramePickerStore.ts";
import { fakeClock, startDemo } from "../demo/demo-server.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";
import { testSettings } from "../fixtures/settings.ts";
import { demoStores, mapStorage } from "../fixtures/stores.ts";

const settings = testSettings();

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, tokenLifetimeMs: 60_000 });
});
afterAll(() => demo.close());

const EVENT = { eventId: "1003", eventName: "Kazan Night Run 2025", catalogId: "c1003" };

/**
 * A RootStore whose frame picker records object URLs; `answer` may replace a frame-service
 * reply by status (the n-th preview call, from 1).
 */
async function setup(answer: (n: number) => number | null = () => null) {
  let previews = 0;
  const recorded = recordingFetch((call) =>
    call.url.includes("/public/frame-service/") ? answer(++previews) : null,
  );
  /** Each call with the search token it carried. */
  const calls = () =>
    recorded.calls.map((c) => ({
      method: c.method,
      url: c.url,
      token: c.headers.get("X-Search-Token"),
    }));
  const map = new Map<string, string>();
  const root = demoStores({
    settings,
    storage: mapStorage(map),
    origin: demo.origin,
    fetch: recorded.fetch,
  });
  const urls = { created: [] as string[], revoked: [] as string[] };
  let n = 0;
  const picker = new FramePickerStore({
    api: root.api,
    tokens: root.searchTokens,
    cart: root.cart,
    catalog: root.catalog,
    myPhotos: root.myPhotos,
    urls: {
      create: () => {
        const url = `blob:preview-${++n}`;
        urls.created.push(url);
        return url;
      },
      revoke: (url) => void urls.revoked.push(url),
    },
  });
  await root.cart.init();
  await root.myPhotos.searchByNumber("1003", "301");
  const framed = recorded.calls.length;
  return {
    root,
    picker,
    urls,
    /** Calls made after the set-up. */
    since: () => calls().slice(framed),
  };
}

describe("frame preview rules (spec §4)", () => {
  it("200 stores the image and clears token-expired", () => {
    expect(nextPreview(200, "blob:1")).toEqual({
      image: "blob:1",
      tokenExpired: false,
      status: 200,
    });
  });
  it("other statuses clear the image and store the status; token-expired only on 401", () => {
    expect(nextPreview(404, null)).toEqual({ image: null, tokenExpired: false, status: 404 });
    expect(nextPreview(500, null)).toEqual({ image: null, tokenExpired: false, status: 500 });
    expect(nextPreview(401, null)).toEqual({ image: null, tokenExpired: true, status: 401 });
    expect(nextPreview(undefined, null)).toEqual({ image: null, tokenExpired: false, status: 0 });
  });
  it("a photo must be chosen: Select Photo (spec §5)", () => {
    expect(framePickerError(null)).toBe("select-photo");
    expect(framePickerError("p1")).toBeNull();
  });
  it("one: the frame product for the photo; all: the photosWithFrame package, else one item each", () => {
    const frames = [{ frameId: "classic", title: "Classic" }];
    const frame = { productId: "f", productType: "frame", state: "InCatalog", frames };
    const pwf = { productId: "w", productType: "photosWithFrame", state: "InCatalog", frames };
    expect(frameTypes([frame, pwf])).toEqual(frames);
    expect(framePlan([frame, pwf], "classic", "one", "p1", ["p1", "p2"])).toEqual({
      kind: "photos",
      product: frame,
      photoIds: ["p1"],
    });
    expect(framePlan([frame, pwf], "classic", "all", "p1", ["p1", "p2"])).toEqual({
      kind: "package",
      product: pwf,
    });
    expect(framePlan([frame], "classic", "all", "p1", ["p1", "p2"])).toEqual({
      kind: "photos",
      product: frame,
      photoIds: ["p1", "p2"],
    });
    expect(framePlan([frame], "medal", "one", "p1", [])).toBeNull();
  });
});

describe("FramePickerStore", () => {
  it("without a photo: Select Photo on submit, no preview and nothing added", async () => {
    const t = await setup();
    await t.picker.open(EVENT);
    expect(t.picker.frames.map((f) => f.frameId)).toEqual(["classic", "finisher", "medal"]);
    expect(t.picker.frameId).toBe("classic");
    expect(t.picker.error).toBeNull(); // not before the visitor tries
    expect(await t.picker.submit()).toBe(false);
    expect(t.picker.error).toBe("select-photo");
    expect(t.since().some((c) => c.url.includes("/frame-service/"))).toBe(false);
    expect(t.since().some((c) => c.method === "POST" && c.url.includes("/items"))).toBe(false);
    expect(t.root.cart.items).toHaveLength(0);
  });

  it("200: the preview image with the search token; a new frame revokes the old image", async () => {
    const t = await setup();
    const [photo] = t.root.myPhotos.photos;
    await t.picker.open({ ...EVENT, photo });
    expect(t.picker.preview).toEqual({ image: "blob:preview-1", tokenExpired: false, status: 200 });
    const call = t.since().find((c) => c.url.includes("/frame-service/"));
    expect(call?.token).toBeTruthy();
    await t.picker.chooseFrame("medal");
    expect(t.picker.preview.image).toBe("blob:preview-2");
    expect(t.urls.revoked).toEqual(["blob:preview-1"]);
    t.picker.close();
    expect(t.urls.revoked).toEqual(["blob:preview-1", "blob:preview-2"]);
    expect(t.picker.isOpen).toBe(false);
  });

  it("another status clears the image and keeps the status, token not expired", async () => {
    const t = await setup((n) => (n === 2 ? 503 : null));
    const [first, second] = t.root.myPhotos.photos;
    await t.picker.open({ ...EVENT, photo: first });
    expect(t.picker.preview.image).toBe("blob:preview-1");
    await t.picker.choosePhoto(second?.photoId ?? "");
    expect(t.picker.preview).toEqual({ image: null, tokenExpired: false, status: 503 });
    expect(t.urls.revoked).toEqual(["blob:preview-1"]);
  });

  it("401: marks the token expired, refreshes it and retries once", async () => {
    const t = await setup((n) => (n === 1 ? 401 : null));
    const [photo] = t.root.myPhotos.photos;
    await t.picker.open({ ...EVENT, photo });
    const calls = t.since();
    const previews = calls.filter((c) => c.url.includes("/frame-service/"));
    expect(previews).toHaveLength(2);
    expect(calls.filter((c) => c.url.endsWith("/token"))).toHaveLength(1);
    expect(previews[1]?.token).not.toBe(previews[0]?.token);
    expect(t.picker.preview).toEqual({ image: "blob:preview-1", tokenExpired: false, status: 200 });
  });

  it("401 twice: the token stays expired and the image cleared", async () => {
    const t = await setup(() => 401);
    const [photo] = t.root.myPhotos.photos;
    await t.picker.open({ ...EVENT, photo });
    expect(t.since().filter((c) => c.url.includes("/frame-service/"))).toHaveLength(2);
    expect(t.picker.preview).toEqual({ image: null, tokenExpired: true, status: 401 });
    expect(t.root.searchTokens.isExpired("1003")).toBe(true);
  });

  it("adds the photo in the chosen frame, then closes", async () => {
    const t = await setup();
    const [photo] = t.root.myPhotos.photos;
    await t.picker.open({ ...EVENT, photo });
    await t.picker.chooseFrame("finisher");
    expect(await t.picker.submit()).toBe(true);
    expect(t.picker.isOpen).toBe(false);
    const item = t.root.cart.items.find((i) => i.product.productType === "frame");
    expect(item?.frameId).toBe("finisher");
    expect(item?.photoId).toBe(photo?.photoId);
    expect(t.root.cart.count).toBe(1);
  });

  it("all: the participant's photos in a frame (photosWithFrame, with the search token)", async () => {
    const t = await setup();
    const photos = t.root.myPhotos.photos;
    await t.picker.open({ ...EVENT, photo: photos[0] });
    t.picker.setQuantity("all");
    expect(t.picker.quantity).toBe("all");
    expect(await t.picker.submit()).toBe(true);
    const item = t.root.cart.items.find((i) => i.product.productType === "photosWithFrame");
    expect(item?.frameId).toBe("classic");
    expect(item?.photoIds).toHaveLength(photos.length);
    const post = t.since().find((c) => c.method === "POST" && c.url.includes("/items"));
    expect(post?.token).toBeTruthy();
  });
});
