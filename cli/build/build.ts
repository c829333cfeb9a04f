import { mkdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import {
  type ConfigProblem,
  type LoadedTenant,
  type LoadResult,
  listTenantIds,
  loadTenants,
} from "../config/load.ts";
import { TENANT_ID_RE } from "../config/schema.ts";
import { buildCore, type CoreBuild, coreInputsHash, renderInputsHash } from "./core.ts";
import { type BuildKey, type BuildManifest, currentBundle, inputFiles } from "./manifest.ts";
import type { DevWrite } from "./output.ts";
import { shareWarnings } from "./public-origin.ts";
import type { RenderMemo } from "./render-memo.ts";
import { type Shard, shardTenants, writeShardRecord } from "./shard.ts";
import type { TenantJob } from "./tenant-job.ts";
import { workerCount } from "./tenant-pool.ts";
import { CORE_VERSION } from "./version.ts";
import { buildYear } from "./year.ts";

export interface TenantBuildResult {
  id: string;
  file: string;
  ok: boolean;
  problems: ConfigProblem[];
  error?: string;
  outDir?: string;
  bytes?: number;
  /** The bundle was already built from exactly these inputs and was left as it was. */
  unchanged?: boolean;
  /** What the bundle lacks that the tenant's YAML could give it (built all the same). */
  warnings?: string[];
  ms: number;
}

export type BuildEvent =
  | { type: "shard"; shard: Shard; tenants: number; selected: number }
  | { type: "core-start" }
  | { type: "core-done"; cached: boolean; ms: number; hash: string; dir: string }
  | { type: "tenant-done"; result: TenantBuildResult };

export interface BuildOptions {
  tenantsDir: string;
  outDir: string;
  /** Tenant ids; empty means all. */
  ids: string[];
  /** Build every selected tenant, even one whose bundle matches its inputs. */
  force?: boolean;
  /**
   * Build only this shard of the selected tenants (shard.ts), and write the shard record that
   * `storefront merge` checks into outDir.
   */
  shard?: Shard;
  onEvent?: (event: BuildEvent) => void;
  /** `storefront dev`: pages and PDFs reused from its earlier rebuilds (render-memo.ts). */
  memo?: RenderMemo;
  /** Tenants the caller has just loaded (dev validated them): not read a second time. */
  loaded?: LoadResult[];
  /** `storefront dev`: how its private copies are written (output.ts). */
  write?: DevWrite;
}

/** How many bundles are checked at once (each check reads a few small files). */
const CHECK_CONCURRENCY = 16;

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  });
  await Promise.all(lanes);
  return out;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Builds tenants: validates each, builds the shared core once (cached by its inputs), then
 * skins and writes one bundle per tenant. Failures are collected per tenant, never thrown.
 */
