/**
 * Hostile input in the browser. Every text field of the backend's replies
 * (event names and places, banner titles, product and frame titles, participants' names,
 * payment types, error messages) is rewritten to carry script and markup, and every address
 * (banner links, pay pages, downloads) to a javascript: one; then a tenant whose YAML carries
 * the same is built and served. The text must show as text, nothing may run (no dialog, no
 * `window.__pwned`, no injected element), no link may get a javascript: address, and the
 * tenant's own Content-Security-Policy must not be violated.
 */
import { type ChildProcess, execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import YAML from "yaml";
import { startCliServer } from "./cli-server.ts";
import { fileOnDisk } from "./file-on-disk.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

/** What every rewritten text carries; shown literally, it is the proof nothing was parsed. */
const MARK = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>{{constructor}}`;
const JS_URL = "javascript:window.__pwned=1";
const hostile = (text: string) => `${text} ${MARK}\u2028\u2029`;

type Json = unknown;

/** The reply with its text fields and addresses made hostile, by the shape of each object. */
function poison(value: Json, options: Watch["options"]): Json {
  if (Array.isArray(value)) return value.map((v) => poison(v, options));
  if (!value || typeof value !== "object") return value;
  const o: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) o[k] = poison(v, options);
  const text = (...keys: string[]) => {
    for (const k of keys) if (typeof o[k] === "string") o[k] = hostile(o[k] as string);
  };
  const has = (...keys: string[]) => keys.every((k) => k in o);
  if (has("eventId", "name")) text("name", "location");
  if (has("themeImageId")) {
    text("title");
    o.link = JS_URL;
  }
  if (has("photoId", "photographer")) text("photographer");
  if (has("competitorId", "surname")) text("surname", "firstName");
  if (has("productId", "title")) text("title", "description");
  if (has("frameId", "title")) text("title");
  if (has("paymentTypeId", "title")) text("title");
  if (has("code", "message") && Object.keys(o).length === 2) text("message");
  if (has("downloadUrl") && o.downloadUrl) o.downloadUrl = JS_URL;
  if (has("fileUrl") && o.fileUrl) o.fileUrl = JS_URL;
  if (options.payUrl && has("payUrl") && o.payUrl) o.payUrl = JS_URL;
  // A product type the shop does not know: it is shown by the backend's (hostile) title.
  if (options.unknownType && has("productId", "productType")) o.productType = "calendar";
  return o;
}

interface Watch {
  dialogs: string[];
  options: { payUrl: boolean; unknownType?: boolean };
}

/** Rewrites every JSON reply of the backend and records any dialog the page opens. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], options: { payUrl: false } };
  page.on("dialog", (dialog) => {
    w.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  await page.route(/\/public\//, async (route) => {
    try {
      const response = await route.fetch();
      const type = response.headers()["content-type"] ?? "";
      const body = await response.text();
      // Awaited inside the try, both: a rejection of either is caught below.
      if (!type.includes("json") || !body) await route.fulfill({ response });
      else await route.fulfill({ response, json: poison(JSON.parse(body), w.options) });
    } catch (error) {
      // A reply still in flight when the test ends and its page closes: nobody reads it.
      if (page.isClosed() || /disposed|closed/i.test(String(error))) return;
      throw error;
    }
  });
  return w;
}

/** Nothing ran and nothing was injected, whatever the page showed. */
async function expectNothingRan(page: Page, w: Watch) {
  expect(w.dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await expect(page.locator("script:not([src]):not([type='application/json'])")).toHaveCount(0);
  await expect(page.locator("[onerror], [onload], [onclick]")).toHaveCount(0);
  await expect(page.locator("a[href^='javascript:' i]")).toHaveCount(0);
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).protocol));
  for (const protocol of hrefs) expect(["http:", "https:", "mailto:", "tel:"]).toContain(protocol);
}

/** The text carried by the rewritten fields, shown literally somewhere in `scope`. */
const literal = (page: Page, scope = "body") => page.locator(scope).getByText(MARK).first();

test.use({ locale: "en-US" });

test.describe("hostile backend replies", () => {
  test("home and event: names, places and banner show as text", async ({ page }) => {
    const w = await watch(page);
    await page.goto(tenantUrl("mysport", "/"));
    await expect(literal(page, ".event-list")).toBeVisible();
    await expect(page.locator(".home-banner")).toHaveAttribute("alt", /<img src=x onerror=/);
    await expectNothingRan(page, w);

    await page.goto(tenantUrl("mysport", "/event/1003"));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      `Kazan Night Run 2025 ${MARK}`,
    );
    await expect(literal(page, "main")).toBeVisible();
    await page.getByRole("link", { name: "All photos" }).click();
    await expect(page.locator(".photo-grid img").first()).toBeVisible();
    await page.locator(".photo-grid").getByRole("button").first().click();
    await expect(page.getByRole("dialog", { name: "Photo viewer" })).toBeVisible();
    await expectNothingRan(page, w);
  });

  test("participant, packages, cart and promo code errors show as text", async ({ page }) => {
    const w = await watch(page);
    await page.goto(tenantUrl("mysport", "/search/1003/303"));
    const packages = page.getByRole("region", { name: "Packages" });
    await expect(literal(page, "main")).toBeVisible();
    // Product names are the shop's own: the backend's title is not shown at all.
    await expect(packages).toContainText("All my photos");
    await expect(packages.getByText(MARK)).toHaveCount(0);
    await packages.getByRole("button", { name: "Buy all photos" }).click();
    await expect(page.locator(".cart-badge")).toHaveText("1");
    await expectNothingRan(page, w);

    w.options.unknownType = true;
    await page.goto(tenantUrl("mysport", "/cart"));
    await expect(literal(page, ".cart-item__title")).toBeVisible();
    await expectNothingRan(page, w);
    w.options.unknownType = false;
    const field = page.getByLabel("Promo code");
    const apply = page.getByRole("button", { name: "Apply" });
    await field.fill("NO-SUCH-CODE");
    await apply.click();
    await expect(page.locator("#promo-error")).toHaveText("Promo code not found");
    // An error the shop does not know: its own words, never the backend's markup.
    await page.route(/\/promoCodes/, (route) =>
      route.fulfill({ status: 400, json: { code: MARK, message: MARK } }),
    );
    await field.fill("ODD");
    await apply.click();
    await expect(page.locator("#promo-error")).toBeVisible();
    await expect(page.locator("#promo-error")).not.toContainText("window.__pwned");
    await expectNothingRan(page, w);
  });

  test("checkout: a javascript: pay page is refused; the paid order's links stay web links", async ({
    page,
  }) => {
    const w = await watch(page);
    await page.goto(tenantUrl("mysport", "/search/1003/304"));
    await page
      .getByRole("region", { name: "Packages" })
      .getByRole("button", { name: "Buy all photos" })
      .click();
    await expect(page.locator(".cart-badge")).toHaveText("1");
    await page.goto(tenantUrl("mysport", "/cart"));
    await page.getByRole("link", { name: "Proceed to checkout" }).click();
    await expect(page.locator(".checkout__items")).toHaveText(/^All my photos/);
    await page.getByRole("textbox", { name: "E-mail" }).fill("runner@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("radio", { name: /^Bank card/ })).toBeChecked();
    await page.getByRole("checkbox", { name: /offer agreement/ }).check();

    w.options.payUrl = true;
    const pay = page.getByRole("button", { name: "Pay for the order", exact: true });
    await pay.click();
    await expect(page.getByText("Unable to pay the order")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/order");
    await expectNothingRan(page, w);

    w.options.payUrl = false;
    await pay.click();
    await page.waitForURL(/\/demo\/pay\//);
    // The paid order of a product type the shop does not know shows the backend's title, as text.
    w.options.unknownType = true;
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    await expect(page.getByText("Status: paid")).toBeVisible({ timeout: 15_000 });
    await expect(literal(page, ".paid-item__title")).toBeVisible();
    await expectNothingRan(page, w);
  });
});

test("a selfie that is not a photo, or over 8 MB, is refused before any upload", async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/selfies/.test(r.url())) uploads.push(r.url());
  });
  await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=mine"));
  await page
    .getByRole("checkbox", {
      name: "I agree that my selfie is used to find my photos of this event",
    })
    .check();
  const input = page.getByLabel("Upload a photo");
  const error = page.locator(".search-error");
  await input.setInputFiles({
    name: "selfie.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(`<svg onload="window.__pwned=1"/>${MARK}`),
  });
  await expect(error).toHaveText("Upload a photo (JPEG, PNG, HEIC or WebP)");
  await input.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await expect(error).toHaveText("Upload a photo (JPEG, PNG, HEIC or WebP)");
  // A JPEG's first bytes padded past 8 MB, picked from disk (no 8 MB through the protocol).
  await input.setInputFiles(
    fileOnDisk(
      test.info(),
      "huge.jpg",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(8 * 1024 * 1024)]),
    ),
  );
  await expect(error).toHaveText("Upload a photo up to 8 MB");
  expect(uploads).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
});

// --- a hostile tenant --------------------------------------------------------------------

const run = promisify(execFile);
/** At most 60 characters, like every tenant name. */
const NAME = `</script><img src=x onerror=window.__pwned=1>{{x}}`;

test.describe("a hostile tenant", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ locale: "ru-RU" });

  let root: string;
  let preview: ChildProcess | undefined;
  /** The hostile tenant's preview, on a free port the system chose (runs can share a machine). */
  let ORIGIN = "";
  let csp = "";

  test.beforeAll(async () => {
    // A build and a preview start: minutes on a machine two test runs share.
    test.setTimeout(240_000);
    root = mkdtempSync(join(tmpdir(), "storefront-hostile-"));
    const tenantsDir = join(root, "tenants");
    const outDir = join(root, "dist");
    cpSync("tenants/mysport", join(tenantsDir, "mysport"), { recursive: true });
    const config = YAML.parse(readFileSync("tenants/mysport.yaml", "utf8"));
    config.tenantName = NAME;
    config.appBar.backLink = {
      url: `https://mysport.example/?q=</script><script>window.__pwned=1</script>`,
      label: { ru: hostile("Назад"), en: hostile("Back") },
    };
    config.footer.copyright.holder = hostile("MySport");
    config.support.email = "o'brien@mysport.example";
    config.social[0].url = `https://vk.com/"><img src=x onerror=window.__pwned=1>`;
    writeFileSync(join(tenantsDir, "hostile.yaml"), YAML.stringify(config));
    await run(process.execPath, [
      "cli/bin.js",
      "build",
      "hostile",
      "--tenants-dir",
      tenantsDir,
      "--out-dir",
      outDir,
    ]);
    const headers = readFileSync(join(outDir, "hostile", "_headers"), "utf8");
    csp = /Content-Security-Policy: (.+)/.exec(headers)?.[1] ?? "";
    expect(csp).toContain("script-src 'self'");
    const server = await startCliServer([
      "preview",
      "hostile",
      "--tenants-dir",
      tenantsDir,
      "--out-dir",
      outDir,
    ]);
    preview = server.process;
    ORIGIN = server.origin;
  });

  test.afterAll(() => {
    preview?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("its texts show as text, nothing runs, and its CSP is never violated", async ({ page }) => {
    const w = await watch(page);
    // The tenant's own CSP on every page, as nginx or _headers would send it.
    await page.route(`${ORIGIN}/**`, async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), "content-security-policy": csp },
      });
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });

    await page.goto(`${ORIGIN}/`);
    await expect(page).toHaveTitle(NAME);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);
    await expect(page.locator(".back-link")).toContainText(MARK);
    await expect(page.locator(".back-link")).toHaveAttribute(
      "href",
      /^https:\/\/mysport\.example\//,
    );
    await expect(page.locator(".footer__copyright")).toContainText(MARK);
    await expectNothingRan(page, w);

    await page.goto(`${ORIGIN}/contacts`);
    await expect(page.getByRole("link", { name: "o'brien@mysport.example" })).toHaveAttribute(
      "href",
      "mailto:o'brien@mysport.example",
    );
    await expectNothingRan(page, w);
    expect(
      await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations),
    ).toEqual([]);
  });
});
