/**
 * One tenant's bundle from its loaded config: rendered, its deploy files added, written with its
 * precompressed copies and manifest. Runs in the build's process or in a worker of the pool
 * (tenant-pool.ts); everything it takes crosses a thread as plain data.
 */
import type { TenantConfig } from "../config/schema.ts";
import type { CoreBuild } from "./core.ts";
import { renderDeployFiles } from "./deploy.ts";
import type { InputFile } from "./manifest.ts";
import { type DevWrite, writeBundle } from "./output.ts";
import { renderTenant } from "./render.ts";
import type { RenderMemo } from "./render-memo.ts";

export interface TenantJob {
  outDir: string;
  id: string;
  config: TenantConfig;
  assets: ReadonlyMap<string, Uint8Array>;
  core: CoreBuild;
  configHash: string;
  renderHash: string;
  coreVersion: string;
  year: number;
  inputs: InputFile[];
}

/** In the build's own process only: `storefront dev`'s reuse of pages and its way of writing. */
export interface LocalJobOptions {
  memo?: RenderMemo | undefined;
  write?: DevWrite | undefined;
}

/**
 * Rendering takes one tenant at a time in a thread: the prerender activates its language in
 * Lingui's one i18n instance. Writing (compressing on libuv's threads, the disk) is not in it,
 * so a worker renders the next tenant while the last one is written (tenant-pool.ts).
 */
let rendering: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(render: () => Promise<T>): Promise<T> {
  const next = rendering.then(render, render);
  rendering = next.catch(() => undefined);
  return next;
}

export async function buildTenantBundle(
  job: TenantJob,
  local: LocalJobOptions = {},
): Promise<{ dir: string; bytes: number }> {
  const { files, styleHashes } = await oneAtATime(async () => {
    const rendered = await renderTenant(job.id, job.config, job.assets, job.core, local.memo);
    const deploy = await renderDeployFiles(job.id, {
      ...job.config,
      styleHashes: rendered.styleHashes,
    });
    for (const [name, text] of deploy) rendered.files.set(name, text);
    return rendered;
  });
  return writeBundle(
    job.outDir,
    job.id,
    job.core,
    files,
    {
      tenant: job.id,
      configHash: job.configHash,
      coreHash: job.core.hash,
      renderHash: job.renderHash,
      styleHashes,
      coreVersion: job.coreVersion,
      year: job.year,
      inputs: job.inputs,
    },
    local.write,
  );
}
