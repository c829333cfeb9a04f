/**
 * The brand images drawn off the thread that renders pages, in a worker this module keeps (one
 * per thread that asks, unref'd so it never holds a finished build open). A logo comes from
 * tenant YAML: a drawing that takes longer than the limit (a pathological SVG: nested <use>
 * bombs, huge blurs) ends the worker, and the build fails naming the file, instead of hanging.
 */
import type { Worker } from "node:worker_threads";
import type { DrawJob } from "./raster-draw.ts";
import { moduleWorker } from "./worker-module.ts";

/** How long one image may take: the shipped logos take under a second on a busy 2-core machine. */
const DEFAULT_TIMEOUT_MS = 20_000;

/** STOREFRONT_RASTER_TIMEOUT_MS, a whole number of milliseconds, else the default. */
export function rasterTimeout(): number {
  const asked = process.env.STOREFRONT_RASTER_TIMEOUT_MS;
  return asked && /^\d{1,7}$/.test(asked) && Number(asked) > 0 ? Number(asked) : DEFAULT_TIMEOUT_MS;
}

type Reply = { seq: number; ok: true; png: Uint8Array } | { seq: number; ok: false; error: string };

let worker: Worker | undefined;
let sent = 0;
let queue: Promise<unknown> = Promise.resolve();
/** An idle worker (its WebAssembly memory and fonts, tens of MiB) ends after this long: `dev` runs for hours. */
const IDLE_MS = 30_000;
let idle: NodeJS.Timeout | undefined;

function draw(job: DrawJob, timeoutMs: number): Promise<Uint8Array> {
  clearTimeout(idle);
  const w = worker ?? moduleWorker("raster-worker", import.meta.url);
  worker = w;
  w.unref();
  const seq = sent++;
  return new Promise<Uint8Array>((resolve, reject) => {
    const end = () => {
      clearTimeout(timer);
      w.off("message", onMessage);
      w.off("error", onError);
      idle = setTimeout(() => {
        if (worker !== w) return;
        worker = undefined;
        void w.terminate();
      }, IDLE_MS).unref();
    };
    const drop = () => {
      if (worker === w) worker = undefined;
      void w.terminate();
    };
    const timer = setTimeout(() => {
      end();
      drop();
      reject(
        new Error(
          `${job.file}: drawing the logo into the app icons took more than ${timeoutMs / 1000} s; simplify it (fewer shapes, filters or nested <use>)`,
        ),
      );
    }, timeoutMs);
    const onMessage = (reply: Reply) => {
      if (reply.seq !== seq) return;
      end();
      if (reply.ok) resolve(new Uint8Array(reply.png));
      else reject(new Error(reply.error));
    };
    // Out of memory or a crash of the renderer: the worker is gone, the build says which file.
    const onError = (e: Error) => {
      end();
      drop();
      reject(
        new Error(`${job.file}: the logo could not be drawn into the app icons: ${e.message}`),
      );
    };
    w.on("message", onMessage);
    w.on("error", onError);
    w.postMessage({ seq, job });
  });
}

/** A brand image as PNG, drawn in the worker; one at a time, each within the time limit. */
export function drawInWorker(job: DrawJob, timeoutMs = rasterTimeout()): Promise<Uint8Array> {
  const next = queue.then(
    () => draw(job, timeoutMs),
    () => draw(job, timeoutMs),
  );
  queue = next.catch(() => undefined);
  return next;
}
