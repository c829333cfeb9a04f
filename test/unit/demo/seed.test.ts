// @vitest-environment node
/** Seeded, deterministic data (how fast it starts is the preview's start-up, in the bench). */
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { createDemoBackend } from "../../../cli/preview/demo/index.ts";
import { PRODUCT_TYPES } from "../../../storefront/src/api/index.ts";
import { apiFor, startDemo } from "./demo-server.ts";

describe("seeded data", () => {
  it("is the same data every time it starts", () => {
    const a = createDemoBackend().world;
    const b = createDemoBackend().world;
    expect(b.events).toEqual(a.events);
  });

  it("has at least three events, one with 10,000 photos, and one still processing", () => {
    const { world } = createDemoBackend();
    expect(world.events.length).toBeGreaterThanOrEqual(3);
    expect(world.events.map((e) => e.photoCount)).toContain(10_000);
    expect(world.events.some((e) => e.photosProcessing && e.photoCount === 0)).toBe(true);
    expect(world.parsePhotoId("a1001-10000")).not.toBeNull();
    expect(world.parsePhotoId("a1001-10001")).toBeNull();
  });

  it("has participants with bib numbers and surnames, one of them on no photo", () => {
    const { world } = createDemoBackend();
    const list = world.participants("1001");
    expect(list[0]).toMatchObject({ number: "101", surname: "Ivanov", competitorId: "1001-101" });
    expect(list.every((p) => /^\d+$/.test(p.number) && p.surname.length > 1)).toBe(true);
    expect(list.filter((p) => p.photos.length === 0)).toHaveLength(1);
  });

  it("sells products of every type in every event with photos", () => {
    const { world } = createDemoBackend();
    for (const event of world.events) {
      const types = new Set(
        world.products.filter((p) => p.eventId === event.eventId).map((p) => p.productType),
      );
      expect([...types].sort()).toEqual([...PRODUCT_TYPES].sort());
    }
  });

  it("seeds promo codes for each error case, an order history and a pre-order", () => {
    const { state } = createDemoBackend();
    expect([...state.promoCodes.keys()].sort()).toEqual(
      ["CONFLICT", "DEMO100", "EXPIRED", "INACTIVE", "MOSCOW100", "NOTVALID", "USEDUP"].sort(),
    );
    expect(state.preorders.has("po-1001")).toBe(true);
    const states = new Set([...state.orders.values()].map((o) => o.state));
    expect(states).toEqual(new Set(["Completed", "AwaitingPayment", "Canceled"]));
  });

  it("is deterministic: the same seed gives the same data, another seed other data", () => {
    const a = createDemoBackend({ seed: 3 }).world;
    const b = createDemoBackend({ seed: 3 }).world;
    const c = createDemoBackend({ seed: 4 }).world;
    expect(a.participants("1002")).toEqual(b.participants("1002"));
    expect(a.participants("1002")).not.toEqual(c.participants("1002"));
  });

  it("serves photos as real SVG images with the event name and photo number drawn", async () => {
    const demo = await startDemo();
    try {
      const photo = (
        await apiFor(demo.origin).photos.list({ albumId: "a1001", offset: 41, count: 1 })
      ).data?.items[0];
      expect(photo?.photoId).toBe("a1001-42");
      const full = await fetch(new URL(photo?.url ?? "", demo.origin));
      const thumb = await fetch(new URL(photo?.thumbnailUrl ?? "", demo.origin));
      expect(full.headers.get("content-type")).toBe("image/svg+xml");
      const svg = await full.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="800"/);
      expect(svg).toContain("Moscow Marathon 2025");
      expect(svg).toContain("#42</text>");
      const small = await thumb.text();
      expect(small).toMatch(/width="300" height="200"/);
      expect(small.length).toBeLessThan(svg.length);
      for (const path of ["/demo/img/cover/1001.svg", "/demo/img/theme/MySport/1.svg"]) {
        expect((await fetch(`${demo.origin}${path}`)).status).toBe(200);
      }
      expect((await fetch(`${demo.origin}/demo/img/photo/a1001-10001.svg`)).status).toBe(404);
    } finally {
      await demo.close();
    }
  });

  it("a paid photo downloads as a JPEG, a distinct file for each photo and each frame", async () => {
    const demo = await startDemo();
    try {
      const get = async (path: string) => {
        const res = await fetch(`${demo.origin}/demo/img/download/${path}`);
        return {
          status: res.status,
          type: res.headers.get("content-type"),
          bytes: Buffer.from(await res.arrayBuffer()),
        };
      };
      const one = await get("a1001-42.jpg");
      expect([one.status, one.type]).toEqual([200, "image/jpeg"]);
      const image = jpeg.decode(one.bytes);
      expect([image.width, image.height]).toEqual([600, 400]);
      const other = await get("a1001-43.jpg");
      const framed = await get("a1001-42/finisher.jpg");
      expect(framed.status).toBe(200);
      expect(new Set([one, other, framed].map((r) => r.bytes.toString("base64"))).size).toBe(3);
      expect((await get("a1001-10001.jpg")).status).toBe(404);
      expect((await get("a1001-42/no-such-frame.jpg")).status).toBe(404);
    } finally {
      await demo.close();
    }
  });
});
