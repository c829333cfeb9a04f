/**
 * Zero downtime, measured: a real nginx on loopback serves a published tenant while a bounded
 * client keeps loading pages and then every asset each page names, during three publishes
 * (one of them changing the theme) and a rollback (back across the theme change). Counted:
 * failed requests, assets missing for a page that was served, pages whose inline style the CSP
 * of the same response does not allow, and responses that are not byte for byte a file of a
 * built release (a half-copied release would show here). Every one of them must be 0.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { Agent, get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { cspHash } from "../../../cli/build/render.ts";
import { publishTenant, rollbackTenant } from "../../../cli/publish/publish.ts";
import { openTarget, type Target } from "../../../cli/publish/target.ts";
import { planPort } from "../../ports.ts";
import { buildVersions, type Version } from "./releases.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const ID = "mysport";
/** The client's bounds: it stops by itself after this many page loads at the most. */
const MAX_PAGES = 200;
/** Page loads the client completes between two switches, so each one happens under load. */
const PAGES_PER_STEP = 12;
/** Page loads at most per switch: the client waits for the next one rather than run ahead. */
const PAGES_PER_STEP_MAX = 20;
const LANES = 3;
const PATHS = ["/", "/contacts", "/event/7", "/cart", "/organizers"];

let work: string;
let www: string;
let prefix: string;
let port: number;
let nginx: ChildProcess | undefined;
let versions: Record<string, Version>;
/** sha256 of every file of every build, by path: what a response may be, byte for byte. */
const builtFiles = new Map<string, Set<string>>();

const sha = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

function mainConf(): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((t) => `  ${t}_temp_path ${join(prefix, t)};`)
    .join("\n");
  // A master process (a reload needs one); as root, workers stay root to read the temp folders.
  return `daemon off;
master_process on;
worker_processes 1;
${process.getuid?.() === 0 ? "user root;" : ""}
pid ${join(prefix, "nginx.pid")};
error_log ${join(prefix, "error.log")} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  variables_hash_max_size 2048;
${temp}
  include ${www}/*/nginx.conf;
}
`;
}

/** The files a page names: scripts, images, stylesheets, preloads, icons, the web manifest. */
function namedFiles(html: string): { style: string | null; files: string[] } {
  const files = new Set<string>();
  let style: string | null = null;
  const walk = (node: T.Node) => {
    if ("tagName" in node) {
      const el = node as T.Element;
      const attr = (name: string) => el.attrs.find((a) => a.name === name)?.value;
      // srcset: "url [descriptor], url [descriptor]"
      const srcset = (attr("srcset") ?? "").split(",").map((c) => c.trim().split(/\s+/)[0]);
      for (const ref of [
        attr("src"),
        el.tagName === "link" ? attr("href") : undefined,
        ...srcset,
      ]) {
        if (ref?.startsWith("/")) files.add(ref);
      }
      if (el.tagName === "style") {
        const text = el.childNodes.find((c) => c.nodeName === "#text") as T.TextNode | undefined;
        style = text?.value ?? "";
      }
    }
    const children = "content" in node ? (node as T.Template).content.childNodes : [];
    for (const child of [...(("childNodes" in node && node.childNodes) || []), ...children])
      walk(child);
  };
  walk(parse(html));
  return { style, files: [...files] };
}

interface Tally {
  pages: number;
  requests: number;
  failed: string[];
  missingAssets: string[];
  refusedStyles: string[];
  unknownBytes: string[];
  /** The sha256 of every page served: which releases answered. */
  pageHashes: Set<string>;
  retriedOnClosedConnection: number;
}

/** Connections are reused between requests, as a browser does. */
const keepAlive = new Agent({ keepAlive: true, maxSockets: LANES * 2 });

function request(path: string, language: string, agent: Agent | false) {
  return new Promise<{ status: number; csp: string; body: Buffer }>((done, fail) => {
    const req = httpGet(
      { host: "127.0.0.1", port, path, agent, headers: { "accept-language": language } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            csp: String(res.headers["content-security-policy"] ?? ""),
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", fail);
      },
    );
    req.on("error", fail);
  });
}

/**
 * A GET as a browser makes it. A reload ends nginx's old worker, which closes its idle
 * keep-alive connections; a request sent on one just then finds it closed before any answer,
 * and browsers send such a request again on a new connection (RFC 9112 §9.3.1). So does this
 * client, once; the retries are counted, and only a request that fails again is a failure.
 */
