/**
 * A worker of the build's pool (tenant-pool.ts): builds the tenants it is sent, each reply
 * carrying the number its job came with (a worker has more than one tenant in flight).
 */
import { parentPort } from "node:worker_threads";
import { buildTenantBundle, type TenantJob } from "./tenant-job.ts";

parentPort?.on("message", async ({ seq, job }: { seq: number; job: TenantJob }) => {
  try {
    parentPort?.postMessage({ seq, outcome: { ok: true, ...(await buildTenantBundle(job)) } });
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    parentPort?.postMessage({ seq, outcome: { ok: false, error } });
  }
});
