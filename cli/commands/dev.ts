/**
 * `storefront dev <id>` (or `--all`): serves like `storefront preview` and rebuilds as files are
 * saved. It watches what the loader read for each tenant (its YAML and assets: cli/dev/inputs.ts),
 * templates/ and the core's sources; after a burst of saves settles it validates, rebuilds what
 * changed (a tenant's change renders that tenant only; the core is rebuilt only when its own
 * sources changed) and reloads that tenant's open pages once the new build is complete. An
 * invalid YAML is printed as `validate` prints it and shown over every open page of the tenant,
 * while its last good build keeps serving.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { PACKAGE_ROOT, STOREFRONT_DIR } from "../build/paths.ts";
import { formatProblem, listTenantIds } from "../config/load.ts";
import type { CoreDevServer } from "../dev/core-server.ts";
import { DevTenant, type RebuildOutcome } from "../dev/tenant.ts";
import { DevWatcher } from "../dev/watch.ts";
import type { PreviewHook } from "../preview/hook.ts";
import {
  addressLines,
  multiTenantHook,
  parseHostAliases,
  SIGN_IN_EVERY_TENANT,
} from "../preview/multi-tenant.ts";
import { listenOptions, type PreviewCommandOptions } from "./preview.ts";
import { paint } from "./print.ts";

export interface DevCommandOptions extends Omit<PreviewCommandOptions, "id"> {
  /** One tenant, or every tenant of the folder with `all`. */
  id?: string | undefined;
  all: boolean;
  hostAliases: string[];
  /**
   * Serve the core's sources through Vite's dev server with hot module replacement: true for
   * this package's storefront/, or the folder of another checkout (its storefront/ and
   * lingui.config.ts).
   */
  core?: boolean | string | undefined;
  /** Resolves when the server should stop (default: Ctrl+C). */
  stopped?: Promise<void>;
}

const TEMPLATES_DIR = resolve(PACKAGE_ROOT, "templates");
const CORE_SOURCES = resolve(STOREFRONT_DIR, "src");

