#!/usr/bin/env node
// `npm run bench`: the build pipeline's figures beside their targets, printed as a
// table and written to bench-results/bench.json. Each figure is one function returning rows, so
// later ones (bundle size against a bare React app, gallery, Lighthouse) are one more function.
//
//   node scripts/bench.js [--warm] [--strict] [--only weight,lighthouse]
//     --warm    keep the core cache (default: delete it before each measured build, so each
//               build pays for the one Vite build of the core, as a fresh CI machine does)
//     --strict  exit 1 when a figure misses its target
//     --only    a comma-separated subset: weight,wire,build,incremental,shards,validate,gallery,lighthouse,dev,s3
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { benchDev } from "./bench-dev.js";
import { BENCH_DOC, writeBenchDoc } from "./bench-docs.js";
import { benchGallery } from "./bench-gallery.js";
import { benchIncremental } from "./bench-incremental.js";
import { benchLighthouse } from "./bench-lighthouse.js";
import { benchS3 } from "./bench-s3.js";
import { benchShards } from "./bench-shards.js";
import { benchWeight } from "./bench-weight.js";
import { benchWire } from "./bench-wire.js";

const run = promisify(execFile);
const CORE_CACHE = "node_modules/.cache/storefront-core";
const RESULTS = "bench-results/bench.json";
const warm = process.argv.includes("--warm");
const strict = process.argv.includes("--strict");

/**
 * @typedef {{ name: string, value: number, unit: "s" | "×" | "n" | "KiB" | "MiB" | "cls" | "ms",
 *   target?: number, higherIsBetter?: boolean }} Row
 * A row without a target is a detail of the figure above it. Targets are upper bounds unless
 * `higherIsBetter` (a Lighthouse score).
 */

/** Wall time of one `storefront …` run, in seconds: what an operator or CI waits for. */
async function timeCli(args) {
  const started = performance.now();
  await run(process.execPath, ["cli/bin.js", ...args], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (e) => {
      const tail = String(e.stderr ?? "")
        .trim()
        .split("\n")
        .slice(-5)
        .join("\n");
      throw new Error(`storefront ${args.join(" ")} failed (exit ${e.code}):\n${tail}`);
    },
  );
  return (performance.now() - started) / 1000;
}

async function tenantIds() {
  const files = await readdir("tenants");
  return files
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** Five tenants should cost little more than one: the core is built once, then skinned. */
async function buildScaling() {
  const ids = await tenantIds();
  const one = ids.includes("mysport") ? "mysport" : ids[0];
  const out = await mkdtemp(join(tmpdir(), "storefront-bench-"));
  const build = async (targets) => {
    if (!warm) {
      await rm(CORE_CACHE, { recursive: true, force: true });
      await rm("node_modules/.cache/storefront-theme-css", { recursive: true, force: true });
    }
    return timeCli(["build", ...targets, "--out-dir", out]);
  };
  try {
    // Unmeasured: fills the OS file cache (and the core cache, for --warm).
    await timeCli(["build", one, "--out-dir", out]);
    // Interleaved, fastest of three: other work on the machine only ever adds time.
    const singles = [];
    const alls = [];
    for (let i = 0; i < 3; i++) {
      singles.push(await build([one]));
      alls.push(await build(["--all"]));
    }
    const single = Math.min(...singles);
    const all = Math.min(...alls);
    const cache = warm ? "warm" : "cold";
    return [
      {
        name: `build ${ids.length} tenants ÷ build 1 (${cache} core cache)`,
        value: all / single,
        unit: "×",
        target: 1.5,
      },
      { name: `  build 1 tenant (${one})`, value: single, unit: "s" },
      { name: `  build all ${ids.length} tenants`, value: all, unit: "s" },
    ];
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** `storefront validate` of every tenant, fastest of five runs, start-up included. */
async function validateAll() {
  const ids = await tenantIds();
  const times = [];
  const startup = [];
  for (let i = 0; i < 5; i++) {
    times.push(await timeCli(["validate"]));
    startup.push(await timeCli(["--help"]));
  }
  return [
    {
      name: `validate ${ids.length} tenants (command)`,
      value: Math.min(...times),
      unit: "s",
      target: 0.5,
    },
    { name: "  of which CLI start-up (--help)", value: Math.min(...startup), unit: "s" },
  ];
}

const BENCHMARKS = {
  weight: benchWeight,
  wire: benchWire,
  build: buildScaling,
  incremental: benchIncremental,
  shards: benchShards,
  validate: validateAll,
  gallery: benchGallery,
  lighthouse: benchLighthouse,
  dev: benchDev,
  s3: benchS3,
};
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(",") : Object.keys(BENCHMARKS);
for (const name of only ?? []) {
  if (!(name in BENCHMARKS)) throw new Error(`--only: unknown figure ${name}`);
}

const shown = (v, unit) => {
  if (unit === "×") return `${v.toFixed(2)}×`;
  if (unit === "n") return String(Math.round(v));
  if (unit === "KiB") return `${v.toFixed(1)} KiB`;
  if (unit === "MiB") return `${v.toFixed(0)} MiB`;
  if (unit === "cls") return v.toFixed(3);
  if (unit === "ms") return `${Math.round(v)} ms`;
  return `${v.toFixed(2)} s`;
};
const met = (r) => (r.higherIsBetter ? r.value >= r.target : r.value <= r.target);

function printTable(rows) {
  const cells = rows.map((r) => [
    r.name,
    shown(r.value, r.unit),
    r.target === undefined ? "" : `${r.higherIsBetter ? "≥" : "≤"} ${shown(r.target, r.unit)}`,
    r.target === undefined ? "" : met(r) ? "met" : "MISSED",
  ]);
  const head = ["figure", "value", "target", ""];
  const widths = head.map((_, c) => Math.max(...[head, ...cells].map((row) => row[c].length)));
  for (const row of [head, ...cells]) {
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join("  ")
        .trimEnd(),
    );
  }
}

// The command as operators run it: bundled, not through the TypeScript loader.
await run(process.execPath, ["scripts/build-cli.mjs"]);
const rows = [];
const groups = new Map();
for (const name of only ?? []) {
  const measured = await BENCHMARKS[name]();
  groups.set(name, measured);
  rows.push(...measured);
}
printTable(rows);
await mkdir("bench-results", { recursive: true });
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  coreCache: warm ? "warm" : "cold",
  results: rows.map((r) => ({
    ...r,
    name: r.name.trim(),
    met: r.target === undefined ? undefined : met(r),
  })),
};
await writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
const docRows = (measured) =>
  measured.map((r) => ({
    name: r.name.trim(),
    shown: shown(r.value, r.unit),
    target:
      r.target === undefined ? "" : `${r.higherIsBetter ? "≥" : "≤"} ${shown(r.target, r.unit)}`,
    met: r.target === undefined ? "" : met(r) ? "met" : "**missed**",
  }));
await writeBenchDoc(
  [...groups].map(([name, measured]) => [name, docRows(measured)]),
  report,
);
console.log(`\nwritten to ${RESULTS} and ${BENCH_DOC}`);
if (strict && report.results.some((r) => r.met === false)) process.exitCode = 1;
