/**
 * Two full test runs can share one machine: every port the suite or its scripts listen on
 * comes from one plan (test/ports.ts) derived from E2E_PORT_BASE, with offsets that never
 * overlap and stay inside the run's span, so a second run with a base PORT_SPAN further on
 * takes none of the first run's ports. The scan reads test/ and scripts/ as text and fails on a
 * fixed port, an offset of its own, or a port probed free and handed to another process.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TENANT_PORTS } from "../../e2e/tenants.ts";
import {
  E2E_WORKER_SLOTS,
  e2eWorkerPorts,
  PORT_BASE,
  PORT_PLAN,
  PORT_SPAN,
  planPort,
} from "../../ports.ts";

const ROOT = join(import.meta.dirname, "../../..");
const PLAN_FILES = new Set(["test/ports.ts"]);
const THIS_FILE = "test/unit/tooling/ports.test.ts";

/** Source files of the suite and the scripts (installed tools and generated output excluded). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (["node_modules", "test-results", "snapshots"].includes(name)) continue;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|tsx|js|mjs|cjs|sh|py)$/.test(name)) out.push(path);
  }
  return out;
}
const FILES = [
  ...sources("test"),
  ...sources("scripts"),
  "playwright.config.ts",
  "vitest.config.ts",
].filter((f) => f !== THIS_FILE);

/**
 * Ways of giving a server a port, with a number written in place: a literal port to listen()
 * or to a server's options, to a command line's --port / --inspector-port / -p, or an nginx
 * `listen` line. 0 (the server picks a port and says which) is always fine.
 */
