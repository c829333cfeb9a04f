/**
 * A bundle copied as it is to a `_headers` host, checked with the hosts' own code: Netlify's
 * parsers read `_redirects` and `_headers` exactly as a Netlify deploy does, and Cloudflare
 * Pages' own runtime (workerd, through `wrangler pages dev`, offline on loopback) serves the
 * bundle as Cloudflare would. The tools come from scripts/ensure-host-tools.sh (Node >= 22).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { BuildManifest } from "../../cli/build/manifest.ts";
import { securityHeaders } from "../../cli/build/security-headers.ts";
import { loadTenant } from "../../cli/config/load.ts";
import { pageFile, pageForPath } from "../../storefront/src/domain/pages.ts";
import { ROUTE_NAMES, routeEntry } from "../../storefront/src/routes.ts";
import { e2eWorkerPorts } from "../ports.ts";
import { expect, test } from "./fixtures.ts";
import { TENANT_PORTS, type TenantId } from "./tenants.ts";

const run = promisify(execFile);
const TENANTS = Object.keys(TENANT_PORTS) as TenantId[];

/** The host tools folder and the newest LTS's bin folder (the tools need Node >= 22). */
let toolsOnce: Promise<{ tools: string; nodeBin: string }> | undefined;
function hostTools(): Promise<{ tools: string; nodeBin: string }> {
  toolsOnce ??= (async () => {
    const tools = (await run("bash", ["scripts/ensure-host-tools.sh"])).stdout.trim();
    const nodeBin = (await run("bash", ["scripts/ensure-node-lts.sh"])).stdout.trim();
    return { tools, nodeBin };
  })();
  return toolsOnce;
}

// Each check starts a Node 26 process or the Cloudflare runtime: seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function tenantConfig(id: TenantId) {
  const tenant = await loadTenant("tenants", id);
  if (!tenant.ok) throw new Error(`tenants/${id}.yaml is invalid`);
  const manifest = JSON.parse(
    await readFile(join("dist", id, "build-manifest.json"), "utf8"),
  ) as BuildManifest;
  return { ...tenant.config, styleHashes: manifest.styleHashes };
}

/** Every route path of the table with a sample value for each parameter. */
const ROUTE_PATHS = [...new Set(ROUTE_NAMES.map((n) => routeEntry(n).path))];
const sample = (path: string) => path.replace(":number", "O.Brien").replace(/:[a-z]+/g, "1003");

test.describe("Netlify's own parsers", () => {
  for (const id of TENANTS) {
    test(`${id}: every route has a rewrite to its page, no catch-all, every header as nginx sends it`, async () => {
      const { tools, nodeBin } = await hostTools();
      const { stdout } = await run(join(nodeBin, "node"), [
        "scripts/netlify-rules.mjs",
        tools,
        resolve("dist", id),
      ]);
      const parsed = JSON.parse(stdout) as {
        redirects: {
          from: string;
          to: string;
          status: number;
          force: boolean;
          conditions: object;
        }[];
        headers: { for: string; values: Record<string, string> }[];
        errors: string[];
      };
      expect(parsed.errors).toEqual([]);
      const config = await tenantConfig(id);
      const rules = new Map(parsed.redirects.map((r) => [r.from, r]));
      for (const path of ROUTE_PATHS.filter((p) => p !== "/")) {
        const page = `/${pageFile(config.languages.default, pageForPath(sample(path), config.menu)).replace(/\.html$/, "")}`;
        for (const from of [path, `${path}/`]) {
          expect(rules.get(from), from).toEqual({
            from,
            query: {},
            to: page,
            status: 200,
            // Not forced: a real file at that address would win on Netlify.
            force: false,
            conditions: {},
            headers: {},
          });
        }
      }
      // No rule may shadow a file: nothing that matches everything, the root or an asset.
      expect(parsed.redirects.filter((r) => /\*|^\/$|^\/assets/.test(r.from))).toEqual([]);
      const everywhere = parsed.headers.find((h) => h.for === "/*")?.values ?? {};
      for (const h of securityHeaders(config)) expect(everywhere[h.name], h.name).toBe(h.value);
      expect(parsed.headers.find((h) => h.for === "/assets/*")?.values["Cache-Control"]).toBe(
        "public, max-age=31536000, immutable",
      );
    });
  }
});

