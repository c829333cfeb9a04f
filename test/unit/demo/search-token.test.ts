// @vitest-environment node
/** Spec §4/§8: the per-event search token expires after a short lifetime; then 401. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { apiFor, fakeClock, newCartId, selfie, startDemo, tokenFor } from "./demo-server.ts";

const clock = fakeClock();
let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, tokenLifetimeMs: 1_000, faceSearchDelayMs: 5_000 });
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);

describe("search token", () => {
  it("opens photo search, cart packages and frame previews until it expires, then answers 401", async () => {
    const searchToken = await tokenFor(api);
    const query = { albumId: "a1001", competitorId: "1001-101" };
    const frame = { photoId: "a1001-1", frameId: "classic" };
    const cart = newCartId();
    await api.carts.create(cart);
    expect((await api.photos.list(query, { searchToken })).status).toBe(200);
    expect((await api.frames.preview(frame, { searchToken })).status).toBe(200);
    clock.advance(999);
    expect(
      (await api.carts.addItem(cart, { productId: "c1001-pwm" }, { searchToken })).status,
    ).toBe(204);
    clock.advance(1);
    const photos = await api.photos.list(query, { searchToken });
    expect([photos.status, codeOf(photos)]).toEqual([401, "SearchTokenExpired"]);
    expect((await api.frames.preview(frame, { searchToken })).status).toBe(401);
    const add = await api.carts.addItem(
      cart,
      { productId: "c1001-pwf", frameId: "medal" },
      { searchToken },
    );
    expect([add.status, codeOf(add)]).toEqual([401, "SearchTokenExpired"]);
    // Even a single photo is refused when the token sent with it has expired.
    const photo = await api.carts.addItem(
      cart,
      { productId: "c1001-photo", photoId: "a1001-1" },
      { searchToken },
    );
    expect(photo.status).toBe(401);
  });

  it("is valid for one event and one participant only", async () => {
    const searchToken = await tokenFor(api, "1001", "1001-101");
    const other = await api.photos.list(
      { albumId: "a1001", competitorId: "1001-102" },
      { searchToken },
    );
    expect([other.status, codeOf(other)]).toEqual([403, "SearchTokenMismatch"]);
    const elsewhere = await api.photos.list(
      { albumId: "a1002", competitorId: "1002-201" },
      { searchToken },
    );
    expect([elsewhere.status, codeOf(elsewhere)]).toEqual([401, "SearchTokenInvalid"]);
    const unknown = await api.competitors.token("1001", { competitorId: "1002-201" });
    expect([unknown.status, codeOf(unknown)]).toEqual([404, "CompetitorNotFound"]);
  });

  it("is issued for a face only once the face search has finished", async () => {
    const up = await api.recognition.upload("a1001", selfie("one-person"));
    const selfieId = up.data?.selfieId ?? "";
    const personId = `${selfieId}-f1`;
    const early = await api.competitors.token("1001", { selfieId, personId });
    expect([early.status, codeOf(early)]).toEqual([409, "SelfieProcessing"]);
    clock.advance(5_000);
    const token = await api.competitors.token("1001", { selfieId, personId });
    expect(token.status).toBe(200);
    const wrongEvent = await api.competitors.token("1002", { selfieId, personId });
    expect(codeOf(wrongEvent)).toBe("SelfieFromAnotherEvent");
  });
});
