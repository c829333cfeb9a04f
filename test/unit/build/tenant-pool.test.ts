/**
 * The build's worker pool: how many workers a build starts, and that a tenant failing inside a
 * worker is reported as that tenant's error while the pool goes on building the next one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CoreBuild } from "../../../cli/build/core.ts";
import type { TenantJob } from "../../../cli/build/tenant-job.ts";
import { POOL_MIN_TENANTS, startPool, workerCount } from "../../../cli/build/tenant-pool.ts";
import { loadTenants } from "../../../cli/config/load.ts";

const saved = process.env.STOREFRONT_BUILD_WORKERS;
afterEach(() => {
  if (saved === undefined) delete process.env.STOREFRONT_BUILD_WORKERS;
  else process.env.STOREFRONT_BUILD_WORKERS = saved;
});

describe("how many workers a build uses", () => {
  it("none for a few tenants, one per core (at most 4) for many", () => {
    delete process.env.STOREFRONT_BUILD_WORKERS;
    expect(workerCount(POOL_MIN_TENANTS - 1)).toBe(0);
    expect(workerCount(200)).toBe(Math.min(availableParallelism(), 4));
  });

  it("as many as STOREFRONT_BUILD_WORKERS says, never more than the tenants", () => {
    process.env.STOREFRONT_BUILD_WORKERS = "0";
    expect(workerCount(200)).toBe(0);
    process.env.STOREFRONT_BUILD_WORKERS = "2";
    expect(workerCount(1)).toBe(1);
    expect(workerCount(3)).toBe(2);
    process.env.STOREFRONT_BUILD_WORKERS = "lots";
    expect(workerCount(3)).toBe(0);
  });
});

describe("a worker that fails a tenant", () => {
  it("reports that tenant's error, naming what failed, and the pool answers the next job", async () => {
    const [tenant] = await loadTenants("tenants", ["mysport"]);
    if (!tenant?.ok) throw new Error("mysport should load");
    const out = await mkdtemp(join(tmpdir(), "storefront-pool-"));
    // A core whose prerender module is not there: rendering fails inside the worker.
    const core: CoreBuild = {
      dir: join(out, "no-core"),
      hash: "0".repeat(16),
      entry: "assets/index.js",
      css: [],
      preload: [],
      locales: {},
      screens: {},
      routeScreens: [],
      worker: "",
      boot: "",
      prerender: join(out, "no-core", "prerender.js"),
      files: [],
      cached: true,
    };
    const job = (id: string): TenantJob => ({
      outDir: out,
      id,
      config: tenant.config,
      assets: tenant.assets,
      core,
      configHash: tenant.hash,
      renderHash: "0".repeat(16),
      coreVersion: "0.0.0",
      year: 2026,
      inputs: [],
    });
    const pool = startPool(1);
    try {
      const [first, second] = await Promise.all([pool.run(job("mysport")), pool.run(job("other"))]);
      for (const outcome of [first, second]) {
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error).toContain("no-core");
      }
    } finally {
      await pool.close();
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