export async function runDev(o: DevCommandOptions): Promise<number> {
  const { out, err } = o.print;
  const c = paint(o.print.color);
  const listen = listenOptions(o);
  if (typeof listen === "string") {
    err(listen);
    return 2;
  }
  const ids = o.all ? await listTenantIds(o.tenantsDir) : [o.id ?? "mysport"];
  if (ids.length === 0) {
    err(`no tenants found in ${o.tenantsDir}`);
    return 1;
  }
  const aliases = parseHostAliases(o.hostAliases, ids);
  if (typeof aliases === "string") {
    err(aliases);
    return 2;
  }
  if (o.core && o.all) {
    err("--core serves one tenant: pass its id instead of --all");
    return 2;
  }
  const coreRoot = o.core ? resolve(typeof o.core === "string" ? o.core : PACKAGE_ROOT) : null;
  if (coreRoot && !existsSync(resolve(coreRoot, "storefront", "index.html"))) {
    // `dev --core mysport` reads the id as the folder: the id goes first (`dev mysport --core`).
    err(
      `--core: no storefront/index.html in ${coreRoot} (the tenant id goes before --core: storefront dev <id> --core [project-dir])`,
    );
    return 2;
  }
  if (aliases.size > 0 && !o.all) {
    err("--host-alias needs --all (every tenant on one port, chosen by host name)");
    return 2;
  }

  const devDir = resolve(o.outDir, ".dev");
  await rm(devDir, { recursive: true, force: true });
  const tenants = new Map(
    ids.map((id) => [id, new DevTenant(id, o.tenantsDir, devDir, !!coreRoot)]),
  );
  const report = (t: DevTenant, r: RebuildOutcome) => {
    if (r.kind === "invalid") {
      err(`${c.red("✗")} ${t.id}  invalid; the last good build keeps serving`);
      for (const p of r.problems) err(`  ${formatProblem(p)}`);
    } else if (r.kind === "failed") err(`${c.red("✗")} ${t.id}  build failed: ${r.error}`);
    else if (r.kind === "unchanged") out(c.dim(`${t.id}  output unchanged, nothing reloaded`));
    else {
      const pages = r.pages === 1 ? "1 page" : `${r.pages} pages`;
      out(`${c.green("✓")} ${t.id}  rebuilt in ${(r.ms / 1000).toFixed(2)} s, ${pages} reloaded`);
    }
  };

  /** A rebuild that throws (a file vanished mid-read) is reported; the loop goes on. */
  const rebuild = async (t: DevTenant) => {
    try {
      report(t, await t.rebuild());
    } catch (e) {
      report(t, { kind: "failed", error: e instanceof Error ? e.message : String(e) });
    }
  };

  // First builds, one tenant after another (the core is built once, by the first).
  out(c.dim(ids.length === 1 ? `building ${ids[0]}…` : `building ${ids.length} tenants…`));
  for (const t of tenants.values()) await rebuild(t);

  // One rebuild at a time; changes that arrive meanwhile are built right after it.
  const dirty = new Set<string>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (dirty.size > 0) {
      const batch = [...dirty];
      dirty.clear();
      for (const id of batch) {
        const t = tenants.get(id);
        if (t) await rebuild(t);
      }
      watcher.setFiles([...tenants.values()].flatMap((t) => t.inputs));
    }
    running = null;
  };
  const watcher = new DevWatcher((paths) => {
    const core = paths.some(
      (p) => p.startsWith(CORE_SOURCES + sep) || p.startsWith(TEMPLATES_DIR + sep),
    );
    for (const t of tenants.values()) {
      // The core build and the inputs' hashes each rebuild reuses are stale now.
      if (core) t.memo.forgetCore();
      if (core || paths.some((p) => t.inputs.includes(p))) dirty.add(t.id);
    }
    if (core) out(c.dim(`changed: ${paths.map((p) => relative(process.cwd(), p)).join(", ")}`));
    running ??= drain();
  });
  watcher.setFiles([...tenants.values()].flatMap((t) => t.inputs));
  watcher.watchTree(TEMPLATES_DIR);
  // With --core, Vite's dev server follows the core's sources itself (hot module replacement).
  if (!coreRoot) watcher.watchTree(CORE_SOURCES);

  const single = tenants.get(ids[0] ?? "");
  let coreDev = null as CoreDevServer | null;
  const hook: PreviewHook = o.all
    ? multiTenantHook({
        ids,
        aliases,
        entries: () =>
          [...tenants.values()].flatMap((t) => (t.config ? [{ id: t.id, config: t.config }] : [])),
        site: (id) => tenants.get(id)?.current() ?? null,
        handle: (id, req, res) => tenants.get(id)?.handle(req, res) ?? false,
        signIn: o.oidc !== false,
      })
    : {
        handle: (req, res) => single?.handle(req, res) ?? false,
        site: () => single?.current() ?? null,
        ...(coreRoot && {
          exposes: `the project's source files (${coreRoot}, through Vite's dev server: the core, its templates, whatever the folder holds)`,
          serve: async (req, res, pathname) => (await single?.serve(req, res, pathname)) ?? false,
          attach: async (server, refuses) => {
            const { startCoreDev } = await import("../dev/core-server.ts");
            coreDev = await startCoreDev(coreRoot, server, refuses);
            single?.useCore(coreDev);
          },
        }),
      };
  const auth = !o.all ? single?.config?.auth : undefined;
  const { startPreview } = await import("../preview/server.ts");
  const stopWatching = () => {
    watcher.close();
    for (const t of tenants.values()) t.close();
  };
  let server: Awaited<ReturnType<typeof startPreview>>;
  try {
    server = await startPreview({
      ...listen,
      hook,
      // One tenant: its sign-in on the dev origin, as preview does. Every tenant: each on its
      // own origin (the hook's signIn).
      oidc:
        o.oidc !== false && auth && !auth.authority
          ? { realm: auth.realm, clientId: auth.clientId }
          : null,
    });
  } catch (error) {
    // A port in use: nothing is served, so nothing is watched either (the process ends).
    stopWatching();
    await running;
    throw error;
  }
  const port = new URL(server.url).port;
  if (o.all) {
    for (const line of addressLines(Number(port), ids, aliases)) out(line);
    const signIn = [...tenants.values()].some((t) => t.config?.auth && !t.config.auth.authority);
    if (o.oidc !== false && signIn) out(SIGN_IN_EVERY_TENANT);
  } else {
    out(
      `${single?.config?.tenantName ?? ids[0]} (${ids[0]}) at ${server.url}, rebuilt as you save`,
    );
    if (coreRoot)
      out(
        `The core from ${relative(process.cwd(), coreRoot) || "."}/storefront through Vite, with hot module replacement`,
      );
  }
  if (server.oidc) out(`Sign-in: ${server.oidc.issuer} (runner@demo.example / demo)`);
  out("Press Ctrl+C to stop.");
  await (o.stopped ??
    new Promise<void>((done) => {
      process.once("SIGINT", done);
      process.once("SIGTERM", done);
    }));
  stopWatching();
  await coreDev?.close();
  await server.close();
  await running;
  return 0;
}
