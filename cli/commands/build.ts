import { relative } from "node:path";
import type { BuildEvent, TenantBuildResult } from "../build/build.ts";
import type { Shard } from "../build/shard.ts";
import { formatProblem } from "../config/load.ts";
import { type Printer, paint } from "./print.ts";

export interface BuildCommandOptions {
  tenantsDir: string;
  outDir: string;
  ids: string[];
  /** Rebuild tenants whose bundle already matches their inputs. */
  force?: boolean;
  /** Build only this shard of the selected tenants and write its shard record. */
  shard?: Shard;
  json: boolean;
  verbose: boolean;
  print: Printer;
}

const kib = (bytes = 0) => `${(bytes / 1024).toFixed(0)} KiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** `storefront build`: one line per tenant (or JSON for CI); exit 1 if any tenant failed. */
export async function runBuild(opts: BuildCommandOptions): Promise<number> {
  const { buildTenants } = await import("../build/build.ts");
  const { out, err } = opts.print;
  const c = paint(opts.print.color);
  let core: { hash: string; dir: string; cached: boolean } | undefined;
  const onEvent = (e: BuildEvent) => {
    if (e.type === "core-done") core = { hash: e.hash, dir: e.dir, cached: e.cached };
    if (opts.json) return;
    if (e.type === "shard") {
      out(
        `shard ${e.shard.index}/${e.shard.total}: ${e.tenants} of ${e.selected} selected tenants`,
      );
    }
    if (e.type === "core-start") out(c.dim("building the storefront core…"));
    if (e.type === "core-done") {
      out(c.dim(e.cached ? "core unchanged, reused" : `core built in ${secs(e.ms)}`));
    }
    if (e.type === "tenant-done") printResult(e.result);
  };
  const printResult = (r: TenantBuildResult) => {
    if (r.ok && r.unchanged) {
      out(`${c.dim("=")} ${r.id}  unchanged`);
      return;
    }
    if (r.ok) {
      const where = relative(process.cwd(), r.outDir ?? "") || r.outDir;
      out(`${c.green("✓")} ${r.id}  ${where}  ${kib(r.bytes)}  ${secs(r.ms)}`);
      for (const w of r.warnings ?? []) err(`  ${c.yellow("warning:")} ${r.file}: ${w}`);
      return;
    }
    err(`${c.red("✗")} ${r.id}  build failed`);
    for (const p of r.problems) err(`  ${formatProblem(p)}`);
    if (r.error) err(`  ${r.error}`);
  };

  const results = await buildTenants({
    tenantsDir: opts.tenantsDir,
    outDir: opts.outDir,
    ids: opts.ids,
    force: opts.force,
    shard: opts.shard,
    onEvent,
  });
  const failed = results.filter((r) => !r.ok);
  if (opts.json) {
    // `core` names the shared core build (its cache folder), for tools such as the bench.
    const shard = opts.shard && { index: opts.shard.index, total: opts.shard.total };
    out(JSON.stringify({ ok: failed.length === 0, core, shard, tenants: results }, null, 2));
  } else if (failed.length > 0) {
    err(
      c.red(
        `${failed.length} of ${results.length} tenants failed; their previous bundles are untouched`,
      ),
    );
  } else {
    const unchanged = results.filter((r) => r.unchanged).length;
    const built = results.length - unchanged;
    const tenants = (n: number) => `${n} ${n === 1 ? "tenant" : "tenants"}`;
    out(
      unchanged === 0
        ? `${tenants(built)} built`
        : `${tenants(built)} built, ${unchanged} unchanged (--force rebuilds them)`,
    );
  }
  return failed.length === 0 ? 0 : 1;
}
