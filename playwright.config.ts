import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from "./scripts/chromium.js";
import { TENANT_PORTS } from "./test/e2e/tenants.ts";

export default defineConfig({
  testDir: "test/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: {
    timeout: 7_000,
    // Visual regression (test/e2e/visual.spec.ts): small tolerance, still pages.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" },
  },
  // One baseline per screenshot, without the platform suffix: the suite runs in Debian's
  // Chromium everywhere (CI and these machines), and the lead regenerates them with one command.
  snapshotPathTemplate: "{testDir}/{testFilePath}-snapshots/{arg}{ext}",
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    locale: "ru-RU",
    // The shop's service worker (registered once a paid order is kept offline) answers a page's
    // requests itself, where a test's page.route no longer sees them: blocked by default, and
    // allowed by the specs about it (offline-order.spec.ts; background-download.spec.ts).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: TEST_BROWSER_PATH,
      args: [
        ...CHROMIUM_ARGS,
        // The selfie camera: a fake device, granted without a prompt.
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
      ],
    },
  },
  // Bundles are built by the test script before Playwright starts; each tenant is then served
  // by the real CLI, with its demo backend, exactly as support staff would preview it.
  webServer: Object.entries(TENANT_PORTS).map(([id, port]) => ({
    command: `node cli/bin.js preview ${id} --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
