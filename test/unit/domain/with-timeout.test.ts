/**
 * A lazy chunk or a catalog that never arrives must not leave the shell waiting for ever: after
 * CHUNK_LOAD_TIMEOUT_MS (2 minutes) the wait fails with a TimeoutError; a promise that settles
 * in time settles the wait as it is and leaves no timer behind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../../storefront/src/domain/constants.ts";
import { withTimeout } from "../../../storefront/src/domain/with-timeout.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = new Promise<string>(() => {});

describe("withTimeout", () => {
  it("a chunk that never arrives fails after 2 minutes with a TimeoutError that says how long it waited", async () => {
    let outcome: unknown = "waiting";
    withTimeout(never, CHUNK_LOAD_TIMEOUT_MS).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe("waiting");
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).toMatchObject({ name: "TimeoutError", message: "timed out after 120000 ms" });
  });

  it("a chunk that arrives in time is the answer, and its timer is cleared", async () => {
    await expect(withTimeout(Promise.resolve("view"), CHUNK_LOAD_TIMEOUT_MS)).resolves.toBe("view");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a chunk that fails in time fails with its own error, and its timer is cleared", async () => {
    const offline = new TypeError("Failed to fetch dynamically imported module");
    await expect(withTimeout(Promise.reject(offline), CHUNK_LOAD_TIMEOUT_MS)).rejects.toBe(offline);
    expect(vi.getTimerCount()).toBe(0);
  });
});
