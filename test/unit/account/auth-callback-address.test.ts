/**
 * The provider's answer at /auth-callback (`?code=…&state=…`) is taken off the address bar at
 * start-up, kept in memory for the callback screen (once), and the bar shows the bare callback
 * path: the code never travels in a Referer, the history or a shared screenshot.
 */
import { describe, expect, it } from "vitest";
import { AUTH_CALLBACK_PATH } from "../../../storefront/src/domain/auth.ts";
import { callbackUrl, takeCallbackUrl } from "../../../storefront/src/stores/auth/callback-url.ts";

/** A top window at `href`: its address bar and the history entries replaced. */
function windowAt(href: string) {
  const url = new URL(href);
  const replaced: unknown[][] = [];
  const win = {
    location: { href: url.href, pathname: url.pathname, search: url.search, hash: url.hash },
    history: {
      state: { idx: 3 },
      replaceState: (...args: unknown[]) => void replaced.push(args),
    },
  };
  return { win: win as unknown as Pick<Window, "location" | "history">, replaced };
}

describe("the provider's answer at the callback address", () => {
  it("is kept for the callback screen once, and the address bar shows the bare callback path", () => {
    const href = `https://shop.example${AUTH_CALLBACK_PATH}?code=c0de&state=s1`;
    const { win, replaced } = windowAt(href);
    takeCallbackUrl(win);
    expect(replaced).toEqual([[{ idx: 3 }, "", AUTH_CALLBACK_PATH]]);
    expect(callbackUrl()).toBe(href);
    // Taken once: a second look (the screen rendered again) finds nothing to complete.
    expect(callbackUrl()).toBeNull();
  });

  it("an answer in the fragment only (`#error=…`) is taken too", () => {
    const href = `https://shop.example${AUTH_CALLBACK_PATH}#error=access_denied`;
    const { win, replaced } = windowAt(href);
    takeCallbackUrl(win);
    expect(replaced).toHaveLength(1);
    expect(callbackUrl()).toBe(href);
  });

  it("the bare callback path, or any other page, is left as it is and nothing is kept", () => {
    for (const href of [
      `https://shop.example${AUTH_CALLBACK_PATH}`,
      "https://shop.example/event/1003?code=c0de&state=s1",
      `https://shop.example/help${AUTH_CALLBACK_PATH}?code=c0de`,
      "https://shop.example/?code=c0de#state=s1",
    ]) {
      const { win, replaced } = windowAt(href);
      takeCallbackUrl(win);
      expect([href, replaced]).toEqual([href, []]);
      expect(callbackUrl()).toBeNull();
    }
  });
});
