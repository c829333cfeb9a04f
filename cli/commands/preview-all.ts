/**
 * `storefront preview --all`: every tenant's bundle on one port, chosen by host name
 * (cli/preview/multi-tenant.ts), with the demo backend shared on each tenant's origin.
 * Bundles missing or built from other sources are rebuilt first, as `preview <id>` does.
 */
import { resolve } from "node:path";
import { formatProblem, type LoadedTenant, loadTenants } from "../config/load.ts";
import { bundleSite, type PreviewSite } from "../preview/hook.ts";
import {
  addressLines,
  multiTenantHook,
  parseHostAliases,
  SIGN_IN_EVERY_TENANT,
} from "../preview/multi-tenant.ts";
import { runBuild } from "./build.ts";
import type { PreviewCommandOptions } from "./preview.ts";
import { isStale, listenOptions } from "./preview.ts";

export async function runPreviewAll(
  o: Omit<PreviewCommandOptions, "id"> & { hostAliases: string[] },
): Promise<number> {
  const { out, err } = o.print;
  const listen = listenOptions(o);
  if (typeof listen === "string") {
    err(listen);
    return 2;
  }
  const loaded = await loadTenants(o.tenantsDir);
  const bad = loaded.filter((t) => !t.ok);
  for (const t of bad) if (!t.ok) for (const p of t.problems) err(formatProblem(p));
  if (bad.length > 0 || loaded.length === 0) {
    if (loaded.length === 0) err(`no tenants found in ${o.tenantsDir}`);
    return 1;
  }
  const tenants = loaded as LoadedTenant[];
  const ids = tenants.map((t) => t.id);
  const aliases = parseHostAliases(o.hostAliases, ids);
  if (typeof aliases === "string") {
    err(aliases);
    return 2;
  }
  const stale: string[] = [];
  for (const t of tenants) if (await isStale(resolve(o.outDir, t.id), t.hash)) stale.push(t.id);
  if (stale.length > 0) {
    const code = await runBuild({ ...o, ids: stale, json: false, verbose: false });
    if (code !== 0) return code;
  }
  const sites = new Map<string, PreviewSite>();
  for (const t of tenants) {
    const bundle = resolve(o.outDir, t.id);
    sites.set(t.id, bundleSite(bundle, t.config));
  }
  const { startPreview } = await import("../preview/server.ts");
  const server = await startPreview({
    ...listen,
    hook: multiTenantHook({
      ids,
      aliases,
      entries: () => tenants,
      site: (id) => sites.get(id) ?? null,
      signIn: o.oidc !== false,
    }),
  });
  const port = new URL(server.url).port;
  for (const line of addressLines(Number(port), ids, aliases)) out(line);
  out(o.api ? `API: ${o.api}` : "with the demo backend");
  if (o.oidc !== false && tenants.some((t) => t.config.auth && !t.config.auth.authority)) {
    out(SIGN_IN_EVERY_TENANT);
  }
  out("Press Ctrl+C to stop.");
  await new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  await server.close();
  return 0;
}
