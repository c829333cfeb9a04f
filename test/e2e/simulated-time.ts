/**
 * Time the test moves, not the machine: Playwright's simulated clock (`page.clock`) for the
 * page's timers, and the backend calls the page makes, each stamped with the page's own clock.
 *
 * A check of a retry schedule ("each wait longer than the one before") read from real time
 * measures the machine's load as much as the schedule. Here the page's clock stands still
 * while a reply is on its way, so a reply takes no simulated time however busy the machine is,
 * and each wait the page chose is read back exactly (to within one step of the clock).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** A backend call as the page made it, at the page's (simulated) time. */
export interface Call {
  url: string;
  method: string;
  at: number;
}

interface Tracked {
  __calls: Call[];
  /** The addresses of the calls whose replies are on their way. */
  __inFlight: string[];
}

/** Runs in the page before its own scripts: wraps `fetch` to record each call and count replies on their way. */
function trackFetches() {
  const w = window as unknown as Window & Tracked;
  if (w.__calls) return;
  w.__calls = [];
  w.__inFlight = [];
  const real = window.fetch.bind(window);
  // A macrotask that the simulated clock does not hold back (it fakes timers, not messages).
  const nextTask = () =>
    new Promise<void>((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(0);
    });
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (
      init?.method ?? (input instanceof Request ? input.method : "GET")
    ).toUpperCase();
    const url = new URL(raw, location.href).href;
    w.__calls.push({ url, method, at: Date.now() });
    w.__inFlight.push(url);
    const reply = real(input, init);
    // Counted as arrived once the reply (or its failure) has been handed to the page and the
    // page's own reaction to it has had a task to run: its next timer is set by then.
    void reply
      .then(
        (r) => r.clone().arrayBuffer(),
        () => undefined,
      )
      .catch(() => undefined)
      .then(nextTask)
      .then(() => {
        w.__inFlight.splice(w.__inFlight.indexOf(url), 1);
      });
    return reply;
  };
}

/** How far the clock moves at a time, by default: it divides every retry wait of the shop. */
export const STEP = 250;

/** Where the simulated clock starts: a fixed moment, so no test depends on today's date. */
const START = Date.UTC(2026, 0, 15, 9, 0, 0);

export interface SimulatedTime {
  /** Stops the page's clock (it runs at the natural pace until then, so the page can load). */
  pause(): Promise<void>;
  /**
   * Moves the page's clock on by `ms`, step by step, never while a reply is on its way: a wait
   * the page starts is read to within one step (exactly when the step divides it).
   */
  advance(ms: number, step?: number): Promise<void>;
  /**
   * Moves the paused clock on, step by step, until `check` passes (a page that loads while the
   * clock stands still needs its frames and idle moments to come): at most `maxMs` of it.
   */
  until(check: () => Promise<unknown>, maxMs?: number): Promise<void>;
  /** Waits until no backend reply is on its way (and the page has reacted to the last one). */
  idle(): Promise<void>;
  /** The backend calls matching `url` (and `method`), with the simulated time of each. */
  calls(url: RegExp, method?: string): Promise<Call[]>;
}

/**
 * Records the page's backend calls from its first script on and installs the simulated clock,
 * running at the natural pace until `pause()`; from then on it moves only by `advance`.
 * Call before the page loads.
 */
export async function simulatedTime(page: Page): Promise<SimulatedTime> {
  await page.addInitScript(trackFetches);
  await page.clock.install({ time: START });
  const idle = async () => {
    let waiting: string[] = [];
    await expect
      .poll(
        async () => {
          waiting = await page.evaluate(() => (window as unknown as Tracked).__inFlight ?? []);
          return waiting.length;
        },
        {
          message: `replies still on their way: ${waiting.join(", ")}`,
          intervals: [10, 20, 50, 100],
        },
      )
      .toBe(0)
      .catch((error) => {
        throw new Error(`replies still on their way: ${waiting.join(", ")}`, { cause: error });
      });
  };
  const time: SimulatedTime = {
    idle,
    async pause() {
      // A moment just ahead of the page's clock; jumping there fires only what was due by then.
      for (let ahead = 1_000; ; ahead *= 2) {
        const now = await page.evaluate(() => Date.now());
        try {
          await page.clock.pauseAt(now + ahead);
          return;
        } catch (error) {
          // The page's clock passed that moment on a busy machine: a little further ahead.
          if (!/past/i.test(String(error)) || ahead > 60_000) throw error;
        }
      }
    },
    async until(check, maxMs = 30_000) {
      const step = 50;
      for (let moved = 0; ; moved += step) {
        try {
          await check();
          return;
        } catch (error) {
          if (moved >= maxMs) throw error;
        }
        await idle();
        await page.clock.runFor(step);
      }
    },
    async advance(ms, step = STEP) {
      for (let moved = 0; moved < ms; moved += step) {
        await idle();
        await page.clock.runFor(Math.min(step, ms - moved));
      }
      await idle();
    },
    async calls(url, method = "GET") {
      const all = await page.evaluate(() => (window as unknown as Tracked).__calls ?? []);
      return all.filter((c) => c.method === method && url.test(c.url));
    },
  };
  return time;
}

/** The waits between calls, in (simulated) milliseconds. */
export const waitsBetween = (calls: { at: number }[]) =>
  calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));
