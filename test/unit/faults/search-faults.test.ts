// @vitest-environment node
/**
 * Finding photos under faults: an event that cannot be loaded is not "not found",
 * a failed bib search and a failed gallery can be repeated, the receipts list failure shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../demo/demo-server.ts";
import { shop } from "./shop.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

describe("finding photos under faults", () => {
  it("an event that cannot be loaded is 'unavailable' (try again), an unknown one 'not found'", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p === "/events/1003" ? "drop" : null));
    expect(await s.events.load("1003")).toBeNull();
    expect(s.events.failure("1003")).toBe("unavailable");
    s.setRule((_m, p) => (p === "/events/1003" ? 503 : null));
    await s.events.load("1003");
    expect(s.events.failure("1003")).toBe("unavailable");
    s.setRule(() => null);
    expect((await s.events.load("1003"))?.eventId).toBe("1003");
    expect(s.events.failure("1003")).toBeNull();
    await s.events.load("9999");
    expect(s.events.failure("9999")).toBe("not-found");
  });

  it("a bib search that failed can be repeated; 'nothing found' cannot", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p === "/competitors" ? 503 : null));
    await s.myPhotos.searchByNumber("1003", "301");
    expect(s.myPhotos.error).toBe("failed");
    expect(s.myPhotos.canRetry).toBe(true);
    s.setRule(() => null);
    await s.myPhotos.retry();
    expect(s.myPhotos.error).toBeNull();
    expect(s.myPhotos.photos.length).toBeGreaterThan(0);
    expect(s.myPhotos.canRetry).toBe(false);
    await s.myPhotos.searchByNumber("1003", "312"); // Orlova: no photos
    expect(s.myPhotos.error).not.toBe("failed");
    expect(s.myPhotos.canRetry).toBe(false);
    s.myPhotos.reset();
    expect(s.myPhotos.canRetry).toBe(false);
  });

  it("the photos of a participant answer 500: one fresh token and one retry, no more", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p === "/photos" ? 503 : null));
    await s.myPhotos.searchByNumber("1003", "301");
    expect(s.myPhotos.error).toBe("failed");
    // 503 is not a token expiry (spec §4: 401 or 500): one call, no token loop.
    expect(s.count(/^GET \/photos$/)).toBe(1);
    expect(s.count(/\/token$/)).toBe(1);
  });

  it("a gallery that failed part-way is loaded again by 'Try again'", async () => {
    const s = shop(demo.origin);
    s.setRule((_m, p) => (p === "/photos" ? "drop" : null));
    await s.gallery.load("1003");
    expect(s.gallery.error).toBe("failed");
    s.setRule(() => null);
    await s.gallery.retry();
    expect(s.gallery.error).toBeNull();
    expect(s.gallery.photos).toHaveLength(60);
    const calls = s.count(/^GET \/photos$/);
    await s.gallery.retry(); // nothing to repeat now
    expect(s.count(/^GET \/photos$/)).toBe(calls);
  });

  it("the receipts list that cannot be read is a failure the page can show and repeat", async () => {
    const s = shop(demo.origin);
    s.downloads.reset("order:order-seed-02");
    s.setRule((_m, p) => (p === "/receipts" ? "drop" : null));
    await s.downloads.loadReceipts("invoice-seed-02");
    expect(s.downloads.receiptsFailed).toBe(true);
    expect(s.downloads.receipts).toEqual([]);
    s.setRule(() => null);
    await s.downloads.loadReceipts("invoice-seed-02");
    expect(s.downloads.receiptsFailed).toBe(false);
    expect(s.downloads.receipts.length).toBeGreaterThan(0);
  });
});
