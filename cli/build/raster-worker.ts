/** The rasterizer's worker (raster.ts): draws the brand images it is sent, one at a time. */
import { parentPort } from "node:worker_threads";
import { type DrawJob, drawBrandImage } from "./raster-draw.ts";

parentPort?.on("message", async ({ seq, job }: { seq: number; job: DrawJob }) => {
  try {
    const png = await drawBrandImage(job);
    parentPort?.postMessage({ seq, ok: true, png });
  } catch (e) {
    parentPort?.postMessage({ seq, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
