import type { TenantPublishResult } from "../publish/publish.ts";
import type { TargetSpecOptions } from "../publish/target.ts";
import { errorLines, jsonError, type Printer, paint } from "./print.ts";

export interface PublishCommandOptions {
  ids: string[];
  to: string;
  tenantsDir: string;
  outDir: string;
  keep: number;
  dryRun: boolean;
  json: boolean;
  target: TargetSpecOptions;
  print: Printer;
}

const short = (release: string | null | undefined) => (release ? release.slice(0, 12) : "none");

/** The tenants' results for CI (`--json`): ok, the target, what else the command names. */
export function printJsonResults(
  print: Printer,
  target: string,
  results: readonly TenantPublishResult[],
  extra: Record<string, unknown>,
) {
  const ok = results.every((r) => r.status !== "failed");
  const tenants = results.map((r) => (r.error ? { ...r, error: jsonError(r.error) } : r));
  print.out(JSON.stringify({ ok, target, ...extra, tenants }, null, 2));
}

/** One tenant's outcome as a line (and the files for a dry run), for people. */
export function describeResult(r: TenantPublishResult, print: Printer) {
  const c = paint(print.color);
  const d = r.diff;
  const counts = d
    ? `${d.added.length} added, ${d.changed.length} changed, ${d.removed.length} removed`
    : "";
  if (r.status === "failed") {
    print.err(`${c.red("✗")} ${r.id}  failed`);
    print.err(errorLines(r.error ?? ""));
    return;
  }
  if (r.status === "live") {
    print.out(`${c.dim("=")} ${r.id}  ${short(r.release)} is already live`);
    return;
  }
  if (r.status === "would-publish") {
    print.out(
      `${c.bold("~")} ${r.id}  would publish ${short(r.release)} (live: ${short(r.previous)}): ${counts}`,
    );
    for (const p of d?.added ?? []) print.out(`  + ${p}`);
    for (const p of d?.changed ?? []) print.out(`  ~ ${p}`);
    for (const p of d?.removed ?? []) print.out(`  - ${p}`);
    return;
  }
  const pruned = r.pruned?.length ? `; pruned ${r.pruned.map(short).join(", ")}` : "";
  const verb = r.status === "rolled-back" ? "rolled back to" : "published";
  const sent = r.uploaded
    ? `; uploaded ${r.uploaded.objects} objects (${(r.uploaded.bytes / 1024).toFixed(0)} KiB)`
    : "";
  const what = counts ? `: ${counts}${sent}` : sent;
  print.out(
    `${c.green("✓")} ${r.id}  ${verb} ${short(r.release)} (was ${short(r.previous)}) in ${(r.ms / 1000).toFixed(2)} s${what}${pruned}`,
  );
}

/** `storefront publish`: every named tenant's built bundle to the target as a new release. */
export async function runPublish(o: PublishCommandOptions): Promise<number> {
  const { openTarget } = await import("../publish/target.ts");
  const { publishTenants } = await import("../publish/publish.ts");
  const target = await openTarget(o.to, o.target);
  let results: TenantPublishResult[];
  // Ctrl+C on an object store: nothing is switched until a tenant's pointer is written, in one
  // request, so stopping at once is safe; what was uploaded stays for the next run.
  const interrupted = () => {
    o.print.err(
      `storefront: interrupted; tenants not yet switched keep their live release on ${target.label}. Run the same command again: it uploads only what is still missing`,
    );
    process.exit(130);
  };
  if (o.to.startsWith("s3://")) process.once("SIGINT", interrupted);
  try {
    results = await publishTenants(
      { target, distDir: o.outDir, tenantsDir: o.tenantsDir, keep: o.keep, dryRun: o.dryRun },
      o.ids,
      (r) => {
        if (!o.json) describeResult(r, o.print);
      },
    );
  } finally {
    process.removeListener("SIGINT", interrupted);
    await target.close();
  }
  const failed = results.filter((r) => r.status === "failed");
  if (o.json) {
    printJsonResults(o.print, target.label, results, { dryRun: o.dryRun });
  } else {
    const count = (s: TenantPublishResult["status"]) =>
      results.filter((r) => r.status === s).length;
    const parts = o.dryRun
      ? [`${count("would-publish")} would be published`, `${count("live")} already live`]
      : [`${count("published")} published`, `${count("live")} already live`];
    if (failed.length) parts.push(`${failed.length} failed (their live release is untouched)`);
    (failed.length ? o.print.err : o.print.out)(`${parts.join(", ")} on ${target.label}`);
  }
  return failed.length === 0 ? 0 : 1;
}
