/**
 * Tenants built side by side: rendering a tenant (React's prerender, the policy PDF, Handlebars)
 * is JavaScript on one thread, so a build of many tenants uses one core unless it has workers.
 * The pool starts one worker per core (at most MAX_WORKERS), each building up to JOBS_PER_WORKER
 * tenants at a time from plain data; the bundles are the same bytes as built in the process (each
 * tenant's bytes depend only on its inputs, tested by the sharded build's byte-for-byte
 * comparison).
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { TenantJob } from "./tenant-job.ts";
import { moduleWorker } from "./worker-module.ts";

/** Past 4 workers, writing the bundles, not rendering, is what a build waits for. */
const MAX_WORKERS = 4;

/**
 * A worker renders one tenant while the one before is compressed and written: that half of a
 * tenant waits on zlib and the disk (libuv's threads), and with one tenant at a time the worker's
 * core idled through it (a third of a cold build of 200).
 */
const JOBS_PER_WORKER = 2;

/** Below this many tenants to build, starting workers (≈ 0.3 s each) costs more than it saves. */
export const POOL_MIN_TENANTS = 8;

type Outcome =
  | { ok: true; dir: string; bytes: number; ms: number }
  | { ok: false; error: string; ms: number };

/**
 * How many workers a build of `tenants` tenants uses: STOREFRONT_BUILD_WORKERS when set (0 or 1:
 * none, everything in the process), else one per core when there are enough tenants.
 */
export function workerCount(tenants: number): number {
  const asked = process.env.STOREFRONT_BUILD_WORKERS;
  if (asked !== undefined && /^\d+$/.test(asked))
    return Math.min(Number(asked), MAX_WORKERS, tenants);
  if (tenants < POOL_MIN_TENANTS) return 0;
  return Math.min(availableParallelism(), MAX_WORKERS);
}

export interface TenantPool {
  run(job: TenantJob): Promise<Outcome>;
  close(): Promise<void>;
}

export function startPool(size: number): TenantPool {
  const queue: { job: TenantJob; done: (o: Outcome) => void }[] = [];
  /** Each worker with its jobs in flight, by the number the job was sent with. */
  const slots = new Map<Worker, Map<number, { done: (o: Outcome) => void; started: number }>>();
  let sent = 0;
  const dispatch = () => {
    for (const [worker, running] of slots) {
      while (running.size < JOBS_PER_WORKER && queue.length > 0) {
        const { job, done } = queue.shift() as (typeof queue)[number];
        const seq = sent++;
        running.set(seq, { done, started: performance.now() });
        worker.postMessage({ seq, job });
      }
    }
  };
  const spawn = () => {
    const worker = moduleWorker("tenant-worker", import.meta.url);
    const running = new Map<number, { done: (o: Outcome) => void; started: number }>();
    slots.set(worker, running);
    worker.on("message", ({ seq, outcome }: { seq: number; outcome: Outcome }) => {
      const entry = running.get(seq);
      if (!entry) return;
      running.delete(seq);
      entry.done({ ...outcome, ms: performance.now() - entry.started });
      dispatch();
    });
    // A worker that dies fails the tenants it had; a new one takes its place.
    worker.on("error", (e: Error) => {
      slots.delete(worker);
      for (const { done, started } of running.values()) {
        done({ ok: false, error: e.message, ms: performance.now() - started });
      }
      running.clear();
      void worker.terminate();
      spawn();
      dispatch();
    });
  };
  for (let i = 0; i < size; i++) spawn();
  return {
    run: (job) =>
      new Promise((done) => {
        queue.push({ job, done });
        dispatch();
      }),
    close: async () => {
      await Promise.all([...slots.keys()].map((w) => w.terminate()));
    },
  };
}
