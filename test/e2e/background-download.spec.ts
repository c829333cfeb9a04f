/**
 * "Download in the background" on a phone (Background Fetch, as Chromium on Android has it): the
 * browser downloads the 15 bought photos itself, the page that asked may be closed, the shop's
 * worker keeps what arrived, and "Save all to Photos" then hands all 15 to the share sheet with
 * the network off; once every photo is saved the downloaded copies are deleted.
 *
 * Debian's full Chromium with a profile on disk, not the headless shell in a private context the
 * other specs drive: the shell has no download service (a background fetch there never starts),
 * and a private context drops a download whose page is closed. On a desktop the download waits
 * while no page of the shop is open and goes on with the next one (on Android the system's
 * download service goes on with none); here the runner comes back to the order page.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { expect, type Page, test, watchContext } from "./fixtures.ts";
import { sharedFiles, stubShare } from "./share-stub.ts";
import { tenantUrl } from "./tenants.ts";

/** A paid order of 15 photos (№ 90001): two shares' worth, half the download of the 30. */
const ORDER = "order-seed-01";
const PHOTOS = `storefront.photos:${encodeURIComponent(`order:${ORDER}`)}@mysport`;

/** How many photos the device holds for the order, downloaded in the background. */
const downloaded = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, PHOTOS);

test("downloaded in the background with the page closed, then saved to Photos without a network", async () => {
  test.setTimeout(150_000);
  const profile = await mkdtemp(join(tmpdir(), "storefront-background-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    locale: "en-US",
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    // The worker keeps the download (the suite blocks it elsewhere: playwright.config.ts).
    serviceWorkers: "allow",
  });
  const guards = watchContext(context);
  try {
    await saveInTheBackground(context);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  expect(await guards.problems()).toEqual([]);
});

async function saveInTheBackground(context: import("@playwright/test").BrowserContext) {
  const page = await context.newPage();
  await stubShare(page, true);
  await page.goto(tenantUrl("mysport", `/order/${ORDER}`));
  // The worker is there once the order is kept for offline.
  await expect(page.locator(".order-offline")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Download in the background (15)" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The browser is downloading 15 photos" }),
  ).toBeVisible();
  // The runner closes the shop's tab (the browser itself stays open, as a phone's does: a
  // desktop Chromium with no window left drops the download); the download stays the browser's.
  await (await context.newPage()).goto("about:blank");
  await page.close();

  const again = await context.newPage();
  await stubShare(again, true);
  await again.goto(tenantUrl("mysport", `/order/${ORDER}`));
  // The browser's download service sets the pace (slower on a busy machine): waited for, bounded.
  await expect.poll(() => downloaded(again), { timeout: 75_000 }).toBe(15);
  await expect(again.getByRole("button", { name: /Download in the background/ })).toHaveCount(0);

  // No network now: all 15 come from the device, ten per tap.
  await context.setOffline(true);
  const save = again.locator(".save-all__action");
  await expect(save).toHaveText("Save all to Photos (15)");
  for (const count of [10, 15]) {
    await save.click();
    await expect.poll(async () => (await sharedFiles(again)).length).toBe(count);
  }
  await expect(save).toHaveText("All 15 photos saved");
  const files = await sharedFiles(again);
  expect(new Set(files.map((f) => f.name)).size).toBe(15);
  expect(files.every((f) => f.type === "image/jpeg" && f.size > 1_000)).toBe(true);
  // Every photo handed over: the downloaded copies are let go.
  await expect.poll(() => downloaded(again)).toBe(0);
}