export async function buildTenants(options: BuildOptions): Promise<TenantBuildResult[]> {
  const emit = options.onEvent ?? (() => {});
  const selection = options.ids.length
    ? [...new Set(options.ids)]
    : await listTenantIds(options.tenantsDir);
  const { shard } = options;
  const wanted = shard ? shardTenants(selection, shard) : selection;
  if (shard) emit({ type: "shard", shard, tenants: wanted.length, selected: selection.length });
  const known = options.memo?.core;
  const epoch = options.memo?.epoch;
  const [coreHash, renderHash] = known
    ? [known.coreHash, known.renderHash]
    : await Promise.all([coreInputsHash(), renderInputsHash()]);
  const key: BuildKey = { coreHash, renderHash, coreVersion: CORE_VERSION, year: buildYear() };

  // A bundle whose recorded inputs all match is left alone: nothing is parsed or rendered.
  const kept = new Map<string, BuildManifest>();
  if (!options.force) {
    // Only a valid id names a folder; the loader explains what is wrong with any other.
    const checked = await mapLimit(wanted, CHECK_CONCURRENCY, async (id) =>
      TENANT_ID_RE.test(id)
        ? currentBundle(join(options.outDir, id), options.tenantsDir, key)
        : null,
    );
    wanted.forEach((id, i) => {
      const manifest = checked[i];
      if (manifest) kept.set(id, manifest);
    });
  }
  const toBuild = wanted.filter((id) => !kept.has(id));
  // Many tenants: one worker per core renders and writes them side by side (tenant-pool.ts),
  // started now, so the workers load the rendering code while this thread reads the tenants.
  // dev's memo and its way of writing stay in this process: it builds one tenant at a time.
  const local = options.memo || options.write ? { memo: options.memo, write: options.write } : null;
  const workers = local ? 0 : workerCount(toBuild.length);
  const pool = workers > 1 ? (await import("./tenant-pool.ts")).startPool(workers) : null;
  try {
    return await buildStarted();
  } finally {
    await pool?.close();
  }

  async function buildStarted(): Promise<TenantBuildResult[]> {
    const loaded = new Map((options.loaded ?? []).map((t) => [t.id, t]));
    const toLoad = toBuild.filter((id) => !loaded.has(id));
    for (const t of toLoad.length ? await loadTenants(options.tenantsDir, toLoad) : []) {
      loaded.set(t.id, t);
    }
    for (const id of loaded.keys()) if (!toBuild.includes(id)) loaded.delete(id);
    const results: TenantBuildResult[] = [];
    let core: CoreBuild | undefined;
    let coreError: string | undefined;

    // Rendering (Sass, Handlebars, the prerenderer) is loaded only when a tenant is built.
    const toRender = [...loaded.values()].filter((t) => t.ok);
    if (toRender.length > 0) {
      const started = performance.now();
      emit({ type: "core-start" });
      try {
        core = known?.build ?? (await buildCore());
        // Kept only if the core's sources did not change meanwhile (render-memo.ts).
        const { memo } = options;
        if (memo && !known && memo.epoch === epoch)
          memo.core = { coreHash, renderHash, build: core };
        emit({
          type: "core-done",
          cached: core.cached,
          ms: performance.now() - started,
          hash: core.hash,
          dir: core.dir,
        });
      } catch (e) {
        coreError = `the storefront core failed to build: ${message(e)}`;
      }
    }
    const inProcess = core && !pool ? await import("./tenant-job.ts") : null;
    const built = new Map<
      string,
      Promise<
        | { ok: true; dir: string; bytes: number; ms: number }
        | { ok: false; error: string; ms: number }
      >
    >();
    const buildOne = (t: LoadedTenant, c: CoreBuild) => {
      const job: TenantJob = {
        outDir: options.outDir,
        id: t.id,
        config: t.config,
        assets: t.assets,
        core: c,
        configHash: t.hash,
        renderHash,
        coreVersion: CORE_VERSION,
        year: key.year,
        inputs: inputFiles(t.sources),
      };
      if (pool) return pool.run(job);
      const started = performance.now();
      return (inProcess as typeof import("./tenant-job.ts"))
        .buildTenantBundle(job, local ?? {})
        .then(
          (w) => ({ ok: true as const, ...w, ms: performance.now() - started }),
          (e: unknown) => ({ ok: false as const, error: message(e), ms: 0 }),
        );
    };
    // With the pool every tenant is queued at once; in the process one after the other.
    if (pool && core) for (const t of toRender) built.set(t.id, buildOne(t, core));

    for (const id of wanted) {
      const started = performance.now();
      let result: TenantBuildResult;
      const manifest = kept.get(id);
      const t = loaded.get(id);
      if (manifest || !t) {
        // Left alone: its bundle already holds exactly what a build would write.
        result = {
          id,
          file: relative(process.cwd(), resolve(options.tenantsDir, `${id}.yaml`)),
          ok: true,
          problems: [],
          outDir: join(options.outDir, id),
          bytes: manifest?.files.reduce((sum, f) => sum + f.bytes, 0) ?? 0,
          unchanged: true,
          ms: performance.now() - started,
        };
      } else if (!t.ok) {
        result = { id: t.id, file: t.file, ok: false, problems: t.problems, ms: 0 };
      } else if (!core) {
        result = { id: t.id, file: t.file, ok: false, problems: [], error: coreError, ms: 0 };
      } else {
        const outcome = await (built.get(t.id) ?? buildOne(t, core));
        result = outcome.ok
          ? {
              id: t.id,
              file: t.file,
              ok: true,
              problems: [],
              outDir: outcome.dir,
              bytes: outcome.bytes,
              ms: outcome.ms,
              warnings: shareWarnings(t.config),
            }
          : { id: t.id, file: t.file, ok: false, problems: [], error: outcome.error, ms: 0 };
      }
      results.push(result);
      emit({ type: "tenant-done", result });
    }
    if (shard) {
      await mkdir(options.outDir, { recursive: true });
      const built = results.filter((r) => r.ok).map((r) => r.id);
      const failed = results.filter((r) => !r.ok).map((r) => r.id);
      await writeShardRecord(options.outDir, shard, key, selection, built, failed);
    }
    return results;
  }
}
