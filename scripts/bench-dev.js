// `storefront dev` figure for `npm run bench` (the operator's loop): from saving a changed
// colour in a tenant's YAML to the open page showing it, in Debian's Chromium, without touching
// the browser. A temporary copy of tenants/ is edited, never the real one.
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";

const RUNS = 10;
const PRIMARY = /primary: "#[0-9a-fA-F]{6}"/;

/** `storefront dev mysport` on a free port over the given tenants folder; resolves with its URL. */
function startDev(tenantsDir, outDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "cli/bin.js",
        "dev",
        "mysport",
        "--tenants-dir",
        tenantsDir,
        "--out-dir",
        outDir,
        "--port",
        "0",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = /at (http:\/\/[^\s,]+)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => child.kill("SIGTERM") });
    });
    child.on("exit", (code) => reject(new Error(`dev exited (${code}): ${out}`)));
  });
}

/** The page's primary colour as the theme applies it, or "" while the page is being replaced. */
async function shownPrimary(page) {
  try {
    return await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
    );
  } catch {
    return ""; // the reload destroyed the context between two polls
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchDev() {
  const work = await mkdtemp(join(tmpdir(), "storefront-bench-dev-"));
  const tenantsDir = join(work, "tenants");
  await cp("tenants", tenantsDir, { recursive: true });
  const yaml = join(tenantsDir, "mysport.yaml");
  const original = await readFile(yaml, "utf8");
  const dev = await startDev(tenantsDir, join(work, "dist"));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "ru-RU" });
    await page.goto(`${dev.url}/`);
    const times = [];
    // One unmeasured change first (JIT, file cache), then RUNS measured ones.
    for (let i = 0; i <= RUNS; i++) {
      const colour = `#${(0x102030 + i * 0x010101).toString(16)}`;
      const started = performance.now();
      await writeFile(yaml, original.replace(PRIMARY, `primary: "${colour}"`));
      // Bounded by count: 3000 polls of the page is far beyond any reload.
      let shown = false;
      for (let poll = 0; poll < 3000 && !shown; poll++) {
        shown = (await shownPrimary(page)) === colour;
        if (!shown) await new Promise((r) => setTimeout(r, 10));
      }
      if (!shown) throw new Error(`the page never showed ${colour}`);
      if (i > 0) times.push((performance.now() - started) / 1000);
    }
    return [
      {
        name: `dev: saved colour → page shows it (median of ${RUNS})`,
        value: median(times),
        unit: "s",
        target: 1,
      },
      { name: "  slowest of the runs", value: Math.max(...times), unit: "s" },
    ];
  } finally {
    await browser.close();
    dev.stop();
    await rm(work, { recursive: true, force: true });
  }
}
