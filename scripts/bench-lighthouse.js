// Lighthouse figures for `npm run bench`: mobile form factor with simulated
// throttling (Lighthouse's defaults: slow 4G, 4× CPU), in Debian's Chromium, each tenant served
// as deployed: its generated nginx server block over HTTPS and HTTP/2 in front of `storefront
// preview` and its demo backend (bench-front.js says why). Median of 5 runs per page: performance, FCP,
// LCP, TBT and CLS for every participant route of the default tenant (home, contacts, a landing
// page, an event page, All photos of a 60-photo and of the 10,000-photo event, a participant's
// photos from a link, the cart, checkout), and home of every other tenant. Lighthouse's own
// Accept-Language (en-US) picks the English page.
//
// Beside the figures, each page's diagnostics of its median run go to stderr: the LCP element,
// the LCP's parts (time to first byte, load delay, load time, render delay) and the elements
// that shifted; they say why a figure is what it is, which the figures on a busy machine do not.
//   BENCH_LIGHTHOUSE_RUNS=n   runs per page (default 5)
//   BENCH_LIGHTHOUSE_PAGES=a,b  only the default tenant's pages with these names
//   BENCH_PORT=n              the preview's port (default: any free one)
//   BENCH_LIGHTHOUSE_SERVER=preview  measure the preview itself (HTTP/1.1), without nginx
//
// Each page's longest main-thread task is reported beside its TBT, and the floor (the bare
// React 19 + Vite app of the weight figures, weight.js) is measured in the same run: what any
// React page costs on this host, so a page's TBT reads as a multiple of it, not as a number the
// machine's load moves.
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { resolve, sep } from "node:path";
import { promisify } from "node:util";
import { startFront } from "./bench-front.js";
import { startPreview } from "./bench-gallery.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";
import { FLOOR_OUT, floorWeight } from "./weight.js";

const run = promisify(execFile);
const DEFAULT_TENANT = "mysport";
/** Issue targets: every participant route ≥ 98, LCP ≤ 2.0 s on the galleries, CLS ≤ 0.01. */
const GALLERY_LCP = 2.0;
const DEFAULT_PAGES = [
  { name: "home", path: "/", score: 100 },
  { name: "contacts", path: "/contacts", score: 100 },
  { name: "landing (for organizers)", path: "/for-organizers", score: 100 },
  { name: "event page", path: "/event/1003", score: 98 },
  {
    name: "all photos (60 photos)",
    path: "/event/1003/photos?tab=all",
    score: 98,
    lcp: GALLERY_LCP,
  },
  {
    name: "all photos (10000 photos)",
    path: "/event/1001/photos?tab=all",
    score: 98,
    lcp: GALLERY_LCP,
  },
  { name: "participant's photos", path: "/search/1003/301", score: 98, lcp: GALLERY_LCP },
  { name: "cart", path: "/cart", score: 98 },
  { name: "checkout", path: "/order", score: 98 },
];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The targets of the pages that score 100 (home, contacts, landing pages). */
const TARGETS = { fcp: 1.0, lcp: 1.3, tbt: 100, cls: 0.01 };

/** The LCP element, its parts and the shifted elements of a report, as one line each. */
function diagnostics(report) {
  const items = (audit) => report.audits[audit]?.details?.items ?? [];
  const lcp = items("largest-contentful-paint-element");
  const element = lcp[0]?.items?.[0]?.node;
  const phases = (lcp[1]?.items ?? [])
    .map((p) => `${p.phase} ${Math.round(p.timing)} ms`)
    .join(", ");
  const shifts = items("layout-shifts")
    .map((s) => `${s.node?.selector ?? "?"} ${Number(s.score).toFixed(3)}`)
    .join("; ");
  return [
    `LCP element: ${element ? `${element.selector} (${element.nodeLabel ?? element.snippet})` : "none"}`,
    `LCP parts: ${phases || "none"}`,
    `layout shifts: ${shifts || "none"}`,
  ];
}

