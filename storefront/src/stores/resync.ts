import { CART_RESYNC_ATTEMPTS, resyncDelay } from "../domain/cart.ts";

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface Backoff {
  /** Starts the loop unless one runs (or it was stopped). */
  start(): void;
  /** No further tries, now or later. */
  stop(): void;
}

/**
 * A bounded retry with growing waits (the cart's resync): each start runs `attempt` after each
 * of `resyncDelay`'s waits until it reports success or CART_RESYNC_ATTEMPTS tries are spent.
 * One loop at a time; none after `stop`.
 */
export function backoff(
  attempt: () => Promise<boolean>,
  sleep: (ms: number) => Promise<void> = realSleep,
): Backoff {
  let running = false;
  let stopped = false;
  const loop = async () => {
    try {
      for (let n = 0; n < CART_RESYNC_ATTEMPTS; n++) {
        await sleep(resyncDelay(n));
        if (stopped || (await attempt())) return;
      }
    } finally {
      running = false;
    }
  };
  return {
    start() {
      if (running || stopped) return;
      running = true;
      void loop();
    },
    stop() {
      stopped = true;
    },
  };
}
