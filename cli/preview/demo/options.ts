/** Knobs of the demo backend: defaults suit a person clicking through a preview. */
import type { Identify } from "./access-tokens.ts";
import { DEFAULT_SELFIE_LIMITS, type SelfieLimits } from "./selfie-store.ts";

export interface DemoOptions {
  /** Delay every /public call by this many ms (--demo-latency). */
  latencyMs?: number;
  /** Fail this fraction (0–1) of /public calls with 503 (--demo-fail); deterministic per seed. */
  failRate?: number;
  /** The clock; tests pass a fake one. */
  now?: () => number;
  /** Lifetime of a search token. Default 10 minutes. */
  tokenLifetimeMs?: number;
  /** How long a selfie stays Processing. Default 3 s (the real service takes about a minute). */
  faceSearchDelayMs?: number;
  /** How long an archive stays Created before it is Published. Default 2 s. */
  archiveDelayMs?: number;
  /** Seed of every generated id, token and injected failure. Default 1. */
  seed?: number;
  /**
   * Who an access token not signed by the demo belongs to (the preview's identity provider);
   * null for a token it did not issue. Default: no other issuer.
   */
  identify?: Identify | null;
  /** How many selfies, bytes and how old the demo keeps (the oldest go first). */
  selfieLimits?: SelfieLimits;
}

export type ResolvedDemoOptions = Required<DemoOptions>;

export function resolveDemoOptions(o: DemoOptions = {}): ResolvedDemoOptions {
  const failRate = o.failRate ?? 0;
  if (!(failRate >= 0 && failRate <= 1)) throw new RangeError("failRate must be between 0 and 1");
  return {
    latencyMs: Math.max(0, o.latencyMs ?? 0),
    failRate,
    now: o.now ?? Date.now,
    tokenLifetimeMs: o.tokenLifetimeMs ?? 10 * 60_000,
    faceSearchDelayMs: o.faceSearchDelayMs ?? 3_000,
    archiveDelayMs: o.archiveDelayMs ?? 2_000,
    seed: o.seed ?? 1,
    selfieLimits: o.selfieLimits ?? DEFAULT_SELFIE_LIMITS,
    identify: o.identify ?? null,
  };
}
