import type { Printer } from "./print.ts";
import { paint } from "./print.ts";

export interface MergeCommandOptions {
  dirs: string[];
  outDir: string;
  json: boolean;
  print: Printer;
}

/** `storefront merge`: the shards' out dirs into one; every reason it refuses, one line each. */
export async function runMerge(o: MergeCommandOptions): Promise<number> {
  const { mergeShards } = await import("../build/merge.ts");
  const result = await mergeShards(o.dirs, o.outDir);
  const c = paint(o.print.color);
  if (o.json) {
    o.print.out(JSON.stringify({ ...result, outDir: o.outDir }, null, 2));
  } else if (result.ok) {
    const n = result.tenants.length;
    o.print.out(
      `${c.green("✓")} ${n} ${n === 1 ? "tenant" : "tenants"} from ${result.total} shards merged into ${o.outDir} (build key ${result.buildKey})`,
    );
  } else {
    o.print.err(`${c.red("✗")} merge refused; ${o.outDir} is unchanged:`);
    for (const p of result.problems) o.print.err(`  ${p}`);
  }
  return result.ok ? 0 : 1;
}
