// @vitest-environment jsdom
/**
 * Copying a gift code: the Clipboard API where the page may use it, else
 * the legacy copy command on a hidden text area; focus returns to the button either way.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { copyText } from "../../../storefront/src/ui/clipboard.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

function setClipboard(value: unknown, secure: boolean) {
  Object.defineProperty(navigator, "clipboard", { value, configurable: true });
  Object.defineProperty(window, "isSecureContext", { value: secure, configurable: true });
}

describe("copyText", () => {
  it("uses the Clipboard API in a secure context", async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText }, true);
    expect(await copyText("GIFT-ABCDEFGH")).toBe(true);
    expect(writeText).toHaveBeenCalledWith("GIFT-ABCDEFGH");
  });

  it("falls back to the copy command when the API is missing or refused", async () => {
    const button = document.createElement("button");
    document.body.append(button);
    button.focus();
    const copied: string[] = [];
    document.execCommand = vi.fn(() => {
      copied.push((document.activeElement as HTMLTextAreaElement).value);
      return true;
    });
    setClipboard(undefined, false);
    expect(await copyText("GIFT-ONE")).toBe(true);
    setClipboard({ writeText: vi.fn(async () => Promise.reject(new Error("denied"))) }, true);
    expect(await copyText("GIFT-TWO")).toBe(true);
    expect(copied).toEqual(["GIFT-ONE", "GIFT-TWO"]);
    // No text area is left behind, and focus is back on the button.
    expect(document.querySelector("textarea")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("says so when neither way works", async () => {
    setClipboard(undefined, false);
    document.execCommand = vi.fn(() => false);
    expect(await copyText("GIFT-NONE")).toBe(false);
  });
});
