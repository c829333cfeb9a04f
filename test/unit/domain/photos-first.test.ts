/** Photos first: the gallery's first viewport loads at once, and its list is asked for early. */
import { describe, expect, it } from "vitest";
import {
  allPhotosEventOf,
  HIGH_PRIORITY_PHOTOS,
  photoLoading,
} from "../../../storefront/src/domain/gallery.ts";

describe("photoLoading", () => {
  it("rows starting in the first viewport load eagerly, the first photos with high priority", () => {
    expect(HIGH_PRIORITY_PHOTOS).toBe(4);
    expect(photoLoading(0, 200, 844)).toEqual({ loading: "eager", fetchPriority: "high" });
    expect(photoLoading(3, 200, 844)).toEqual({ loading: "eager", fetchPriority: "high" });
    expect(photoLoading(4, 383, 844)).toEqual({ loading: "eager" });
    expect(photoLoading(6, 843, 844)).toEqual({ loading: "eager" });
  });

  it("rows below the first viewport load lazily, whatever their index", () => {
    expect(photoLoading(8, 844, 844)).toEqual({ loading: "lazy" });
    expect(photoLoading(0, 900, 844)).toEqual({ loading: "lazy" });
  });
});

describe("allPhotosEventOf", () => {
  it("the event of /event/{id}/photos?tab=all", () => {
    expect(allPhotosEventOf("/event/1003/photos", "?tab=all")).toBe("1003");
    expect(allPhotosEventOf("/event/10%2003/photos/", "?x=1&tab=all")).toBe("10 03");
  });

  it("nothing for My photos, the event page, other routes or a broken address", () => {
    expect(allPhotosEventOf("/event/1003/photos", "?tab=mine")).toBeNull();
    expect(allPhotosEventOf("/event/1003/photos", "")).toBeNull();
    expect(allPhotosEventOf("/event/1003", "?tab=all")).toBeNull();
    expect(allPhotosEventOf("/search/1003/301", "?tab=all")).toBeNull();
    expect(allPhotosEventOf("/event/%E0%A4%A/photos", "?tab=all")).toBeNull();
    // Only the whole path: not under another prefix, not a page below the gallery.
    expect(allPhotosEventOf("/shop/event/1003/photos", "?tab=all")).toBeNull();
    expect(allPhotosEventOf("/event/1003/photos/42", "?tab=all")).toBeNull();
  });
});
