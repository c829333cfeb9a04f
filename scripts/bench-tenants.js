// What the build benches share: generated tenants, one `storefront build` run measured (wall
// time, CPU time and peak memory), and a byte-for-byte comparison of two out dirs.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseDocument } from "yaml";

const run = promisify(execFile);
/** Prints the process's peak resident memory (KiB) and CPU time (µs) when it exits. */
const USAGE = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nbench-usage "+u.maxRSS+" "+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;

/**
 * A tenants folder of `count` tenants: the repository's, cycled, each with its own brand name.
 * The names carry a word of this run, so no page of an earlier run is in the compressed-copy
 * cache: "cold" means cold for every tenant's own files.
 */
const idOf = (i) => `bench-${String(i).padStart(4, "0")}`;

export async function generateTenants(dir, count) {
  const run = randomBytes(4).toString("hex");
  await cp("tenants", dir, { recursive: true });
  const sources = (await readdir("tenants")).filter((f) => f.endsWith(".yaml")).sort();
  for (const f of sources) await rm(join(dir, f));
  const texts = await Promise.all(sources.map((f) => readFile(join("tenants", f), "utf8")));
  for (let i = 0; i < count; i++) {
    const doc = parseDocument(texts[i % texts.length]);
    doc.set("tenantName", `${doc.get("tenantName")} ${i} ${run}`);
    // A child tenant (mysport-usa) extends the first generated copy of its parent.
    const parent = doc.get("extends");
    if (typeof parent === "string") doc.set("extends", idOf(sources.indexOf(`${parent}.yaml`)));
    // A host belongs to one tenant: each copy gets hosts of its own, with the same overrides.
    const hosts = doc.get("hosts");
    for (const [k, h] of (hosts?.items ?? []).entries())
      h.set("host", `h${k}.${idOf(i)}.bench.example`);
    await writeFile(join(dir, `${idOf(i)}.yaml`), String(doc));
  }
}

/**
 * One `storefront <args>` run of the bundled CLI: wall seconds, CPU seconds (what a runner of
 * its own would wait, on a shared machine), peak memory in MiB.
 */
export async function measureCli(args) {
  const started = performance.now();
  const { stderr } = await run(process.execPath, ["--import", USAGE, "cli/bin.js", ...args], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e) => {
    throw new Error(
      `storefront ${args[0]} failed (exit ${e.code}):\n${String(e.stderr).slice(-800)}`,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const [, rss = "0", cpu = "0"] = /bench-usage (\d+) (\d+)/.exec(stderr) ?? [];
  return { seconds, cpu: Number(cpu) / 1e6, rss: Number(rss) / 1024 };
}

/** `storefront build --all` of a tenants folder into an out dir, with extra arguments. */
export const buildAll = (tenantsDir, outDir, extra = []) =>
  measureCli(["build", "--all", "--tenants-dir", tenantsDir, "--out-dir", outDir, ...extra]);

/** Every file under dir with its sha256 (the path relative to dir). */
async function tree(dir) {
  const out = new Map();
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out.set(
      full.slice(dir.length + 1),
      createHash("sha256")
        .update(await readFile(full))
        .digest("hex"),
    );
  }
  return out;
}

/** Files two out dirs hold, and how many of them differ (missing from one, or other bytes). */
export async function compareTrees(a, b) {
  const [left, right] = await Promise.all([tree(a), tree(b)]);
  let differing = 0;
  for (const [path, sha] of left) if (right.get(path) !== sha) differing++;
  for (const path of right.keys()) if (!left.has(path)) differing++;
  return { files: left.size, differing };
}
