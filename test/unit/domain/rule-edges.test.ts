/**
 * The edges of the pure rules (found by mutation testing, `npm run mutation`): the cart the
 * backend reports gone (deleted, already checked out, unknown), the replace-by-package hint,
 * the error queue's texts (spec §8), recent searches, request-form addresses and phones (§5),
 * and pending orders in local storage (§3).
 */
import { describe, expect, it } from "vitest";
import { holdsLine, isCartGone, packageHint } from "../../../storefront/src/domain/cart.ts";
import {
  errorText,
  isChunkLoadError,
  isDuplicateNavigation,
  isTransientFailure,
} from "../../../storefront/src/domain/errors.ts";
import {
  addPendingOrder,
  PENDING_ORDERS_KEY,
  parsePendingOrders,
  removePendingOrder,
} from "../../../storefront/src/domain/pending-orders.ts";
import { rememberSearch } from "../../../storefront/src/domain/recent-searches.ts";
import {
  emptyPhotographer,
  isEmail,
  isPhone,
  validateBusiness,
} from "../../../storefront/src/domain/requests.ts";

describe("a cart the backend reports gone: start a fresh cart", () => {
  it("deleted, already checked out (processed) or not found", () => {
    expect(isCartGone("CartDeleted")).toBe(true);
    expect(isCartGone("CartProcessed")).toBe(true);
    expect(isCartGone("CartNotFound")).toBe(true);
  });
  it("any other answer, or none, is not a gone cart", () => {
    for (const code of ["PromoCodeNotFound", "ProductAlreadyInCart", "", null, undefined]) {
      expect([code, isCartGone(code)]).toEqual([code, false]);
    }
  });
});

describe("a cart line is the same product, photo and frame", () => {
  const line = { product: { productId: "frame" }, photoId: "ph1", frameId: "gold" };
  it("differs by product even for the same photo and frame", () => {
    expect(holdsLine([line], { ...line, product: { productId: "photo" } })).toBe(false);
    expect(holdsLine([line], { ...line })).toBe(true);
    expect(holdsLine([line], { ...line, frameId: "silver" })).toBe(false);
    expect(holdsLine([line], { ...line, photoId: "ph2" })).toBe(false);
  });
});

describe("replace-by-package hint (spec §2: hints to replace items with a package)", () => {
  const photo = (price: number) => ({
    product: { productType: "photo" },
    originalPrice: price,
    duplicate: false,
  });
  const frame = (price: number) => ({ ...photo(price), product: { productType: "frame" } });

  it("needs at least two single photos: one never suggests the package", () => {
    expect(packageHint([photo(500)], 300)).toBeNull();
    expect(packageHint([photo(200), photo(200)], 300)).toEqual({
      kind: "cheaper-package",
      count: 2,
      photosPrice: 400,
      packagePrice: 300,
    });
  });

  it("counts only single photos, not framed ones", () => {
    expect(packageHint([photo(200), frame(900)], 300)).toBeNull();
    expect(packageHint([photo(200), photo(200), frame(900)], 300)).toMatchObject({
      count: 2,
      photosPrice: 400,
    });
  });

  it("photos costing exactly the package price are not worth replacing", () => {
    expect(packageHint([photo(150), photo(150)], 300)).toBeNull();
    expect(packageHint([photo(150), photo(151)], 300)).not.toBeNull();
  });
});

