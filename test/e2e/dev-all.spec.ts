/**
 * `storefront dev --all` through the real CLI, in Chromium: every tenant on one port by host
 * name, each rebuilt and reloaded on its own — a colour saved in one tenant's YAML shows on
 * that tenant's open page, and the other tenant's page is not reloaded.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { planPort } from "../ports.ts";
import { type DevCli, startDevCli } from "./dev-cli.ts";
import { expect, test } from "./fixtures.ts";

const PORT = planPort("devAll");

// One `dev --all` (two tenants built) for both tests, on its one port: the file's tests run in
// order in one worker, not spread over both.
test.describe.configure({ mode: "default" });
const PRIMARY = /primary: "#[0-9a-fA-F]{6}"/;

let dev: DevCli | undefined;
let work = "";

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-dev-all-e2e-"));
  // Two tenants are enough to tell one from the other, and build in half the time of five.
  await cp("tenants", join(work, "tenants"), {
    recursive: true,
    filter: (src) => !/(myeventphoto|timerman|mysport-usa)\.yaml$/.test(src),
  });
  dev = startDevCli([
    "--all",
    "--tenants-dir",
    join(work, "tenants"),
    "--out-dir",
    join(work, "dist"),
    "--port",
    String(PORT),
  ]);
  await expect.poll(() => dev?.output(), { timeout: 90_000 }).toContain("Press Ctrl+C");
});

test.afterAll(async () => {
  dev?.stop();
  await rm(work, { recursive: true, force: true });
});

const primaryOf = (page: Page) =>
  page
    .evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
    )
    .catch(() => "");

test("a change to one tenant reloads that tenant's page only", async ({ page, context }) => {
  expect(dev?.output()).toContain(`http://ironstar.localhost:${PORT}/`);
  await page.goto(`http://mysport.localhost:${PORT}/`);
  const other = await context.newPage();
  await other.goto(`http://ironstar.localhost:${PORT}/`);
  await expect(other.getByRole("banner")).toBeVisible();
  await other.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const yaml = join(work, "tenants", "mysport.yaml");
  const before = (dev?.output() ?? "").length;
  await writeFile(yaml, (await readFile(yaml, "utf8")).replace(PRIMARY, 'primary: "#123456"'));
  await expect.poll(() => primaryOf(page), { timeout: 20_000 }).toBe("#123456");
  expect((dev?.output() ?? "").slice(before)).toContain("mysport  rebuilt");
  expect((dev?.output() ?? "").slice(before)).not.toContain("ironstar");
  expect(await other.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  expect(await primaryOf(other)).not.toBe("#123456");
});
