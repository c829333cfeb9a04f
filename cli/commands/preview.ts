import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BuildManifest } from "../build/manifest.ts";
import { MANIFEST_FILE } from "../build/manifest.ts";
import { formatProblem, loadTenant } from "../config/load.ts";
import { runBuild } from "./build.ts";
import type { Printer } from "./print.ts";

export interface PreviewCommandOptions {
  id: string;
  tenantsDir: string;
  outDir: string;
  port: number;
  host: string;
  api?: string | undefined;
  demoLatency: number;
  demoFail: number;
  /** Start the local identity provider when the tenant has sign-in on the preview origin (default). */
  oidc?: boolean;
  print: Printer;
}

/** Whether dist/<id>/ is missing or was built from other sources or by another CLI than the current ones. */
export async function isStale(bundle: string, configHash: string): Promise<boolean> {
  const file = join(bundle, MANIFEST_FILE);
  if (!existsSync(file)) return true;
  try {
    const manifest = JSON.parse(readFileSync(file, "utf8")) as BuildManifest;
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

/** The hashes of the bundle's inline styles, from its build manifest (none if it has none). */
export function builtStyleHashes(bundle: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(join(bundle, MANIFEST_FILE), "utf8")) as BuildManifest;
    return Array.isArray(manifest.styleHashes) ? manifest.styleHashes : [];
  } catch {
    return [];
  }
}

/** What is wrong with the serving flags `preview` and `dev` share, or null. */
export function servingProblem(
  o: Pick<PreviewCommandOptions, "port" | "demoFail" | "demoLatency">,
) {
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) {
    return `--port must be a number from 0 to 65535`;
  }
  if (!(o.demoFail >= 0 && o.demoFail <= 1) || !(o.demoLatency >= 0)) {
    return `--demo-fail must be between 0 and 1 and --demo-latency at least 0`;
  }
  return null;
}

/** Where and with which backend `preview --all` and `dev` listen, from the shared flags. */
export function listenOptions(o: Omit<PreviewCommandOptions, "id">) {
  return {
    distDir: "",
    port: o.port,
    host: o.host,
    api: o.api,
    demo: { latencyMs: o.demoLatency, failRate: o.demoFail },
    warn: o.print.err,
  };
}

/** `storefront preview <id>`: (re)builds when needed, then serves the bundle with the demo backend. */
export async function runPreview(o: PreviewCommandOptions): Promise<number> {
  const { out, err } = o.print;
  const usage = servingProblem(o);
  if (usage) {
    err(usage);
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
    port: o.port,
    host: o.host,
    api: o.api,
    demo: { latencyMs: o.demoLatency, failRate: o.demoFail },
    // The tenant's CSP and security headers, as its nginx.conf sends them.
    security: { ...tenant.config, styleHashes: builtStyleHashes(bundle) },
    warn: err,
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
  await new Promise<void>((done) => {
    const stop = () => {
      server.close().then(done, done);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
