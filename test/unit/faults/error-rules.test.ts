/** The error rules behind the fault messages: never a technical text on screen. */
import { describe, expect, it } from "vitest";
import { holdsLine } from "../../../storefront/src/domain/cart.ts";
import { isChunkLoadError, isTransientFailure } from "../../../storefront/src/domain/errors.ts";
import {
  ErrorStore,
  UNEXPECTED_ERROR_MESSAGES,
} from "../../../storefront/src/stores/ErrorStore.ts";

describe("error rules", () => {
  it("knows a lazy chunk that failed to load, in each browser's words", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://shop.example/assets/CartScreen-x.js",
      "error loading dynamically imported module: https://shop.example/assets/ru-x.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/index-x.css",
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new TypeError("x is not a function"))).toBe(false);
    expect(isChunkLoadError("theme stylesheet did not load")).toBe(false);
  });

  it("a call without a reply or with a server error may have worked and may work again", () => {
    expect([1001, 500, 502, 503, 504].every(isTransientFailure)).toBe(true);
    expect([400, 401, 404, 409, 200].some(isTransientFailure)).toBe(false);
  });

  it("finds a cart line by product, photo and frame", () => {
    const items = [
      { product: { productId: "p" }, photoId: "a", frameId: null },
      { product: { productId: "pkg" }, photoId: null },
    ];
    expect(holdsLine(items, { product: { productId: "p" }, photoId: "a" })).toBe(true);
    expect(holdsLine(items, { product: { productId: "p" }, photoId: "b" })).toBe(false);
    expect(holdsLine(items, { product: { productId: "p" }, photoId: "a", frameId: "f" })).toBe(
      false,
    );
    expect(holdsLine(items, { product: { productId: "pkg" } })).toBe(true);
  });

  it("the snackbar says it in the visitor's words, once; the technical text is kept aside", () => {
    const errors = new ErrorStore();
    const chunk = new TypeError(
      "Failed to fetch dynamically imported module: https://shop.example/assets/CartScreen-x.js",
    );
    errors.report(chunk);
    errors.report(chunk);
    errors.report(new SyntaxError("Unexpected token < in JSON"));
    errors.report("theme stylesheet did not load");
    expect(errors.queue.map((q) => q.message)).toEqual([
      UNEXPECTED_ERROR_MESSAGES.chunk,
      UNEXPECTED_ERROR_MESSAGES.other,
    ]);
    expect(errors.lastErrorText).toBe("theme stylesheet did not load");
    errors.dismiss();
    errors.dismiss();
    errors.report(chunk); // after it was dismissed, it is said again
    expect(errors.queue).toHaveLength(1);
  });
});
