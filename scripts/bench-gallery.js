// Gallery figure for `npm run bench`: time to the first photo and DOM size of the
// photo grid for the 10,000-photo demo event against a ~100-photo one, measured in one run in
// Debian's Chromium through `storefront preview`, so the ratio is fair on a noisy machine.
import { spawn } from "node:child_process";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";

const LARGE = { id: "1001", photos: 10_000 };
const SMALL = { id: "1004", photos: 120 };

/** `storefront preview <tenant>` with its demo backend on a free port; resolves with its URL. */
export function startPreview(tenant = "mysport", port = "0") {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["cli/bin.js", "preview", tenant, "--port", port], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = /at (http:\/\/[^\s]+)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => child.kill("SIGTERM") });
    });
    child.on("exit", (code) => reject(new Error(`preview exited (${code}): ${out}`)));
  });
}

async function measure(browser, base, event) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "ru-RU" });
  const started = performance.now();
  await page.goto(`${base}/event/${event.id}/photos?tab=all`);
  await page.waitForFunction(() => {
    const img = document.querySelector(".photo-grid img");
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  const firstPhoto = (performance.now() - started) / 1000;
  // Once every page of 100 has arrived, scroll to the middle: the grid must stay bounded.
  await page.waitForFunction((n) => document.body.textContent?.includes(String(n)), event.photos);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await page.waitForTimeout(300);
  const nodes = await page.evaluate(() => document.querySelectorAll(".photo-grid *").length);
  await page.close();
  return { firstPhoto, nodes };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Rows for the bench table: first-photo ratio (≤ 1.2×) and grid DOM nodes (≤ 400). */
export async function benchGallery() {
  const preview = await startPreview();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    await measure(browser, preview.url, SMALL); // warm-up: caches, JIT
    const large = [];
    const small = [];
    for (let i = 0; i < 3; i++) {
      small.push(await measure(browser, preview.url, SMALL));
      large.push(await measure(browser, preview.url, LARGE));
    }
    const tLarge = median(large.map((m) => m.firstPhoto));
    const tSmall = median(small.map((m) => m.firstPhoto));
    return [
      {
        name: `gallery first photo: ${LARGE.photos} ÷ ${SMALL.photos} photos`,
        value: tLarge / tSmall,
        unit: "×",
        target: 1.2,
      },
      { name: `  first photo, ${LARGE.photos} photos`, value: tLarge, unit: "s" },
      { name: `  first photo, ${SMALL.photos} photos`, value: tSmall, unit: "s" },
      {
        name: `gallery grid DOM nodes, ${LARGE.photos} photos`,
        value: Math.max(...large.map((m) => m.nodes)),
        unit: "n",
        target: 400,
      },
    ];
  } finally {
    await browser.close();
    preview.stop();
  }
}
