import type { MessageDescriptor } from "@lingui/core";

/** A user-facing message: a catalog descriptor (translated at render time) or server text. */
export type UserMessage = MessageDescriptor | string;

/**
 * Where a store's load stands: not asked yet, under way, loaded, or failed (the screen offers
 * to try again). The one load-state of every store that loads something.
 */
export type LoadState = "idle" | "loading" | "done" | "failed";

/** Key/value storage port (window.localStorage in the browser, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage that never throws: private modes and full quotas must not break the shop. */
export function safeStorage(storage: KeyValueStorage | undefined): KeyValueStorage {
  const memory = new Map<string, string>();
  return {
    getItem: (k) => {
      try {
        return storage ? storage.getItem(k) : (memory.get(k) ?? null);
      } catch {
        return memory.get(k) ?? null;
      }
    },
    setItem: (k, v) => {
      memory.set(k, v);
      try {
        // Stryker disable next-line OptionalChaining: equivalent, without a storage the call throws inside this try and is ignored
        storage?.setItem(k, v);
      } catch {
        /* quota or privacy mode: the in-memory copy keeps the session working */
      }
    },
    removeItem: (k) => {
      memory.delete(k);
      try {
        // Stryker disable next-line OptionalChaining: equivalent, without a storage the call throws inside this try and is ignored
        storage?.removeItem(k);
      } catch {
        /* see setItem */
      }
    },
  };
}