async function lighthouse(url, flags) {
  const { stdout } = await run(
    "node_modules/.bin/lighthouse",
    [
      url,
      "--quiet",
      "--only-categories=performance",
      "--output=json",
      "--output-path=stdout",
      `--chrome-flags=${[...CHROMIUM_ARGS, ...flags].join(" ")}`,
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
    longestTask: Math.max(
      0,
      ...(report.audits["long-tasks"]?.details?.items ?? []).map((t) => Number(t.duration) || 0),
    ),
    cls: value("cumulative-layout-shift"),
    diagnostics: diagnostics(report),
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
async function pageRows(server, tenant, page) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await lighthouse(`${server.url}${page.path}`, server.chromeFlags));
  }
  const m = (key) => median(runs.map((r) => r[key]));
  const label = `${tenant} ${page.name}`;
  const full = page.score === 100;
  // The median run's diagnostics (by score, then LCP), for the reasons behind the figures.
  const middle = [...runs].sort((a, b) => a.score - b.score || a.lcp - b.lcp)[
    Math.floor(runs.length / 2)
  ];
  console.error(`\n${label} ${page.path}: median ${m("score")}, LCP ${m("lcp").toFixed(2)} s`);
  for (const line of middle?.diagnostics ?? []) console.error(`  ${line}`);
  const lcpTarget = page.lcp ?? (full ? TARGETS.lcp : undefined);
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
      ...(lcpTarget === undefined ? {} : { target: lcpTarget }),
    },
    {
      name: `  TBT, ${label}`,
      value: m("tbt"),
      unit: "ms",
      ...(full ? { target: TARGETS.tbt } : {}),
    },
    { name: `  longest task, ${label}`, value: m("longestTask"), unit: "ms" },
    { name: `  CLS, ${label}`, value: m("cls"), unit: "cls", target: TARGETS.cls },
  ];
}

/** The floor app's files on a loopback port: nothing but its own index.html and assets. */
async function serveFloor() {
  await floorWeight();
  const root = resolve(FLOOR_OUT);
  const types = { ".js": "text/javascript", ".html": "text/html; charset=utf-8" };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://floor.invalid").pathname;
    const file = resolve(root, path === "/" ? "index.html" : `.${path}`);
    const type = types[file.slice(file.lastIndexOf("."))];
    if (!file.startsWith(root + sep) || !type) return res.writeHead(404).end();
    try {
      res.writeHead(200, { "content-type": type }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", () => done(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** The floor's TBT and longest task, measured as the pages are. */
async function floorRows() {
  const floor = await serveFloor();
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${floor.url}/`, []));
    const m = (key) => median(runs.map((r) => r[key]));
    return [
      {
        name: `floor: bare React 19 app, TBT (mobile, median of ${RUNS})`,
        value: m("tbt"),
        unit: "ms",
      },
      { name: "  floor: longest task", value: m("longestTask"), unit: "ms" },
    ];
  } finally {
    floor.stop();
  }
}

export async function benchLighthouse() {
  const rows = await floorRows();
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",");
  for (const tenant of await tenantIds()) {
    if (only && tenant !== DEFAULT_TENANT) continue;
    const pages =
      tenant === DEFAULT_TENANT
        ? DEFAULT_PAGES.filter((p) => !only || only.includes(p.name))
        : DEFAULT_PAGES.slice(0, 1);
    const preview = await startPreview(tenant, process.env.BENCH_PORT);
    const front =
      process.env.BENCH_LIGHTHOUSE_SERVER === "preview"
        ? null
        : await startFront(tenant, preview.url).catch((e) => {
            preview.stop();
            throw e;
          });
    try {
      const server = front ?? { url: preview.url, chromeFlags: [] };
      for (const page of pages) rows.push(...(await pageRows(server, tenant, page)));
    } finally {
      await front?.stop();
      preview.stop();
    }
  }
  return rows;
}
