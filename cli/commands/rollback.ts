import type { TargetSpecOptions } from "../publish/target.ts";
import { errorLines, jsonError, type Printer } from "./print.ts";
import { describeResult } from "./publish.ts";

export interface RollbackCommandOptions {
  id: string;
  to: string;
  release?: string;
  /** The tenants folder: a release naming another tenant's host or certificate is refused. */
  tenantsDir: string;
  json: boolean;
  target: TargetSpecOptions;
  print: Printer;
}

/** `storefront rollback`: `current` back to the previous (or the named) kept release. */
export async function runRollback(o: RollbackCommandOptions): Promise<number> {
  const { openTarget } = await import("../publish/target.ts");
  const { rollbackTenant } = await import("../publish/publish.ts");
  const target = await openTarget(o.to, o.target);
  try {
    const result = await rollbackTenant(target, o.id, o.release, o.tenantsDir);
    if (o.json)
      o.print.out(JSON.stringify({ ok: true, target: target.label, tenants: [result] }, null, 2));
    else describeResult(result, o.print);
    return 0;
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    if (o.json) {
      o.print.out(
        JSON.stringify(
          {
            ok: false,
            target: target.label,
            tenants: [{ id: o.id, status: "failed", error: jsonError(error) }],
          },
          null,
          2,
        ),
      );
    } else o.print.err(`✗ ${o.id}  rollback failed\n${errorLines(error)}`);
    return 1;
  } finally {
    await target.close();
  }
}
