/**
 * The engineer's loop through the real CLI, in Chromium: `storefront dev mysport --core <copy>`
 * serves a copy of the core through Vite's dev server on the preview's own origin. A component
 * saved in the copy is replaced in place (the same document: a marker set on the window before
 * the edit is still there after it), with the tenant's CSP as strict as the build's (a nonce per
 * response, no 'unsafe-inline', no 'unsafe-eval') and no violation reported. The real
 * storefront/ is never edited: the copy lives in the git-ignored .cache/ folder, inside the
 * project so that its modules resolve from the project's node_modules.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planPort } from "../ports.ts";
import { type DevCli, startDevCli } from "./dev-cli.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const PORT = planPort("devCore");
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FOOTER_OPEN = '<footer className="footer">';

let dev: DevCli | undefined;
let work = "";
let project = "";
let footer = "";
let originalFooter = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = await mkdtemp(join(tmpdir(), "storefront-dev-core-e2e-"));
  await cp("tenants", join(work, "tenants"), { recursive: true });
  await mkdir(".cache", { recursive: true });
  project = await mkdtemp(join(process.cwd(), ".cache", "dev-core-e2e-"));
  for (const part of ["storefront/src", "storefront/locales", "storefront/index.html"]) {
    await cp(part, join(project, part), { recursive: true });
  }
  await cp("lingui.config.ts", join(project, "lingui.config.ts"));
  footer = join(project, "storefront/src/shell/Footer.tsx");
  originalFooter = await readFile(footer, "utf8");
  expect(originalFooter).toContain(FOOTER_OPEN);
  dev = startDevCli([
    "mysport",
    "--core",
    project,
    "--tenants-dir",
    join(work, "tenants"),
    "--out-dir",
    join(work, "dist"),
    "--port",
    String(PORT),
  ]);
  await expect.poll(() => dev?.output(), { timeout: 90_000 }).toContain("hot module replacement");
});

test.afterAll(async () => {
  dev?.stop();
  await rm(work, { recursive: true, force: true });
  if (project) await rm(project, { recursive: true, force: true });
});

type Marked = Window & { stillHere?: boolean; violations?: string[] };

test("a component saved in the core is replaced in place, within a CSP as strict as the build's", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    const w = window as Marked;
    w.violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.violations?.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  const response = await page.goto(`${ORIGIN}/`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? "";
  expect(nonce.length).toBeGreaterThanOrEqual(22);
  expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
  expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  // The app rendered itself (nothing is prerendered in --core) with the tenant's theme.
  await expect(page.locator("footer.footer")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("data-app", "live");
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
    ),
  ).toBe("#1565c0");
  // The HMR socket is the page's own origin (connect-src 'self').
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  expect(new URL(sockets[0] ?? "").host).toBe(`127.0.0.1:${PORT}`);
  // Each response has its own nonce.
  const again = await page.request.get(`${ORIGIN}/`);
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);

  await page.evaluate(() => {
    (window as Marked).stillHere = true;
  });
  for (const n of [1, 2]) {
    const probe = page.locator(".hmr-probe");
    // Saved again (at most five times) if Vite's file watcher, still taking in the copy on a busy
    // machine, missed the save: what is tested is the replacement, not the watcher's start-up.
    let shown = false;
    for (let save = 0; save < 5 && !shown; save++) {
      await writeFile(
        footer,
        originalFooter.replace(
          FOOTER_OPEN,
          `${FOOTER_OPEN}<p className="hmr-probe">probe ${n}</p>`,
        ),
      );
      shown = await expect(probe)
        .toHaveText(`probe ${n}`, { timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(shown, dev?.output()).toBe(true);
  }
  expect(await page.evaluate(() => (window as Marked).stillHere)).toBe(true);
  expect(await page.evaluate(() => (window as Marked).violations)).toEqual([]);
});

test("a colour saved in the YAML still reloads the page with the new theme", async ({ page }) => {
  const yaml = join(work, "tenants", "mysport.yaml");
  const original = await readFile(yaml, "utf8");
  await page.goto(`${ORIGIN}/`);
  await expect(page.locator("html")).toHaveAttribute("data-app", "live", { timeout: 30_000 });
  await writeFile(yaml, original.replace(/primary: "#[0-9a-fA-F]{6}"/, 'primary: "#123456"'));
  await expect
    .poll(
      () =>
        page
          .evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
          )
          .catch(() => ""),
      { timeout: 20_000 },
    )
    .toBe("#123456");
});

test("the HMR socket is refused for a Host the preview does not answer (421)", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port: PORT,
      path: "/",
      headers: {
        Host: "evil.example",
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Protocol": "vite-hmr",
      },
    });
    req.on("response", (res) => resolve(res.statusCode ?? 0));
    req.on("upgrade", () => resolve(101));
    req.on("error", reject);
    req.end();
  });
  expect(status).toBe(421);
});
