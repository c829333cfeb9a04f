/**
 * The operator's loop through the real CLI, in Chromium: `storefront dev mysport` over a copy
 * of tenants/; a colour saved in the YAML shows on the open page without touching the browser;
 * a broken YAML shows its problems over the page (file:line:col, as text) while the last good
 * build keeps serving; fixing it removes them. A built bundle has no trace of the channel.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planPort } from "../ports.ts";
import { type DevCli, startDevCli } from "./dev-cli.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const PORT = planPort("dev");
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PRIMARY = /primary: "#[0-9a-fA-F]{6}"/;

let dev: DevCli | undefined;
let work = "";
let yaml = "";
let original = "";

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-dev-e2e-"));
  await cp("tenants", join(work, "tenants"), { recursive: true });
  yaml = join(work, "tenants", "mysport.yaml");
  original = await readFile(yaml, "utf8");
  dev = startDevCli([
    "mysport",
    "--tenants-dir",
    join(work, "tenants"),
    "--out-dir",
    join(work, "dist"),
    "--port",
    String(PORT),
  ]);
  await expect.poll(() => dev?.output(), { timeout: 60_000 }).toContain("rebuilt as you save");
});

test.afterAll(async () => {
  dev?.stop();
  await rm(work, { recursive: true, force: true });
});

const primaryOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
  );

test("a colour saved in the YAML shows on the open page without a manual reload", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/`);
  await expect(page.getByRole("banner")).toBeVisible();
  expect(await primaryOf(page)).not.toBe("#123456");
  await writeFile(yaml, original.replace(PRIMARY, 'primary: "#123456"'));
  await expect.poll(() => primaryOf(page).catch(() => ""), { timeout: 20_000 }).toBe("#123456");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#123456");
});

test("an edit that changes no output reloads nothing", async ({ page }) => {
  await page.goto(`${ORIGIN}/`);
  await expect.poll(() => primaryOf(page)).toBe("#123456");
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const before = (dev?.output() ?? "").length;
  await writeFile(yaml, `# tuning the palette\n${original.replace(PRIMARY, 'primary: "#123456"')}`);
  await expect
    .poll(() => (dev?.output() ?? "").slice(before), { timeout: 20_000 })
    .toContain("output unchanged");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
});

test("a broken YAML shows file:line:col over the page, the last good build serving; fixing it removes it", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/`);
  await expect.poll(() => primaryOf(page)).toBe("#123456");
  // A bad colour and a key written as markup: the overlay shows both as text, never as HTML.
  const broken = original
    .replace(PRIMARY, 'primary: "#12345"')
    .replace(/^tenantName:/m, '"<img src=x>": 1\ntenantName:');
  await writeFile(yaml, broken);
  const line = broken.split("\n").findIndex((l) => l.includes('"#12345"')) + 1;
  const overlay = page.getByRole("alert", { name: "Tenant configuration problems" });
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toContainText(
    new RegExp(`mysport\\.yaml:${line}:\\d+  theme\\.palette\\.primary  `),
  );
  await expect(overlay).toContainText('"<img src=x>"');
  expect(await overlay.locator("img").count()).toBe(0);
  // The last good build keeps serving, to this page and to a new one.
  expect(await primaryOf(page)).toBe("#123456");
  const other = await page.context().newPage();
  await other.goto(`${ORIGIN}/`);
  expect(await primaryOf(other)).toBe("#123456");
  await expect(other.getByRole("alert", { name: "Tenant configuration problems" })).toBeVisible();

  await writeFile(yaml, original.replace(PRIMARY, 'primary: "#654321"'));
  await expect.poll(() => primaryOf(page).catch(() => ""), { timeout: 20_000 }).toBe("#654321");
  await expect(overlay).toHaveCount(0);
  await expect.poll(() => primaryOf(other).catch(() => ""), { timeout: 20_000 }).toBe("#654321");
});

test("a bundle `storefront build` wrote has no trace of the reload channel", async () => {
  const files = (await readdir("dist/mysport", { recursive: true, withFileTypes: true })).filter(
    (e) => e.isFile(),
  );
  expect(files.length).toBeGreaterThan(10);
  for (const entry of files) {
    const text = await readFile(join(entry.parentPath, entry.name), "latin1");
    expect(text.includes("__storefront-dev"), entry.name).toBe(false);
    expect(text.includes("EventSource"), entry.name).toBe(false);
  }
});
