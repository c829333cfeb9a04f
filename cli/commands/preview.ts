import { existsSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { apiUrlProblem } from "../api/api-url.ts";
import type { BuildManifest } from "../build/manifest.ts";
import { MANIFEST_FILE, styleHashesOf } from "../build/manifest.ts";
import { formatProblem, loadTenant } from "../config/load.ts";
import { runBuild } from "./build.ts";
import type { Printer } from "./print.ts";

export interface PreviewCommandOptions {
  id: string;
  tenantsDir: string;
  outDir: string;
  /** The option values as typed: checked here (previewSettings), never coerced. */
  port: string;
  host: string;
  api?: string | undefined;
  demoLatency: string;
  demoFail: string;
  /** Start the local identity provider when the tenant has sign-in on the preview origin (default). */
  oidc?: boolean;
  print: Printer;
}

/**
 * Whether dist/<id>/ is missing or was built from other sources or by another CLI than the
 * current ones, or its manifest is not one this CLI wrote (its inline styles' hashes, which the
 * CSP allows, missing or malformed): any of these is rebuilt, never served half-styled.
 */
export async function isStale(bundle: string, configHash: string): Promise<boolean> {
  const file = join(bundle, MANIFEST_FILE);
  if (!existsSync(file)) return true;
  try {
    const manifest = JSON.parse(readFileSync(file, "utf8")) as BuildManifest;
    if (styleHashesOf(manifest) === null) return true;
    const { coreInputsHash, renderInputsHash } = await import("../build/core.ts");
    return (
      manifest.configHash !== configHash ||
      manifest.coreHash !== (await coreInputsHash()) ||
      manifest.renderHash !== (await renderInputsHash())
    );
  } catch {
    return true;
  }
}

/** A decimal number as a person types it: digits, at most one point, nothing else. */
const DECIMAL = /^\d+(\.\d+)?$/;
/** Longer than a minute, every call of the app would time out: not a latency to preview. */
const MAX_DEMO_LATENCY_MS = 60_000;

/**
 * The preview's option values, checked before anything is built or bound: a message naming the
 * option and what it takes, or the values. An empty or partly numeric value ("", "80x", "1e3")
 * is refused, never read as 0 (a random port) or NaN.
 */
export function previewSettings(
  o: Pick<PreviewCommandOptions, "port" | "host" | "api" | "demoLatency" | "demoFail">,
): { port: number; demoLatency: number; demoFail: number } | string {
  const port = o.port.trim();
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
    return `--port must be a whole number from 0 to 65535 (0 picks a free port), got ${JSON.stringify(o.port)}`;
  }
  const host = o.host.trim();
  if (host === "" || !(isIP(host.replace(/^\[|\]$/g, "")) !== 0 || HOST_NAME.test(host))) {
    return `--host must be an IP address or a host name, got ${JSON.stringify(o.host)}`;
  }
  if (o.api !== undefined) {
    const problem = apiUrlProblem(o.api);
    if (problem) return problem;
  }
  const latency = o.demoLatency.trim();
  if (!DECIMAL.test(latency) || Number(latency) > MAX_DEMO_LATENCY_MS) {
    return `--demo-latency must be a number of milliseconds from 0 to ${MAX_DEMO_LATENCY_MS}, got ${JSON.stringify(o.demoLatency)}`;
  }
  const fail = o.demoFail.trim();
  if (!DECIMAL.test(fail) || Number(fail) > 1) {
    return `--demo-fail must be a fraction from 0 to 1 (e.g. 0.2), got ${JSON.stringify(o.demoFail)}`;
  }
  return { port: Number(port), demoLatency: Number(latency), demoFail: Number(fail) };
}

/** A DNS name: labels of letters, digits and hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * Where and with which backend `preview --all` and `dev` listen, from the flags they share with
 * `preview <id>` (checked by previewSettings), or the message about the first wrong one.
 */
export function listenOptions(o: Omit<PreviewCommandOptions, "id">) {
  const settings = previewSettings(o);
  if (typeof settings === "string") return `error: ${settings}`;
  return {
    distDir: "",
    port: settings.port,
    host: o.host,
    api: o.api,
    demo: { latencyMs: settings.demoLatency, failRate: settings.demoFail },
    warn: o.print.err,
    onContract: o.print.out,
  };
}

/** `storefront preview <id>`: (re)builds when needed, then serves the bundle with the demo backend. */
export async function runPreview(o: PreviewCommandOptions): Promise<number> {
  const { out, err } = o.print;
  const settings = previewSettings(o);
  if (typeof settings === "string") {
    err(`error: ${settings}`);
    return 2;
  }
  const tenant = await loadTenant(o.tenantsDir, o.id);
  if (!tenant.ok) {
    for (const p of tenant.problems) err(formatProblem(p));
    return 1;
  }
  const bundle = resolve(o.outDir, o.id);
  if (await isStale(bundle, tenant.hash)) {
    const code = await runBuild({
      tenantsDir: o.tenantsDir,
      outDir: o.outDir,
      ids: [o.id],
      json: false,
      verbose: false,
      print: o.print,
    });
    if (code !== 0) return code;
  }
  const { startPreview } = await import("../preview/server.ts");
  const auth = tenant.config.auth;
  const server = await startPreview({
    distDir: bundle,
    port: settings.port,
    host: o.host,
    api: o.api,
    demo: { latencyMs: settings.demoLatency, failRate: settings.demoFail },
    // The tenant's CSP and security headers, as its nginx.conf sends them (the inline styles'
    // hashes follow the bundle on disk: a `storefront build` while this runs is served styled).
    security: tenant.config,
    warn: err,
    // With --api, each new kind of reply that differs from what the shop expects, once.
    onContract: out,
    // Only where the storefront looks for the provider on its own origin (no `authority`).
    oidc:
      o.oidc !== false && auth && !auth.authority
        ? { realm: auth.realm, clientId: auth.clientId }
        : null,
  });
  out(
    `${tenant.config.tenantName} (${o.id}) at ${server.url}${o.api ? `  →  API ${o.api}` : "  with the demo backend"}`,
  );
  if (server.oidc) {
    out(`Sign-in: ${server.oidc.issuer} (runner@demo.example / demo; --no-oidc turns it off)`);
  }
  out("Press Ctrl+C to stop.");
  if (server.oidc?.note) err(server.oidc.note);
  await new Promise<void>((done) => {
    const stop = () => {
      server.close().then(done, done);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
