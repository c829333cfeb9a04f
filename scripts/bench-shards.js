// 1,000 generated tenants for `npm run bench`: built cold in one job (time and peak memory),
// then as 4 shards (`build --shard k/4`, one after the other on this machine as 4 runners would
// run them side by side), merged, and the merge compared byte for byte with the one-job build.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAll, compareTrees, generateTenants, measureCli } from "./bench-tenants.js";

const TENANTS = 1000;
const SHARDS = 4;

export async function benchShards() {
  const work = await mkdtemp(join(tmpdir(), "storefront-bench-shards-"));
  try {
    const tenants = join(work, "tenants");
    await generateTenants(tenants, TENANTS);
    // Unmeasured: the core built (or found) once, as each runner's CI cache restores it.
    await measureCli(["build", "mysport", "--out-dir", join(work, "warm-up")]);
    const whole = await buildAll(tenants, join(work, "dist"));
    const shards = [];
    for (let k = 1; k <= SHARDS; k++) {
      shards.push(await buildAll(tenants, join(work, `shard-${k}`), ["--shard", `${k}/${SHARDS}`]));
    }
    const dirs = shards.map((_, i) => join(work, `shard-${i + 1}`));
    const merge = await measureCli(["merge", ...dirs, "--out-dir", join(work, "merged")]);
    const same = await compareTrees(join(work, "dist"), join(work, "merged"));
    const worst = (key) => Math.max(...shards.map((s) => s[key]));
    return [
      {
        name: `build ${TENANTS.toLocaleString("en")} tenants cold (core cached, no bundles)`,
        value: whole.seconds,
        unit: "s",
      },
      { name: "  its CPU time", value: whole.cpu, unit: "s" },
      { name: "  its peak memory", value: whole.rss, unit: "MiB" },
      {
        name: `largest of ${SHARDS} shards ÷ (one job ÷ ${SHARDS}), CPU time`,
        value: worst("cpu") / (whole.cpu / SHARDS),
        unit: "×",
        target: 1.15,
      },
      {
        name: "  the same in wall time (a shared machine: noisy)",
        value: worst("seconds") / (whole.seconds / SHARDS),
        unit: "×",
      },
      { name: "  largest shard, wall time", value: worst("seconds"), unit: "s" },
      { name: "  largest shard, peak memory", value: worst("rss"), unit: "MiB" },
      { name: `merge of the ${SHARDS} shards, wall time`, value: merge.seconds, unit: "s" },
      {
        name: `  files of the merge ≠ the one-job build (of ${same.files})`,
        value: same.differing,
        unit: "n",
        target: 0,
      },
    ];
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