async function get(path: string, tally: Tally) {
  tally.requests++;
  const language = tally.requests % 2 ? "en" : "ru";
  try {
    return await request(path, language, keepAlive);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ECONNRESET") throw e;
    tally.retriedOnClosedConnection++;
    tally.requests++;
    return request(path, language, false);
  }
}

/** One page load: the page, then every file it names, each checked. */
async function loadPage(path: string, tally: Tally) {
  const response = await get(path, tally);
  const body = response.body;
  if (response.status !== 200) {
    tally.failed.push(`${path} ${response.status}`);
    return;
  }
  const html = new TextDecoder().decode(body);
  const digest = sha(body);
  const pages = [...builtFiles.entries()].filter(([p]) => p.endsWith(".html"));
  if (!pages.some(([, hashes]) => hashes.has(digest))) tally.unknownBytes.push(path);
  tally.pageHashes.add(digest);
  const { style, files } = namedFiles(html);
  const csp = response.csp;
  if (style === null || !csp.includes(cspHash(style))) tally.refusedStyles.push(path);
  tally.pages++;
  for (const file of files) {
    const asset = await get(file, tally);
    if (asset.status !== 200) {
      tally.missingAssets.push(`${file} (named by ${path}) ${asset.status}`);
    } else if (!builtFiles.get(file.slice(1))?.has(sha(asset.body))) {
      tally.unknownBytes.push(file);
    }
  }
}

/** Gives the tenant's logos other bytes (a comment), so their hashed names change. */
async function newLogo(tenantsDir: string) {
  for (const name of ["logo.svg", "logo-small.svg"]) {
    const file = join(tenantsDir, ID, name);
    const svg = await readFile(file, "utf8");
    await writeFile(file, svg.replace("</svg>", "<!-- refreshed brand --></svg>"));
  }
}

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
  await writeFile(join(prefix, "nginx.conf"), mainConf());
}, 180_000);

afterAll(async () => {
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

    const tally: Tally = {
      pages: 0,
      requests: 0,
      failed: [],
      missingAssets: [],
      refusedStyles: [],
      unknownBytes: [],
      pageHashes: new Set(),
      retriedOnClosedConnection: 0,
    };
    // A page of the first release stays open in a browser through everything below.
    const openPage = await get("/", tally);
    const openFiles = namedFiles(new TextDecoder().decode(openPage.body)).files;

    let switching = true;
    const lane = async (n: number) => {
      for (let i = n; tally.pages < MAX_PAGES; i += LANES) {
        // Ahead of the switches: wait for the next one rather than spend the page budget.
        while (switching && tally.pages >= stepStart + PAGES_PER_STEP_MAX) {
          await new Promise((r) => setTimeout(r, 5));
        }
        await loadPage(PATHS[i % PATHS.length]!, tally).catch((e: Error) =>
          tally.failed.push(e.message),
        );
        if (!switching && tally.pages >= stepStart + PAGES_PER_STEP) return;
      }
    };
    let stepStart = 0;
    /**
     * Waits (by count, not by clock) until the client has loaded some pages since the last switch
     * finished: pages loaded while a slow publish was still under way were served by the release
     * before it, so the count starts when the switch is done (at most LANES pages were already
     * on their way then).
     */
    const underLoad = async () => {
      stepStart = tally.pages;
      while (tally.pages < stepStart + PAGES_PER_STEP && tally.pages < MAX_PAGES) {
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const client = Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
    const steps: string[] = [];
    try {
      await underLoad();
      steps.push((await publishTenant(options(target, versions.renamed!), ID)).status);
      await underLoad();
      steps.push((await publishTenant(options(target, versions.themed!), ID)).status);
      await underLoad();
      // Back across the theme change.
      const back = await rollbackTenant(target, ID);
      steps.push(back.status);
      await underLoad();
      steps.push((await publishTenant(options(target, versions.themedRenamed!), ID)).status);
      await underLoad();
    } finally {
      switching = false;
      await client;
      await target.close();
    }
    expect(steps).toEqual(["published", "published", "rolled-back", "published"]);

    // The page opened at the start still finds every file it names.
    for (const file of openFiles) expect((await get(file, tally)).status, file).toBe(200);
    keepAlive.destroy();
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
