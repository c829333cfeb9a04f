/**
 * The commands of deploy previews (docs/previews.md): `publish --preview` prints each tenant's
 * private link, `promote` makes a preview's release live, `previews` lists them (and with
 * `--prune-previews` takes the expired ones off). The secret is read from the environment and
 * never printed; a link carries only the token it signs.
 */
import type { TenantPreviewResult } from "../publish/previews.ts";
import type { TenantPublishResult } from "../publish/publish.ts";
import type { Target, TargetSpecOptions } from "../publish/target.ts";
import { errorLines, jsonError, type Printer, paint } from "./print.ts";
import { describeResult, printJsonResults } from "./publish.ts";

interface TargetCommand {
  /** Tenant ids; empty with `all`: every tenant the target holds (with that preview). */
  ids: string[];
  all?: boolean;
  to: string;
  json: boolean;
  target: TargetSpecOptions;
  print: Printer;
}

export interface PreviewCommandOptions extends TargetCommand {
  tenantsDir: string;
  outDir: string;
  name: string;
  domain: string;
  expiresAt: number;
  secret: string;
  scheme: "https" | "http";
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The tenants the target holds whose names can be tenant ids (and, if named, with that preview). */
async function targetTenants(target: Target, preview?: string): Promise<string[]> {
  const { tenantIdProblem } = await import("../config/tenants-dir.ts");
  const { listPreviews } = await import("../publish/previews.ts");
  const ids = (await target.tenants()).filter((id) => tenantIdProblem(id) === null).sort();
  if (preview === undefined) return ids;
  const withIt: string[] = [];
  for (const id of ids) {
    if ((await listPreviews(target, id)).some((p) => p.name === preview)) withIt.push(id);
  }
  return withIt;
}
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** Runs `work` for each tenant in turn; a failure is that tenant's result, the others go on. */
async function eachTenant<R>(
  ids: readonly string[],
  work: (id: string) => Promise<R>,
  failed: (id: string, error: string, ms: number) => R,
  each: (result: R) => void,
): Promise<R[]> {
  const results: R[] = [];
  for (const id of ids) {
    const started = performance.now();
    const result = await work(id).catch((e: unknown) =>
      failed(id, message(e), performance.now() - started),
    );
    results.push(result);
    each(result);
  }
  return results;
}

/** `storefront publish --preview <name>`: each tenant's release at its preview host. */
export async function runPreviewPublish(o: PreviewCommandOptions): Promise<number> {
  const { openTarget } = await import("../publish/target.ts");
  const { previewTenant } = await import("../publish/previews.ts");
  const c = paint(o.print.color);
  const target = await openTarget(o.to, o.target);
  let results: TenantPreviewResult[];
  try {
    results = await eachTenant(
      o.ids,
      (id) => previewTenant({ ...o, target, distDir: o.outDir }, id),
      (tenant, error, ms): TenantPreviewResult => ({ tenant, status: "failed", error, ms }),
      (result) => {
        if (o.json) return;
        if (result.status === "failed") {
          o.print.err(
            `${c.red("✗")} ${result.tenant}  preview failed\n${errorLines(result.error ?? "")}`,
          );
        } else {
          o.print.out(
            `${c.green("✓")} ${result.tenant}  preview ${o.name} of ${result.release?.slice(0, 12)}, open until ${when(result.expires ?? "")}:`,
          );
          o.print.out(`    ${result.url}`);
        }
      },
    );
  } finally {
    await target.close();
  }
  const failed = results.filter((r) => r.status === "failed");
  if (o.json) {
    o.print.out(
      JSON.stringify(
        {
          ok: failed.length === 0,
          target: target.label,
          preview: o.name,
          tenants: results.map((r) =>
            r.status === "failed"
              ? { tenant: r.tenant, status: r.status, error: jsonError(r.error ?? "") }
              : { tenant: r.tenant, url: r.url, expires: r.expires, release: r.release },
          ),
        },
        null,
        2,
      ),
    );
  } else if (failed.length) {
    o.print.err(`${failed.length} of ${results.length} previews failed; nothing live changed`);
  }
  return failed.length === 0 ? 0 : 1;
}

export interface PromoteCommandOptions extends TargetCommand {
  name: string;
  keep: number;
  tenantsDir: string;
}

/** `storefront promote <ids…> --preview <name>`: the previewed release made live. */
export async function runPromote(o: PromoteCommandOptions): Promise<number> {
  const { openTarget } = await import("../publish/target.ts");
  const { promoteTenant } = await import("../publish/previews.ts");
  const target = await openTarget(o.to, o.target);
  let results: TenantPublishResult[];
  try {
    const ids = o.all ? await targetTenants(target, o.name) : o.ids;
    if (ids.length === 0) o.print.err(`no tenant has a preview ${o.name} on ${target.label}`);
    results = await eachTenant(
      ids,
      (id) => promoteTenant({ ...o, target }, id, o.name),
      (id, error, ms): TenantPublishResult => ({ id, status: "failed", error, ms }),
      (result) => {
        if (!o.json) describeResult(result, o.print);
      },
    );
  } finally {
    await target.close();
  }
  const failed = results.filter((r) => r.status === "failed");
  if (o.json) printJsonResults(o.print, target.label, results, { preview: o.name });
  return failed.length === 0 && results.length > 0 ? 0 : 1;
}

export interface PreviewsCommandOptions extends TargetCommand {
  prune: boolean;
  /** Previews to take off whether expired or not (a closed pull request's). */
  remove: string[];
}

/** `storefront previews <ids…>`: each tenant's previews with their expiry; or prune them. */
export async function runPreviews(o: PreviewsCommandOptions): Promise<number> {
  const { openTarget } = await import("../publish/target.ts");
  const { listPreviews, prunePreviews } = await import("../publish/previews.ts");
  const { isExpired } = await import("../publish/preview.ts");
  const { oneLine } = await import("../config/errors.ts");
  const c = paint(o.print.color);
  const target = await openTarget(o.to, o.target);
  const out: unknown[] = [];
  let failed = 0;
  try {
    for (const id of o.all ? await targetTenants(target) : o.ids) {
      try {
        const pruned =
          o.remove.length > 0
            ? await prunePreviews(target, id, Date.now(), o.remove)
            : o.prune
              ? await prunePreviews(target, id)
              : null;
        const previews = await listPreviews(target, id);
        const rows = previews.map((p) => ({
          name: p.name,
          host: oneLine(p.host),
          expires: p.expires,
          expired: isExpired(p),
          release: p.release.name,
        }));
        out.push({ tenant: id, previews: rows, ...(pruned ? { pruned } : {}) });
        if (o.json) continue;
        if (pruned?.removed.length) {
          o.print.out(
            `${c.green("✓")} ${id}  took off ${pruned.removed.join(", ")}${pruned.releases.length ? `; deleted releases ${pruned.releases.map((r) => r.slice(0, 12)).join(", ")}` : ""}`,
          );
        }
        if (rows.length === 0) o.print.out(`${c.dim("·")} ${id}  no previews`);
        for (const r of rows) {
          const state = r.expired ? c.yellow("expired") : `open until ${when(r.expires)}`;
          o.print.out(`  ${id}  ${r.name}  ${r.host}  ${r.release.slice(0, 12)}  ${state}`);
        }
      } catch (e) {
        failed++;
        out.push({ tenant: id, status: "failed", error: jsonError(message(e)) });
        if (!o.json) o.print.err(`${c.red("✗")} ${id}\n${errorLines(message(e))}`);
      }
    }
  } finally {
    await target.close();
  }
  if (o.json) {
    o.print.out(JSON.stringify({ ok: failed === 0, target: target.label, tenants: out }, null, 2));
  }
  return failed === 0 ? 0 : 1;
}
