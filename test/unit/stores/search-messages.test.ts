/**
 * The search errors a visitor reads (spec §8): each situation of an empty or partial search
 * result, through the rule that picks it, in English words.
 */
import { describe, expect, it } from "vitest";
import { albumErrorOf, searchErrorOf } from "../../../storefront/src/domain/search.ts";
import { SEARCH_ERROR_MESSAGES } from "../../../storefront/src/stores/search-messages.ts";
import { english } from "../fixtures/english.ts";

const facts = { processing: false, eventPhotoCount: 120, competitorsFound: 1, photosFound: 0 };

function shown(code: ReturnType<typeof searchErrorOf>) {
  return code === null ? null : english(SEARCH_ERROR_MESSAGES[code]);
}

describe("search error texts (spec §8)", () => {
  it("each empty result says what the visitor should know", () => {
    expect([
      shown(searchErrorOf({ ...facts, competitorsFound: 0 })),
      shown(albumErrorOf(false, 0)),
      shown(searchErrorOf(facts)),
      shown(searchErrorOf({ ...facts, eventPhotoCount: 0 })),
      shown(searchErrorOf({ ...facts, processing: true })),
      shown(searchErrorOf({ ...facts, photosFound: 3 })),
    ]).toEqual([
      "Nothing found",
      "No Photos Found",
      "Nothing found for this participant",
      "Photos have not been tagged yet",
      "Some photos are still being processed...",
      null,
    ]);
  });

  it("any other failure: try again later", () => {
    expect(english(SEARCH_ERROR_MESSAGES.failed)).toBe("Try again later");
  });
});