describe("error texts (spec §8)", () => {
  it("the last error text is its message, else name, else stack; blank ones are skipped", () => {
    expect(errorText({ message: "boom", name: "TypeError", stack: "at x" })).toBe("boom");
    expect(errorText({ message: "  ", name: "TypeError", stack: "at x" })).toBe("TypeError");
    expect(errorText({ message: 42, name: "", stack: "at x" })).toBe("at x");
    expect(errorText({})).toBe("");
    expect(errorText("plain text")).toBe("plain text");
    expect(errorText({ message: " padded " })).toBe(" padded ");
  });

  it("duplicate navigation is recognised by name or message, and only as text", () => {
    expect(isDuplicateNavigation({ name: "NavigationDuplicated" })).toBe(true);
    expect(isDuplicateNavigation({ message: "Avoided redundant navigation to /cart" })).toBe(true);
    expect(isDuplicateNavigation({ message: "duplicate navigation" })).toBe(true);
    expect(isDuplicateNavigation({ name: "Error", message: "Network down" })).toBe(false);
    expect(isDuplicateNavigation({ name: { toString: () => "NavigationDuplicated" } })).toBe(false);
  });

  it("a lazy chunk that failed to load, by name and message or as plain text", () => {
    const error = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "Loading chunk 7 failed." })).toBe(
      true,
    );
    expect(isChunkLoadError({ name: "Error", message: "Loading CSS chunk main failed" })).toBe(
      true,
    );
    expect(isChunkLoadError({ name: "Error", message: "Unable to preload CSS for /a.css" })).toBe(
      true,
    );
    expect(isChunkLoadError({ name: "TypeError", message: "Failed to fetch" })).toBe(false);
    expect(isChunkLoadError("Loading chunk failed")).toBe(false);
  });

  it("no reply (1001) or a 5xx may have worked; a 4xx is the backend's no", () => {
    expect([1001, 500, 503, 599].map(isTransientFailure)).toEqual([true, true, true, true]);
    expect([200, 400, 404, 409, 499].map(isTransientFailure)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("recent searches", () => {
  it("the newest first, trimmed, without a case-insensitive duplicate, five at most", () => {
    expect(rememberSearch(["Kazan", "Moscow"], "  moscow  ")).toEqual(["moscow", "Kazan"]);
    expect(rememberSearch(["a", "b", "c", "d", "e"], "f")).toEqual(["f", "a", "b", "c", "d"]);
    expect(rememberSearch(["MOSCOW"], "Moscow Marathon")).toEqual(["Moscow Marathon", "MOSCOW"]);
  });
  it("a blank search changes nothing, and a long one is cut at 100 characters", () => {
    const recent = ["Kazan"];
    const same = rememberSearch(recent, "   ");
    expect(same).toEqual(["Kazan"]);
    expect(same).not.toBe(recent);
    expect(rememberSearch([], `${"x".repeat(120)}`)).toEqual(["x".repeat(100)]);
  });
});

describe("request forms (spec §5)", () => {
  it("an e-mail address: trimmed, at most 254 characters", () => {
    expect(isEmail("  runner@example.com ")).toBe(true);
    const local = "a".repeat(64);
    const at254 = `${local}@${"b".repeat(254 - local.length - 5)}.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
    expect(isEmail("runner@example.c")).toBe(false);
    expect(isEmail("runner@example.com.")).toBe(false);
    expect(isEmail("run ner@example.com")).toBe(false);
    expect(isEmail("x runner@example.com")).toBe(false);
  });

  it("a phone: digits with optional +, spaces, dashes and brackets, 7 to 15 digits", () => {
    expect(isPhone(" +7 (912) 345-67-89 ")).toBe(true);
    expect(isPhone("1234567")).toBe(true);
    expect(isPhone("123456")).toBe(false);
    expect(isPhone("123456789012345")).toBe(true);
    expect(isPhone("1234567890123456")).toBe(false);
    expect(isPhone("9123456789")).toBe(true);
    expect(isPhone("phone 9123456789")).toBe(false);
    expect(isPhone("9123456789 ext")).toBe(false);
    expect(isPhone("++79123456789")).toBe(false);
    expect(validateBusiness({ phone: "12-34", comment: "" })).toEqual({ phone: "invalid" });
  });

  it("a fresh photographer form is empty, the comment included", () => {
    const form = emptyPhotographer();
    expect(Object.keys(form).sort()).toEqual(
      ["city", "comment", "email", "equipment", "name", "portfolio"].sort(),
    );
    expect(new Set(Object.values(form))).toEqual(new Set([""]));
  });
});

describe("pending orders in local storage (spec §3: each added once, removed on request)", () => {
  it("are kept under their own key", () => {
    expect(PENDING_ORDERS_KEY).toBe("storefront.pendingOrders");
  });
  it("read back only non-empty ids, once each; anything else is an empty list", () => {
    expect(parsePendingOrders('["o1","",3,null,"o2","o1"]')).toEqual(["o1", "o2"]);
    expect(parsePendingOrders(null)).toEqual([]);
    expect(parsePendingOrders("")).toEqual([]);
    expect(parsePendingOrders('{"0":"o1"}')).toEqual([]);
    expect(parsePendingOrders('"o1"')).toEqual([]);
    expect(parsePendingOrders("[oops")).toEqual([]);
  });
  it("keep the newest 20", () => {
    const ids = Array.from({ length: 20 }, (_, i) => `o${i + 1}`);
    const next = addPendingOrder(ids, "o21");
    expect(next).toHaveLength(20);
    expect([next[0], next.at(-1)]).toEqual(["o2", "o21"]);
    expect(addPendingOrder(ids, "o5")).toEqual(ids);
    expect(removePendingOrder(["o1", "o2"], "o1")).toEqual(["o2"]);
  });
});
