/**
 * Serving from the bucket, with zero downtime, measured: a real nginx on loopback in front of a
 * real S3-compatible store (Ceph's RADOS Gateway) serves a tenant published with
 * `--to s3://… --nginx-dir`, while a bounded client loads pages and every file each names during
 * a publish (changing the theme), a rollback, a deploy preview of the next release and its
 * promotion (which uploads nothing): 0 failed requests, 0 missing assets,
 * 0 pages whose inline style the CSP of the same response refuses, nothing but built bytes. And
 * the same headers, language choice and prerendered pages as the generated nginx.conf gives; the
 * preview served from the store only to its signed link, with noindex and its banner.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { previewTenant, promoteTenant, prunePreviews } from "../../../cli/publish/previews.ts";
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

const SECRET = "s3-preview-secret-0123456789abcdef";
const PREVIEW_HOST = `pr-5--${ID}.preview.test`;
let link: URL;
const previewOptions = (target: Target, v: Version) => ({
  target,
  distDir: v.distDir,
  tenantsDir: v.tenantsDir,
  name: "pr-5",
  domain: "preview.test",
  expiresAt: Date.now() + 86_400_000,
  secret: SECRET,
  scheme: "http" as const,
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

  it("no failed request, no missing asset, no refused style through a publish, a rollback, a preview and its promotion", async () => {
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
        // The next release as a preview first (nothing live changes), then promoted.
        async () => {
          const shown = await previewTenant(previewOptions(target, versions.themedRenamed!), ID);
          link = new URL(shown.url ?? "");
          return shown.status;
        },
        async () => {
          const promoted = await promoteTenant(options(target, versions.first!), ID, "pr-5");
          expect(promoted.uploaded).toEqual({ objects: 0, bytes: 0 });
          return promoted.status;
        },
      ]);
    } finally {
      await target.close();
    }
    expect(steps).toEqual(["published", "rolled-back", "previewed", "published"]);
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

  it("serves the preview from the store only to its link, with noindex and the banner", async () => {
    const ask = (path: string, cookie = "") =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (done, fail) => {
          const headers: Record<string, string> = { Host: PREVIEW_HOST, "Accept-Language": "en" };
          if (cookie) headers.Cookie = cookie;
          const req = request({ host: "127.0.0.1", port: PORT, path, headers }, (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
          });
          req.on("error", fail);
          req.end();
        },
      );
    expect((await ask("/")).status).toBe(403);
    const enter = await ask(`/contacts${link.search}`);
    expect([enter.status, enter.headers.location]).toEqual([302, "/contacts"]);
    const cookie = ([] as string[])
      .concat((enter.headers["set-cookie"] as string[]) ?? [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await ask("/contacts", cookie);
    expect(page.status).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.body).toContain(">Preview pr-5 — not live</div></body>");
    const built = await readFile(
      join(versions.themedRenamed!.distDir, ID, "_pages/en/contacts.html"),
      "utf8",
    );
    expect(
      page.body
        .replace(/<meta name="robots" content="noindex, nofollow"><style>[^<]*<\/style>/, "")
        .replace(/<div class="storefront-preview"[^>]*>[^<]*<\/div>/, ""),
    ).toBe(built);
    // The secret sits in its own file beside the blocks, mode 600, and in no block.
    expect((await stat(join(sites, "preview-secret.inc"))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(sites, `${ID}.preview-pr-5.conf`), "utf8")).not.toContain(SECRET);
    // Taken off, its release (now live) stays, and so do its objects.
    const target = await targetFor();
    try {
      expect(await prunePreviews(target, ID, Date.now(), ["pr-5"])).toEqual({
        removed: ["pr-5"],
        releases: [],
      });
    } finally {
      await target.close();
    }
    const live = await fetch(`http://127.0.0.1:${PORT}/contacts`, {
      headers: { "accept-language": "en" },
    });
    expect(await live.text()).toBe(built);
  }, 60_000);
});
