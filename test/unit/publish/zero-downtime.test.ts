/**
 * Zero downtime, measured: a real nginx on loopback serves a published tenant while a bounded
 * client keeps loading pages and then every asset each page names, during two publishes
 * (one of them changing the theme), a rollback (back across the theme change), and a deploy
 * preview of the next release promoted to live. Counted: failed requests, assets missing for a page that was served, pages whose inline style the CSP
 * of the same response does not allow, and responses that are not byte for byte a file of a
 * built release (a half-copied release would show here). Every one of them must be 0.
 * Beside the client, a page in Chromium that the shop's service worker controls (as a visitor's
 * does once a paid order is kept offline) stays open through every switch: it still gets every
 * file it names through the worker, and its next navigation is the newest release.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { previewTenant, promoteTenant } from "../../../cli/publish/previews.ts";
import { publishTenant, rollbackTenant } from "../../../cli/publish/publish.ts";
import { openTarget, type Target } from "../../../cli/publish/target.ts";
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from "../../../scripts/chromium.js";
import { planPort } from "../../ports.ts";
import {
  loadClient,
  MAX_PAGES,
  namedFiles,
  newTally,
  nginxMainConf,
  PAGES_PER_STEP,
} from "./load-client.ts";
import { buildVersions, newLogo, type Version } from "./releases.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const ID = "mysport";
let work: string;
let www: string;
let prefix: string;
let port: number;
let nginx: ChildProcess | undefined;
let browser: Browser | undefined;
let versions: Record<string, Version>;
/** sha256 of every file of every build, by path: what a response may be, byte for byte. */
const builtFiles = new Map<string, Set<string>>();

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: run scripts/ensure-nginx.sh`);
  work = await mkdtemp(join(tmpdir(), "storefront-zero-downtime-"));
  www = join(work, "www");
  prefix = join(work, "nginx");
  versions = await buildVersions(work, ID, {
    first: () => {},
    renamed: (doc) => doc.set("tenantName", "MySport Live"),
    // A brand refresh: another colour (every page's inline style, so its CSP hash, changes)
    // and another logo (a new hashed file: pages of older releases still name the old one).
    themed: async (doc, dir) => {
      doc.setIn(["theme", "palette", "primary"], "#2e7d32");
      await newLogo(dir);
    },
    themedRenamed: async (doc, dir) => {
      doc.set("tenantName", "MySport Green");
      doc.setIn(["theme", "palette", "primary"], "#2e7d32");
      await newLogo(dir);
    },
  });
  for (const v of Object.values(versions)) {
    const m = JSON.parse(
      await readFile(join(v.distDir, ID, "build-manifest.json"), "utf8"),
    ) as BuildManifest;
    for (const f of m.files) {
      if (!builtFiles.has(f.path)) builtFiles.set(f.path, new Set());
      builtFiles.get(f.path)?.add(f.sha256);
    }
  }
  port = planPort("unitNginx");
  await mkdir(prefix, { recursive: true });
  await writeFile(
    join(prefix, "nginx.conf"),
    nginxMainConf(prefix, `${www}/*/nginx.conf;\n  include ${www}/*/previews/*.conf`),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx?.once("exit", r));
    nginx.kill("SIGQUIT");
    await exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

const targetFor = (conf: string, reload = true): Promise<Target> =>
  openTarget(www, {
    listen: [`127.0.0.1:${port}`],
    sshOptions: [],
    nginx: { binary: NGINX, conf, reload, test: true },
  });

const options = (target: Target, v: Version) => ({
  target,
  distDir: v.distDir,
  tenantsDir: v.tenantsDir,
  keep: 5,
  dryRun: false,
});

describe("publishing under load through a real nginx", () => {
  it("no failed request, no missing asset, no refused style, nothing half-copied", async () => {
    const conf = join(prefix, "nginx.conf");
    // The first release is live before nginx starts (a fresh server: nothing to reload yet).
    const fresh = await targetFor(conf, false);
    await publishTenant(options(fresh, versions.first!), ID);
    await fresh.close();
    const target = await targetFor(conf);
    let log = "";
    nginx = spawn(NGINX, ["-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stderr?.on("data", (d) => (log += d));
    for (let i = 0; i < 200; i++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log}`);
      const up = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const client = loadClient(port, builtFiles);
    const tally = newTally();
    // A page of the first release stays open in a browser through everything below.
    const openPage = await client.get("/", tally);
    const openFiles = namedFiles(new TextDecoder().decode(openPage.body)).files;
    const controlled = await controlledPage(`http://127.0.0.1:${port}/`);
    /** Each file the open page names, fetched by that page through the worker after a switch. */
    const viaWorker = async (status: string) => {
      const statuses = await controlled.page.evaluate(
        (files) => Promise.all(files.map(async (f) => `${f} ${(await fetch(f)).status}`)),
        openFiles,
      );
      expect(statuses).toEqual(openFiles.map((f) => `${f} 200`));
      return status;
    };
    let steps: string[];
    try {
      steps = await client.during(tally, [
        async () => viaWorker((await publishTenant(options(target, versions.renamed!), ID)).status),
        async () => viaWorker((await publishTenant(options(target, versions.themed!), ID)).status),
        // Back across the theme change.
        async () => viaWorker((await rollbackTenant(target, ID)).status),
        // The next release as a deploy preview (nothing live changes), then promoted as it is.
        async () =>
          viaWorker(
            (
              await previewTenant(
                {
                  ...options(target, versions.themedRenamed!),
                  name: "pr-9",
                  domain: "preview.test",
                  expiresAt: Date.now() + 86_400_000,
                  secret: "zero-downtime-preview-secret-0123456789",
                  scheme: "http",
                },
                ID,
              )
            ).status,
          ),
        async () =>
          viaWorker((await promoteTenant(options(target, versions.first!), ID, "pr-9")).status),
      ]);
    } finally {
      await target.close();
    }
    expect(steps).toEqual(["published", "published", "rolled-back", "previewed", "published"]);
    // The worker's page takes the newest release at its next navigation, still controlled.
    await controlled.page.reload();
    expect(await controlled.page.title()).toContain("MySport Green");
    expect(await controlled.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(
      true,
    );
    expect(controlled.failures).toEqual([]);

    // The page opened at the start still finds every file it names.
    for (const file of openFiles) expect((await client.get(file, tally)).status, file).toBe(200);
    client.close();
    expect(tally.failed).toEqual([]);
    expect(tally.missingAssets).toEqual([]);
    expect(tally.refusedStyles).toEqual([]);
    expect(tally.unknownBytes).toEqual([]);
    // The load really spanned the switches: pages of several releases were served.
    expect(tally.pages).toBeGreaterThanOrEqual(5 * PAGES_PER_STEP);
    const served = new Set<string>();
    for (const [name, v] of Object.entries(versions)) {
      const m = JSON.parse(
        await readFile(join(v.distDir, ID, "build-manifest.json"), "utf8"),
      ) as BuildManifest;
      if (m.files.some((f) => f.path.endsWith(".html") && tally.pageHashes.has(f.sha256))) {
        served.add(name);
      }
    }
    expect([...served].sort()).toEqual(["first", "renamed", "themed", "themedRenamed"]);
    expect(tally.requests).toBeLessThan(MAX_PAGES * 40);
  }, 180_000);
});

/**
 * The tenant's home in Chromium, controlled by the shop's worker: registered as the shop does
 * when it keeps a paid order (/sw.js?tenant=…), then taking the open page (clients.claim).
 * Every request of the page that fails or answers an error is noted, but the backend's: the API
 * (/public/) and the identity provider the silent sign-in check asks (/auth/); none is behind
 * this nginx, and its generated block answers 404 there.
 */
async function controlledPage(url: string): Promise<{ page: Page; failures: string[] }> {
  browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const failures: string[] = [];
  const api = (url: string) => /^\/(public|auth)\//.test(new URL(url).pathname);
  page.on("requestfailed", (r) => {
    if (!api(r.url())) failures.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !api(r.url())) failures.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  await page.evaluate(async (tenant) => {
    await navigator.serviceWorker.register(`/sw.js?tenant=${tenant}`, { scope: "/" });
    await navigator.serviceWorker.ready;
  }, ID);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { page, failures };
}
