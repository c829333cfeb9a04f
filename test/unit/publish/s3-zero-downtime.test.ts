/**
 * Serving from the bucket, with zero downtime, measured: a real nginx on loopback in front of a
 * real S3-compatible store (Ceph's RADOS Gateway) serves a tenant published with
 * `--to s3://… --nginx-dir`, while a bounded client loads pages and every file each names during
 * two publishes (one changing the theme) and a rollback: 0 failed requests, 0 missing assets,
 * 0 pages whose inline style the CSP of the same response refuses, nothing but built bytes. And
 * the same headers, language choice and prerendered pages as the generated nginx.conf gives.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { publishTenant, rollbackTenant } from "../../../cli/publish/publish.ts";
import { openTarget, type Target } from "../../../cli/publish/target.ts";
import { languageCookieName } from "../../../storefront/src/domain/pages.ts";
import { planPort } from "../../ports.ts";
import type { CephAccess } from "./ceph.ts";
import {
  loadClient,
  MAX_PAGES,
  namedFiles,
  newTally,
  nginxMainConf,
  PAGES_PER_STEP,
} from "./load-client.ts";
import { buildVersions, newLogo, type Version } from "./releases.ts";
import { clientFor, createBucket } from "./s3-store.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
/** nginx in front of the store. */
const PORT = planPort("unitS3Nginx");
const ID = "mysport";
const BUCKET = "storefront-www";
let ceph: CephAccess;
let admin: S3Client;
let work: string;
let prefix: string;
let sites: string;
let nginx: ChildProcess | undefined;
let versions: Record<string, Version>;
const builtFiles = new Map<string, Set<string>>();

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: run scripts/ensure-nginx.sh`);
  work = await mkdtemp(join(tmpdir(), "storefront-s3-serving-"));
  prefix = join(work, "nginx");
  sites = join(work, "sites");
  versions = await buildVersions(work, ID, {
    first: () => {},
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
  await mkdir(prefix, { recursive: true });
  await mkdir(sites, { recursive: true });
  await writeFile(join(prefix, "nginx.conf"), nginxMainConf(prefix, `${sites}/*.conf`));
  ceph = inject("ceph");
  admin = clientFor(ceph);
  await createBucket(admin, BUCKET);
  for (const [k, val] of Object.entries(ceph.env)) process.env[k] = val;
}, 240_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx?.once("exit", r));
    nginx.kill("SIGQUIT");
    await exited;
  }
  admin?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

const conf = () => join(prefix, "nginx.conf");
const targetFor = (reload = true): Promise<Target> =>
  openTarget(`s3://${BUCKET}/www`, {
    listen: [`127.0.0.1:${PORT}`],
    sshOptions: [],
    endpoint: ceph.endpoint,
    nginxDir: sites,
    nginx: { binary: NGINX, conf: conf(), reload, test: true },
  });

const options = (target: Target, v: Version) => ({
  target,
  distDir: v.distDir,
  tenantsDir: v.tenantsDir,
  keep: 5,
  dryRun: false,
});

describe("nginx in front of the object store", () => {
  it("serves the live release with the generated block's headers, languages and pages", async () => {
    const fresh = await targetFor(false);
    expect((await publishTenant(options(fresh, versions.first!), ID)).status).toBe("published");
    await fresh.close();
    let log = "";
    nginx = spawn(NGINX, ["-c", conf()], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stderr?.on("data", (d) => (log += d));
    for (let i = 0; i < 200; i++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log}`);
      const up = await fetch(`http://127.0.0.1:${PORT}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const page = await fetch(`http://127.0.0.1:${PORT}/contacts`, {
      headers: { "accept-language": "en-GB,en;q=0.8" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const built = await readFile(
      join(versions.first!.distDir, ID, "_pages/en/contacts.html"),
      "utf8",
    );
    expect(html).toBe(built);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("content-language")).toBe("en");
    expect(page.headers.get("vary")).toMatch(/Cookie, Accept-Language/);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("content-security-policy")).toMatch(/style-src 'self' 'sha256-/);
    expect(page.headers.get("x-amz-request-id")).toBeNull();
    // The visitor's language choice (the cookie) wins over the browser's.
    const ru = await fetch(`http://127.0.0.1:${PORT}/contacts`, {
      headers: { "accept-language": "en", cookie: `${languageCookieName(ID)}=ru` },
    });
    expect(await ru.text()).toBe(
      await readFile(join(versions.first!.distDir, ID, "_pages/ru/contacts.html"), "utf8"),
    );
    // Hashed files for a year; deploy files and unknown assets are not served.
    const m = JSON.parse(
      await readFile(join(versions.first!.distDir, ID, "build-manifest.json"), "utf8"),
    ) as BuildManifest;
    const js = m.files.find((f) => /^assets\/.*\.js$/.test(f.path))!;
    const asset = await fetch(`http://127.0.0.1:${PORT}/${js.path}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`http://127.0.0.1:${PORT}/assets/nope-1234.js`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${PORT}/build-manifest.json`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${PORT}/_pages/en/home.html`)).status).toBe(404);
  });

  it("no failed request, no missing asset, no refused style through two publishes and a rollback", async () => {
    const target = await targetFor();
    const client = loadClient(PORT, builtFiles);
    const tally = newTally();
    // A page of the first release stays open in a browser through everything below.
    const openPage = await client.get("/", tally);
    const openFiles = namedFiles(new TextDecoder().decode(openPage.body)).files;
    let steps: string[];
    try {
      steps = await client.during(tally, [
        async () => (await publishTenant(options(target, versions.themed!), ID)).status,
        // Back across the theme change.
        async () => (await rollbackTenant(target, ID)).status,
        async () => (await publishTenant(options(target, versions.themedRenamed!), ID)).status,
      ]);
    } finally {
      await target.close();
    }
    expect(steps).toEqual(["published", "rolled-back", "published"]);
    for (const file of openFiles) expect((await client.get(file, tally)).status, file).toBe(200);
    client.close();
    expect(tally.failed).toEqual([]);
    expect(tally.missingAssets).toEqual([]);
    expect(tally.refusedStyles).toEqual([]);
    expect(tally.unknownBytes).toEqual([]);
    expect(tally.pages).toBeGreaterThanOrEqual(4 * PAGES_PER_STEP);
    const served = new Set<string>();
    for (const [name, v] of Object.entries(versions)) {
      const m = JSON.parse(
        await readFile(join(v.distDir, ID, "build-manifest.json"), "utf8"),
      ) as BuildManifest;
      if (m.files.some((f) => f.path.endsWith(".html") && tally.pageHashes.has(f.sha256))) {
        served.add(name);
      }
    }
    expect([...served].sort()).toEqual(["first", "themed", "themedRenamed"]);
    expect(tally.requests).toBeLessThan(MAX_PAGES * 40);
  }, 180_000);
});
