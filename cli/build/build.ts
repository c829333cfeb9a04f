import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { type ConfigProblem, loadTenants } from "../config/load.ts";
import { buildCore, type CoreBuild, renderInputsHash } from "./core.ts";
import { renderDeployFiles } from "./deploy.ts";
import { writeBundle } from "./output.ts";
import { renderTenant } from "./render.ts";
import { CORE_VERSION } from "./version.ts";

export interface TenantBuildResult {
  id: string;
  file: string;
  ok: boolean;
  problems: ConfigProblem[];
  error?: string;
  outDir?: string;
  bytes?: number;
  ms: number;
}

export type BuildEvent =
  | { type: "core-start" }
  | { type: "core-done"; cached: boolean; ms: number; hash: string; dir: string }
  | { type: "tenant-done"; result: TenantBuildResult };

export interface BuildOptions {
  tenantsDir: string;
  outDir: string;
  /** Tenant ids; empty means all. */
  ids: string[];
  onEvent?: (event: BuildEvent) => void;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Builds tenants: validates each, builds the shared core once (cached by its inputs), then
 * skins and writes one bundle per tenant. Failures are collected per tenant, never thrown.
 */
export async function buildTenants(options: BuildOptions): Promise<TenantBuildResult[]> {
  const emit = options.onEvent ?? (() => {});
  const loaded = await loadTenants(options.tenantsDir, options.ids);
  const results: TenantBuildResult[] = [];
  let core: CoreBuild | undefined;
  let coreError: string | undefined;
  const renderHash = await renderInputsHash();

  if (loaded.some((t) => t.ok)) {
    const started = performance.now();
    emit({ type: "core-start" });
    try {
      core = await buildCore();
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

  for (const t of loaded) {
    const started = performance.now();
    let result: TenantBuildResult;
    if (!t.ok) {
      result = { id: t.id, file: t.file, ok: false, problems: t.problems, ms: 0 };
    } else if (!core) {
      result = { id: t.id, file: t.file, ok: false, problems: [], error: coreError, ms: 0 };
    } else {
      try {
        const { files, styleHashes } = await renderTenant(t.id, t.config, t.assets, core);
        const deploy = await renderDeployFiles(t.id, { ...t.config, styleHashes });
        for (const [name, text] of deploy) files.set(name, text);
        const outDir = await writeBundle(options.outDir, t.id, core, files, {
          tenant: t.id,
          configHash: t.hash,
          coreHash: core.hash,
          renderHash,
          styleHashes,
          coreVersion: CORE_VERSION,
        });
        result = {
          id: t.id,
          file: t.file,
          ok: true,
          problems: [],
          outDir,
          bytes: await folderBytes(outDir),
          ms: performance.now() - started,
        };
      } catch (e) {
        result = { id: t.id, file: t.file, ok: false, problems: [], error: message(e), ms: 0 };
      }
    }
    results.push(result);
    emit({ type: "tenant-done", result });
  }
  return results;
}
