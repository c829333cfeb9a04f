// Incremental-build figures for `npm run bench`: 200 generated tenants (copies of tenants/ with
// their own brand names) built cold, built again with one changed, and with none changed. The
// command runs as operators run it (the bundled CLI). The 1,000-tenant figures are in
// bench-shards.js.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { buildAll, generateTenants, measureCli } from "./bench-tenants.js";

export async function benchIncremental() {
  const work = await mkdtemp(join(tmpdir(), "storefront-bench-incremental-"));
  try {
    const tenants200 = join(work, "tenants-200");
    const dist200 = join(work, "dist-200");
    await generateTenants(tenants200, 200);
    // Unmeasured: the core built (or found) once, as a CI cache restores it.
    await measureCli(["build", "mysport", "--out-dir", join(work, "warm-up")]);
    // Cold: no bundles and no tenant page compressed before; the core cached.
    const cold = await buildAll(tenants200, dist200);
    // Warm: every bundle built; one tenant's brand changes.
    const file = join(tenants200, "bench-0007.yaml");
    const doc = parseDocument(await readFile(file, "utf8"));
    doc.set("tenantName", `${doc.get("tenantName")} renamed`);
    await writeFile(file, String(doc));
    const oneChanged = await buildAll(tenants200, dist200);
    const noneChanged = await buildAll(tenants200, dist200);
    return [
      {
        name: "build 200 tenants, one changed (warm core)",
        value: oneChanged.seconds,
        unit: "s",
        target: 2,
      },
      { name: "  build 200 tenants, none changed", value: noneChanged.seconds, unit: "s" },
      {
        name: "build 200 tenants cold (core cached, no bundles)",
        value: cold.seconds,
        unit: "s",
        target: 20,
      },
      { name: "  its CPU time", value: cold.cpu, unit: "s" },
      { name: "  its peak memory", value: cold.rss, unit: "MiB" },
    ];
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
