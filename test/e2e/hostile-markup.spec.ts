/**
 * Tenant and API text inside a translated message is shown as text, never read as the message's
 * markup: a support time zone written "<0>Click to claim a refund</0>" in a tenant's YAML does
 * not become a second support link, an order number "<script>…</script>" from the backend is
 * shown as written instead of vanishing, on the prerendered page and in the live app alike.
 */
import { type ChildProcess, execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import YAML from "yaml";
import { startCliServer } from "./cli-server.ts";
import { expect, type Page, test } from "./fixtures.ts";

const CLAIM = "<0>Click to claim a refund</0>";
const SCRIPT = "<script>window.__pwned=1</script>";
/** The support time zone the tenant's YAML gives, in every language. */
const ZONE = `Moscow time ${CLAIM} ${SCRIPT}`;
/** The order number the backend answers with. */
const NUMBER = `A-1 ${CLAIM}${SCRIPT}`;

const run = promisify(execFile);
/** The markup tenant's preview, on a port it picked itself. */
let ORIGIN = "";

/** Every order the backend describes carries NUMBER as its number. */
async function hostileOrderNumbers(page: Page): Promise<void> {
  await page.route(/\/public\/order-service\//, async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (!(response.headers()["content-type"] ?? "").includes("json") || !body) {
        await route.fulfill({ response });
        return;
      }
      const rewrite = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(rewrite);
        if (!value || typeof value !== "object") return value;
        const o = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
        if (typeof o.number === "string") o.number = NUMBER;
        return o;
      };
      await route.fulfill({ response, json: rewrite(JSON.parse(body)) });
    } catch (error) {
      // A reply still in flight when the page closes: nobody reads it.
      if (page.isClosed() || /disposed|closed/i.test(String(error))) return;
      throw error;
    }
  });
}

/** Nothing of the hostile text ran or became an element. */
async function expectNothingParsed(page: Page) {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator("#root script")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Click to claim a refund" })).toHaveCount(0);
}

test.describe("markup in a tenant's texts and the backend's", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ locale: "en-US" });

  let root: string;
  let preview: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    root = mkdtempSync(join(tmpdir(), "storefront-markup-"));
    const tenantsDir = join(root, "tenants");
    const outDir = join(root, "dist");
    cpSync("tenants/mysport", join(tenantsDir, "mysport"), { recursive: true });
    const config = YAML.parse(readFileSync("tenants/mysport.yaml", "utf8"));
    config.support.hours.timeZone = { ru: ZONE, en: ZONE };
    writeFileSync(join(tenantsDir, "markup.yaml"), YAML.stringify(config));
    const dirs = ["--tenants-dir", tenantsDir, "--out-dir", outDir];
    await run(process.execPath, ["cli/bin.js", "build", "markup", ...dirs]);
    const server = await startCliServer(["preview", "markup", ...dirs]);
    preview = server.process;
    ORIGIN = server.origin;
  });

  test.afterAll(() => {
    preview?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("the contacts page shows the support time zone as written, served and live", async ({
    page,
    request,
  }) => {
    // The prerendered page: the time zone is escaped text in the HTML, no element of its own.
    const served = await (
      await request.get(`${ORIGIN}/contacts`, { headers: { "accept-language": "en-US" } })
    ).text();
    expect(served).toContain(
      "Moscow time &lt;0&gt;Click to claim a refund&lt;/0&gt; &lt;script&gt;window.__pwned=1&lt;/script&gt;",
    );

    await page.goto(`${ORIGIN}/contacts`);
    await expect(page.locator("html[data-app=live]")).toBeAttached();
    const hours = page.locator(".contacts dd").nth(1);
    await expect(hours).toHaveText(`Mon–Fri 08:00–18:00 ${ZONE}`);
    await expect(hours.locator("*")).toHaveCount(0);
    await expectNothingParsed(page);
  });

  test("checkout and the paid order show the order number and time zone as written, with one support link", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await hostileOrderNumbers(page);
    await page.goto(`${ORIGIN}/search/1003/304`);
    await page
      .getByRole("region", { name: "Packages" })
      .getByRole("button", { name: "Buy all photos" })
      .click();
    await expect(page.locator(".cart-badge")).toHaveText("1");
    await page.goto(`${ORIGIN}/cart`);
    await page.getByRole("link", { name: "Proceed to checkout" }).click();
    await page.getByRole("textbox", { name: "E-mail" }).fill("runner@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("checkbox", { name: /offer agreement/ }).check();
    const pay = page.getByRole("button", { name: "Pay for the order", exact: true });
    await pay.click();
    await page.waitForURL(/\/demo\/pay\//);
    // Back at checkout with the order placed and unpaid: its summary is the order, by number.
    await page.goto(`${ORIGIN}/order`);
    const summary = page.getByRole("complementary", { name: "Your order" });
    await expect(summary).toContainText(`Order № ${NUMBER}`);
    await expectNothingParsed(page);

    await page.getByRole("checkbox", { name: /offer agreement/ }).check();
    await pay.click();
    await page.waitForURL(/\/demo\/pay\//);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    await expect(page.getByText("Status: paid")).toBeVisible({ timeout: 15_000 });
    const support = page.locator(".order-downloads__support");
    await expect(support).toContainText(`(Mon–Fri 08:00–18:00 ${ZONE}).`);
    await expect(support.getByRole("link")).toHaveCount(1);
    await expect(support.getByRole("link")).toHaveAttribute(
      "href",
      "mailto:support@mysport.example",
    );
    await expectNothingParsed(page);
  });
});
