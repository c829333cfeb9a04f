import { describe, expect, it } from "vitest";
import {
  gridColumns,
  gridRowHeight,
  stepIndex,
  swipeDirection,
} from "../../../storefront/src/domain/gallery.ts";
import {
  albumErrorOf,
  faceOutcome,
  faceSearchProgress,
  isTokenExpiredStatus,
  pollDelayMs,
  searchErrorOf,
  selfieSize,
} from "../../../storefront/src/domain/search.ts";

const facts = (o: Partial<Parameters<typeof searchErrorOf>[0]>) => ({
  processing: false,
  eventPhotoCount: 100,
  competitorsFound: 1,
  photosFound: 0,
  ...o,
});

describe("search rules (spec §4, §8)", () => {
  it("401 or 500 means the search token expired; nothing else does", () => {
    expect([401, 500].map(isTokenExpiredStatus)).toEqual([true, true]);
    expect([200, 403, 404, 409, 503, 1001].some(isTokenExpiredStatus)).toBe(false);
  });
  it("maps each empty result to its spec §8 error", () => {
    expect(searchErrorOf(facts({ competitorsFound: 0 }))).toBe("nothing-found");
    expect(searchErrorOf(facts({}))).toBe("participant-nothing");
    expect(searchErrorOf(facts({ competitorsFound: null }))).toBe("no-photos");
    expect(searchErrorOf(facts({ eventPhotoCount: 0 }))).toBe("not-tagged");
    expect(searchErrorOf(facts({ processing: true, eventPhotoCount: 0 }))).toBe("processing");
    expect(searchErrorOf(facts({ processing: true, competitorsFound: 0 }))).toBe("processing");
    expect(searchErrorOf(facts({ photosFound: 3 }))).toBeNull();
    expect(albumErrorOf(false, 0)).toBe("no-photos");
    expect(albumErrorOf(true, 0)).toBe("processing");
    expect(albumErrorOf(true, 5)).toBeNull();
  });
  it("accepts exactly one face", () => {
    expect(faceOutcome([])).toBe("none");
    expect(faceOutcome([{}])).toBe("one");
    expect(faceOutcome([{}, {}, {}])).toBe("several");
  });
  it("polls with back-off: 1 s growing to at most 5 s; progress never claims done", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(pollDelayMs)).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000, 5000,
    ]);
    expect(faceSearchProgress(30_000)).toBe(0.5);
    expect(faceSearchProgress(600_000)).toBe(0.95);
  });
  it("scales a selfie to 2048 px on its longest side (every selfie is re-encoded)", () => {
    expect(selfieSize(1200, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(selfieSize(4096, 3072)).toEqual({ width: 2048, height: 1536 });
  });
});

describe("gallery rules", () => {
  it("fits columns of at least 150 px, 1 to 8", () => {
    expect(gridColumns(320)).toBe(2);
    expect(gridColumns(100)).toBe(1);
    expect(gridColumns(1200)).toBe(7);
    expect(gridColumns(5000)).toBe(8);
    expect(gridRowHeight(316, 2)).toBe(162);
  });
  it("steps without wrapping and reads swipes", () => {
    expect(stepIndex(0, -1, 10)).toBe(0);
    expect(stepIndex(9, 1, 10)).toBe(9);
    expect(stepIndex(3, 1, 10)).toBe(4);
    expect(swipeDirection(-80, 10)).toBe(1);
    expect(swipeDirection(80, 10)).toBe(-1);
    expect(swipeDirection(30, 0)).toBe(0);
    expect(swipeDirection(60, 100)).toBe(0);
  });
});
