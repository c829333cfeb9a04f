/** A worker of the build's pool (tenant-pool.ts): builds the tenants it is sent, one at a time. */
import { parentPort } from "node:worker_threads";
import { buildTenantBundle, type TenantJob } from "./tenant-job.ts";

parentPort?.on("message", async (job: TenantJob) => {
  try {
    parentPort?.postMessage({ ok: true, ...(await buildTenantBundle(job)) });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
