// Incremental-build figures for `npm run bench`: many generated tenants (copies of tenants/
// with their own brand names), built cold, built again with one changed, and a large cold
// build's time and peak memory. The command runs as operators run it (the bundled CLI).
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseDocument } from "yaml";

const run = promisify(execFile);
const CORE_CACHE = "node_modules/.cache/storefront-core";
const THEME_CACHE = "node_modules/.cache/storefront-theme-css";
/** As on a fresh CI runner: no core build and no compiled theme cached. */
const coldCaches = () =>
  Promise.all([CORE_CACHE, THEME_CACHE].map((d) => rm(d, { recursive: true, force: true })));
/** Prints the process's peak resident memory when it exits (Node's own rusage, in KiB). */
const PEAK_RSS = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\npeak-rss-kib "+process.resourceUsage().maxRSS+"\\n"))`;

/** A tenants folder of `count` tenants: the repository's, cycled, each with its own brand name. */
export async function generateTenants(dir, count) {
  await cp("tenants", dir, { recursive: true });
  const sources = (await readdir("tenants")).filter((f) => f.endsWith(".yaml")).sort();
  for (const f of sources) await rm(join(dir, f));
  const texts = await Promise.all(sources.map((f) => readFile(join("tenants", f), "utf8")));
  for (let i = 0; i < count; i++) {
    const doc = parseDocument(texts[i % texts.length]);
    doc.set("tenantName", `${doc.get("tenantName")} ${i}`);
    await writeFile(join(dir, `bench-${String(i).padStart(4, "0")}.yaml`), String(doc));
  }
}

/** One `storefront build --all` run: wall time in seconds and peak memory in MiB. */
async function buildAll(tenantsDir, outDir, extra = []) {
  const started = performance.now();
  const { stderr } = await run(
    process.execPath,
    [
      "--import",
      PEAK_RSS,
      "cli/bin.js",
      "build",
      "--all",
      "--tenants-dir",
      tenantsDir,
      "--out-dir",
      outDir,
      ...extra,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((e) => {
    throw new Error(`storefront build failed (exit ${e.code}):\n${String(e.stderr).slice(-800)}`);
  });
  const seconds = (performance.now() - started) / 1000;
  const rss = Number(/peak-rss-kib (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
  return { seconds, rss };
}

export async function benchIncremental() {
  const work = await mkdtemp(join(tmpdir(), "storefront-bench-incremental-"));
  try {
    const tenants200 = join(work, "tenants-200");
    const dist200 = join(work, "dist-200");
    await generateTenants(tenants200, 200);
    // Cold: no core cache and no bundles, as on a fresh CI runner.
    await coldCaches();
    const cold = await buildAll(tenants200, dist200);
    // Warm: the core cached, every bundle built; one tenant's brand changes.
    const file = join(tenants200, "bench-0007.yaml");
    const doc = parseDocument(await readFile(file, "utf8"));
    doc.set("tenantName", `${doc.get("tenantName")} renamed`);
    await writeFile(file, String(doc));
    const oneChanged = await buildAll(tenants200, dist200);
    const noneChanged = await buildAll(tenants200, dist200);
    await rm(`${work}/dist-200`, { recursive: true, force: true });

    const tenants1000 = join(work, "tenants-1000");
    await generateTenants(tenants1000, 1000);
    await coldCaches();
    const big = await buildAll(tenants1000, join(work, "dist-1000"));
    return [
      {
        name: "build 200 tenants, one changed (warm core)",
        value: oneChanged.seconds,
        unit: "s",
        target: 2,
      },
      { name: "  build 200 tenants, none changed", value: noneChanged.seconds, unit: "s" },
      {
        name: "build 200 tenants cold (no core cache, no bundles)",
        value: cold.seconds,
        unit: "s",
        target: 20,
      },
      { name: "  its peak memory", value: cold.rss, unit: "MiB" },
      { name: "build 1,000 tenants cold", value: big.seconds, unit: "s" },
      { name: "  its peak memory", value: big.rss, unit: "MiB" },
    ];
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