test.describe("Cloudflare Pages' runtime (wrangler pages dev)", () => {
  test.describe.configure({ mode: "serial" });
  const id: TenantId = "mysport";
  let server: ChildProcess | undefined;
  let origin = "";
  let state = "";

  /**
   * Starts `wrangler pages dev` on the worker's ports of the plan (test/ports.ts) and waits, bounded by attempts, until it serves;
   * null (with its output) when the runtime exited before it served.
   */
  async function startWrangler(worker: number): Promise<{ log: string } | null> {
    const { tools, nodeBin } = await hostTools();
    const plan = e2eWorkerPorts(worker);
    const [port, inspector] = [plan.wrangler, plan.wranglerInspector];
    origin = `http://127.0.0.1:${port}`;
    let log = "";
    server = spawn(
      join(tools, "node_modules", ".bin", "wrangler"),
      [
        "pages",
        "dev",
        resolve("dist", id),
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--inspector-port",
        String(inspector),
        "--compatibility-date",
        "2026-05-01",
        "--persist-to",
        join(state, "state"),
        "--show-interactive-dev-session=false",
      ],
      {
        cwd: state,
        env: {
          ...process.env,
          PATH: `${nodeBin}:${process.env.PATH}`,
          CI: "1",
          WRANGLER_SEND_METRICS: "false",
          XDG_CONFIG_HOME: state,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    server.stdout?.on("data", (d) => (log += d));
    server.stderr?.on("data", (d) => (log += d));
    // Bounded by attempts: a busy machine makes each one slower, never the test wrong.
    for (let attempt = 0; attempt <= 1200; attempt++) {
      if (server.exitCode !== null) return { log };
      const up = await fetch(`${origin}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return null;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`wrangler did not answer at ${origin}:\n${log}`);
  }

  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument.
  test.beforeAll(async ({}, { parallelIndex }) => {
    state = await mkdtemp(join(tmpdir(), "storefront-wrangler-"));
    // wrangler's bundler (esbuild) has been seen to die at start-up on a starved machine, before
    // serving anything; a runtime that never started is started once more, a second death fails.
    const first = await startWrangler(parallelIndex);
    if (first === null) return;
    const second = await startWrangler(parallelIndex);
    if (second !== null) {
      throw new Error(`wrangler exited twice before serving:\n${first.log}\n---\n${second.log}`);
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server?.once("exit", done));
      server.kill("SIGTERM");
      await exited;
    }
    await rm(state, { recursive: true, force: true });
  });

  /** The inline style of a page and whether the CSP of the same response allows it. */
  function styleAllowed(html: string, csp: string): boolean {
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    if (style === undefined) return true;
    const hash = createHash("sha256").update(style).digest("base64");
    return csp
      .split(";")
      .some((d) => d.trim().startsWith("style-src") && d.includes(`'sha256-${hash}'`));
  }

  test("every route of the app, with or without a trailing slash, loads the app with its headers", async () => {
    const config = await tenantConfig(id);
    for (const path of ROUTE_PATHS.flatMap((p) =>
      p === "/" ? [p] : [sample(p), `${sample(p)}/`],
    )) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html, path).toContain('id="tenant-settings"');
      expect(html, path).toMatch(/<script type="module"[^>]* src="\/assets\/boot-/);
      for (const h of securityHeaders(config)) {
        // The sign-in callback adds `no-referrer` (its address carries the code): Cloudflare
        // joins the two rules' values, and a browser uses the last policy it knows.
        const expected =
          h.name === "Referrer-Policy" && path === "/auth-callback"
            ? `${h.value}, no-referrer`
            : h.value;
        expect(res.headers.get(h.name), `${path} ${h.name}`).toBe(expected);
      }
      expect(styleAllowed(html, res.headers.get("content-security-policy") ?? ""), path).toBe(true);
    }
  });

  test("a missing asset and an unknown address are 404s, still with the security headers", async () => {
    for (const path of [
      "/assets/nope.js",
      "/assets/app-00000000.css",
      "/nope",
      "/event/1003/nope",
    ]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-security-policy"), path).toContain("default-src 'self'");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  test("real files are served as themselves, hashed assets cached for a year", async () => {
    const manifest = JSON.parse(
      await readFile(join("dist", id, "build-manifest.json"), "utf8"),
    ) as BuildManifest;
    const script = manifest.files.find((f) => /^assets\/.+\.js$/.test(f.path));
    const asset = await fetch(`${origin}/${script?.path}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const policy = await fetch(`${origin}/policy.pdf`);
    expect(policy.status).toBe(200);
    expect(policy.headers.get("content-type")).toBe("application/pdf");
  });

  test("the first byte is the tenant's default language, whatever the browser asks (as the docs say)", async () => {
    const config = await tenantConfig(id);
    for (const accept of ["ru", "en-US,en;q=0.9"]) {
      const html = await (
        await fetch(`${origin}/contacts`, { headers: { "Accept-Language": accept } })
      ).text();
      expect(html, accept).toContain(`<html lang="${config.languages.default}">`);
    }
  });
});
