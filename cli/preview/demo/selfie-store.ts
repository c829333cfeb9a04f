/**
 * Uploaded selfies, bounded: the preview may run for days on a support laptop, and each
 * upload holds up to 8 MB. Selfies are kept in upload order (a Map keeps insertion order), so
 * the oldest is always first and eviction costs only what it evicts.
 */
import type { DemoState, SelfieRecord } from "./state.ts";

export interface SelfieLimits {
  /** Selfies kept at most. */
  count: number;
  /** Bytes of photos kept at most. */
  bytes: number;
  /** A selfie is forgotten this long after its upload. */
  ageMs: number;
}

/** 100 selfies, 64 MiB, one hour: more than a support session needs, far less than a leak. */
export const DEFAULT_SELFIE_LIMITS: SelfieLimits = {
  count: 100,
  bytes: 64 * 1024 * 1024,
  ageMs: 60 * 60_000,
};

/** What the store needs of the demo's options (./options.ts, which imports this module). */
interface Limits {
  selfieLimits: SelfieLimits;
  now: () => number;
}

/** Drops selfies past their age, then the oldest until count and bytes fit `extra` more. */
function evict(state: DemoState, o: Limits, extra: { count: number; bytes: number }): void {
  const { count, bytes, ageMs } = o.selfieLimits;
  const now = o.now();
  let total = 0;
  for (const s of state.selfies.values()) total += s.jpeg.length;
  for (const [id, s] of state.selfies) {
    const tooOld = now - s.createdOn >= ageMs;
    const tooMany = state.selfies.size + extra.count > count;
    const tooBig = total + extra.bytes > bytes;
    if (!tooOld && !tooMany && !tooBig) break;
    state.selfies.delete(id);
    total -= s.jpeg.length;
  }
}

/** Stores a new selfie, evicting the oldest as needed. */
export function storeSelfie(state: DemoState, o: Limits, selfie: SelfieRecord): void {
  evict(state, o, { count: 1, bytes: selfie.jpeg.length });
  state.selfies.set(selfie.selfieId, selfie);
}

/** A stored selfie younger than the age limit, or undefined. */
export function findSelfie(state: DemoState, o: Limits, id: string): SelfieRecord | undefined {
  evict(state, o, { count: 0, bytes: 0 });
  return state.selfies.get(id);
}
