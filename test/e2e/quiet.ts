/**
 * A page at rest, said by conditions instead of Playwright's `networkidle` (which waits for
 * 500 ms without a connection, every time, and still guesses): every request the page has made
 * has its answer (or has failed), and the page, given two frames, a task and two idle moments
 * (the slowest chain the shop starts after a reply: `afterNextPaint` then `whenIdle`, main.tsx),
 * asked for nothing more. A page that keeps asking (a retry schedule) is at rest between two
 * asks, as with `networkidle`.
 *
 * The requests are counted by Playwright (`request`, then `requestfinished` or
 * `requestfailed`), so images, chunks, catalogs and frames count as much as the API's calls.
 */
import type { Page, Request } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Starts counting `page`'s requests (call it before the page loads what the wait is for) and
 * returns the wait: it resolves once the page is at rest, and fails naming what is still on
 * its way.
 */
export function watchQuiet(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let started = 0;
  page.on("request", (r) => {
    started++;
    inFlight.add(r);
  });
  page.on("requestfinished", (r) => inFlight.delete(r));
  page.on("requestfailed", (r) => inFlight.delete(r));

  const answered = () =>
    expect
      .poll(() => inFlight.size, {
        message: "every request answered",
        intervals: [0, 10, 20, 50, 100],
        timeout: 15_000,
      })
      .toBe(0)
      .catch((error) => {
        const urls = [...inFlight].map((r) => r.url()).join(", ");
        throw new Error(`requests still on their way: ${urls}`, { cause: error });
      });

  // Two frames, a task and two idle moments: whatever the page does once a reply has come
  // (render, paint, then an idle callback that may ask for more) has run by then.
  const round = () =>
    page.evaluate(
      () =>
        new Promise<void>((done) => {
          const idle = (then: () => void) => requestIdleCallback(then, { timeout: 1_000 });
          requestAnimationFrame(() =>
            requestAnimationFrame(() => setTimeout(() => idle(() => idle(done)), 0)),
          );
        }),
    );

  return async () => {
    for (let rounds = 0; ; rounds++) {
      await answered();
      const before = started;
      await round();
      if (started === before && inFlight.size === 0) return;
      if (rounds > 50) throw new Error("the page keeps asking: not at rest after 50 rounds");
    }
  };
}