const FIXED = [
  /\blisten\(\s*([1-9]\d*)/g,
  /\bstartPreview\(\{[^}]*\bport:\s*([1-9]\d*)/g,
  /["'`]--(?:inspector-)?port["'`]\s*,\s*["'`]([1-9]\d*)["'`]/g,
  /--(?:inspector-)?port[ =]([1-9]\d*)\b/g,
  /["'`]-p["'`]\s*,\s*["'`]([1-9]\d*)["'`]/g,
  /^\s*listen\s+(?:[\d.]+:)?([1-9]\d*)/gm,
];
/** Reading the base anywhere but the plan: an offset outside the plan, unchecked for overlap. */
const OWN_BASE =
  /(?:env\.|\$\{?)E2E_PORT_BASE|\b(?:TENANT_PORTS(?:\.[\w$]+|\[[^\]]+\])|PORT_BASE)\s*[+-]\s*\d/g;
/**
 * A port probed free (listen on 0, read the port, close, resolve with it) to hand to another
 * process: between the probe and that process's bind, the port can be taken.
 */
const PROBE =
  /listen\(\s*0\b[\s\S]{0,200}?\.address\(\)[\s\S]{0,120}?\.close\(\s*\(\)\s*=>\s*\w+\(\s*port\b/g;

/** Lines that look like a port but listen on none: data of a test, each with its reason. */
const NOT_LISTENING: Record<string, RegExp> = {
  // `storefront preview --port` parsing: the options are checked, nothing is started.
  "test/unit/tooling/preview-options.test.ts": /--port/,
};

function findings(file: string, text: string): string[] {
  const found: string[] = [];
  const line = (index: number) => text.slice(0, index).split("\n").length;
  const lineText = (index: number) => text.split("\n")[line(index) - 1] ?? "";
  const allowed = (index: number) => NOT_LISTENING[file]?.test(lineText(index)) ?? false;
  for (const pattern of FIXED) {
    for (const m of text.matchAll(pattern)) {
      if (!allowed(m.index)) found.push(`${file}:${line(m.index)} fixed port ${m[1]}`);
    }
  }
  if (!PLAN_FILES.has(file)) {
    for (const m of text.matchAll(OWN_BASE)) {
      if (file === "test/e2e/tenants.ts" && /^\s*[\w"-]+: BASE/.test(lineText(m.index))) continue;
      found.push(`${file}:${line(m.index)} a port of its own from the base: ${m[0]}`);
    }
  }
  for (const m of text.matchAll(PROBE)) {
    found.push(`${file}:${line(m.index)} a port probed free and released before use`);
  }
  return found;
}

describe("the ports of the test suite", () => {
  it("every port listened on in test/ and scripts/ comes from the plan in test/ports.ts", () => {
    const all = FILES.flatMap((f) => findings(f, readFileSync(join(ROOT, f), "utf8")));
    expect(all).toEqual([]);
  });

  it("the scan finds a fixed port, a port from the base of its own and a probed port", () => {
    const hostile = [
      'const PORT = 4799;\nspawn("node", ["cli/bin.js", "preview", "x", "--port", "4799"]);',
      "const PORT = Number(process.env.E2E_PORT_BASE ?? 4301) + 12;",
      "const PORT = TENANT_PORTS.mysport + 37;",
      "server.listen(8080);",
      "startPreview({ distDir, port: 4173 })",
      'execFile("sshd", ["-D", "-p", "2222"])',
      "wrangler pages dev --port=8788",
      "  listen 127.0.0.1:8080;",
      'const free = () => new Promise((done) => { const p = createServer(); p.listen(0, "127.0.0.1", () => { const { port } = p.address(); p.close(() => done(port)); }); });',
    ];
    for (const text of hostile) expect(findings("test/e2e/x.spec.ts", text), text).not.toEqual([]);
    // A server that picks its own port (0) and says which is fine.
    for (const text of [
      'spawn("node", ["cli/bin.js", "preview", "mysport", "--port", "0"])',
      'server.listen(0, "127.0.0.1", done)',
      'startPreview({ distDir: dist, port: 0, api: "http://127.0.0.1:1" })',
    ])
      expect(findings("test/e2e/x.spec.ts", text), text).toEqual([]);
  });

  it("the plan's parts never overlap and fit in the span, below the ephemeral ports", () => {
    const taken = new Map<number, string>();
    for (const [name, { offset, count }] of Object.entries(PORT_PLAN)) {
      for (let i = offset; i < offset + count; i++) {
        expect(taken.get(i), `${name} at +${i}`).toBeUndefined();
        taken.set(i, name);
      }
    }
    expect(Math.max(...taken.keys())).toBeLessThan(PORT_SPAN);
    // Linux hands out 32768–60999 as source ports of outgoing connections.
    expect(PORT_BASE + PORT_SPAN).toBeLessThanOrEqual(32768);
    expect(PORT_BASE).toBeGreaterThanOrEqual(1024);
  });

  it("every port a test uses lies in its part of the plan, and no two are the same", () => {
    const ports: number[] = [...Object.values(TENANT_PORTS)];
    expect(ports).toEqual([0, 1, 2, 3, 4].map((i) => PORT_BASE + PORT_PLAN.tenants.offset + i));
    for (const name of ["dev", "previewAll", "devAll", "unitSshd", "unitNginx"] as const)
      ports.push(planPort(name));
    const workers = PORT_PLAN.playwrightWorkers;
    for (let w = 0; w < E2E_WORKER_SLOTS; w++) {
      const p = e2eWorkerPorts(w);
      const own = [
        ...p.nginx.tenants,
        p.nginx.shared,
        ...p.nginxOfTest.tenants,
        p.nginxOfTest.shared,
        p.tlsHttp,
        p.tlsHttps,
        p.wrangler,
        p.wranglerInspector,
      ];
      for (const port of own) {
        expect(port).toBeGreaterThanOrEqual(PORT_BASE + workers.offset);
        expect(port).toBeLessThan(PORT_BASE + workers.offset + workers.count);
      }
      ports.push(...own);
    }
    expect(new Set(ports).size).toBe(ports.length);
    expect(() => e2eWorkerPorts(E2E_WORKER_SLOTS)).toThrow(/room for 2 Playwright workers/);
  });

  it("Playwright runs no more workers than the plan has room for", () => {
    const config = readFileSync(join(ROOT, "playwright.config.ts"), "utf8");
    const workers = Number(/\bworkers:\s*(\d+)/.exec(config)?.[1]);
    expect(workers).toBeGreaterThan(0);
    expect(workers).toBeLessThanOrEqual(E2E_WORKER_SLOTS);
  });
});
