// Lighthouse figures for `npm run bench`: mobile form factor with simulated
// throttling (Lighthouse's defaults: slow 4G, 4× CPU), in Debian's Chromium, each tenant served
// by `storefront preview` with its demo backend. Median of 5 runs per page: performance, FCP,
// LCP, TBT and CLS for home, contacts and the event page of the default tenant, and home of
// every other tenant. Lighthouse's own Accept-Language (en-US) picks the English page.
import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { promisify } from "node:util";
import { startPreview } from "./bench-gallery.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";

const run = promisify(execFile);
const DEFAULT_TENANT = "mysport";
const DEFAULT_PAGES = [
  { name: "home", path: "/", score: 100 },
  { name: "contacts", path: "/contacts", score: 100 },
  { name: "event page", path: "/event/1003", score: 97 },
];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The targets of the pages that score 100 (home and contacts). */
const TARGETS = { fcp: 1.0, lcp: 1.3, tbt: 100, cls: 0.01 };

async function lighthouse(url) {
  const { stdout } = await run(
    "node_modules/.bin/lighthouse",
    [
      url,
      "--quiet",
      "--only-categories=performance",
      "--output=json",
      "--output-path=stdout",
      `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const value = (audit) => report.audits[audit].numericValue;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: value("first-contentful-paint") / 1000,
    lcp: value("largest-contentful-paint") / 1000,
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function tenantIds() {
  return (await readdir("tenants"))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** Rows of one page: its score against its target, then FCP, LCP, TBT, CLS. */
async function pageRows(base, tenant, page) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${base}${page.path}`));
  const m = (key) => median(runs.map((r) => r[key]));
  const label = `${tenant} ${page.name}`;
  const full = page.score === 100;
  return [
    {
      name: `Lighthouse performance, ${label} (mobile, median of ${RUNS})`,
      value: m("score"),
      unit: "n",
      target: page.score,
      higherIsBetter: true,
    },
    {
      name: `  FCP, ${label}`,
      value: m("fcp"),
      unit: "s",
      ...(full ? { target: TARGETS.fcp } : {}),
    },
    {
      name: `  LCP, ${label}`,
      value: m("lcp"),
      unit: "s",
      ...(full ? { target: TARGETS.lcp } : {}),
    },
    {
      name: `  TBT, ${label}`,
      value: m("tbt"),
      unit: "ms",
      ...(full ? { target: TARGETS.tbt } : {}),
    },
    {
      name: `  CLS, ${label}`,
      value: m("cls"),
      unit: "cls",
      ...(full ? { target: TARGETS.cls } : {}),
    },
  ];
}

export async function benchLighthouse() {
  const rows = [];
  for (const tenant of await tenantIds()) {
    const pages = tenant === DEFAULT_TENANT ? DEFAULT_PAGES : DEFAULT_PAGES.slice(0, 1);
    const preview = await startPreview(tenant);
    try {
      for (const page of pages) rows.push(...(await pageRows(preview.url, tenant, page)));
    } finally {
      preview.stop();
    }
  }
  return rows;
}
