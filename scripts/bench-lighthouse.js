// Lighthouse figures for `npm run bench` (issue #9): performance score and CLS of the default
// tenant's home and event page, mobile form factor with simulated throttling (Lighthouse's
// defaults), in Debian's Chromium, served by `storefront preview` with its demo backend.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startPreview } from "./bench-gallery.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";

const run = promisify(execFile);
const PAGES = [
  { name: "home", path: "/" },
  { name: "event page", path: "/event/1003" },
];
const RUNS = 3;

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
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    cls: report.audits["cumulative-layout-shift"].numericValue,
    lcp: report.audits["largest-contentful-paint"].numericValue / 1000,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchLighthouse() {
  const preview = await startPreview();
  try {
    const rows = [];
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${preview.url}${page.path}`));
      rows.push(
        {
          name: `Lighthouse performance, ${page.name} (mobile, median of ${RUNS})`,
          value: median(runs.map((r) => r.score)),
          unit: "n",
          target: 95,
          higherIsBetter: true,
        },
        {
          name: `Lighthouse CLS, ${page.name}`,
          value: Math.max(...runs.map((r) => r.cls)),
          unit: "cls",
          target: 0.02,
        },
        { name: `  LCP, ${page.name}`, value: median(runs.map((r) => r.lcp)), unit: "s" },
      );
    }
    return rows;
  } finally {
    preview.stop();
  }
}
