/**
 * `storefront validate [ids…]`: checks tenant YAML files and prints every problem
 * as `file:line:col  field  message`. Exit code 0 when all are valid, 1 otherwise,
 * 2 when the check itself could not run.
 */
import { formatProblem, type LoadResult, loadTenants } from "../config/load.ts";

export type ValidateOptions = {
  tenantsDir: string;
  ids: string[];
  json: boolean;
  verbose: boolean;
  /** Writes one line (no trailing newline); default: stdout. */
  out?: (line: string) => void;
  /** Writes one line (no trailing newline); default: stderr. */
  err?: (line: string) => void;
  /** Force colour on or off; by default only when stdout is a TTY and NO_COLOR is unset. */
  color?: boolean;
};

export type Paint = {
  ok: (s: string) => string;
  bad: (s: string) => string;
  dim: (s: string) => string;
};

const plain: Paint = { ok: (s) => s, bad: (s) => s, dim: (s) => s };
const ansi: Paint = {
  ok: (s) => `\u001b[32m${s}\u001b[39m`,
  bad: (s) => `\u001b[31m${s}\u001b[39m`,
  dim: (s) => `\u001b[2m${s}\u001b[22m`,
};

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function paintFor(color?: boolean): Paint {
  const wanted = color ?? (process.stdout.isTTY === true && !process.env.NO_COLOR);
  return wanted ? ansi : plain;
}

export const stdoutLine = (s: string) => {
  process.stdout.write(`${s}\n`);
};
export const stderrLine = (s: string) => {
  process.stderr.write(`${s}\n`);
};

function toJson(results: LoadResult[]) {
  return {
    ok: results.length > 0 && results.every((r) => r.ok),
    tenants: results.map((r) => ({
      id: r.id,
      file: r.file,
      ok: r.ok,
      ...(r.ok && r.bases.length ? { extends: r.bases } : {}),
      problems: r.ok ? [] : r.problems,
    })),
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export async function runValidate(opts: ValidateOptions): Promise<number> {
  const out = opts.out ?? stdoutLine;
  const err = opts.err ?? stderrLine;
  const paint = paintFor(opts.color);
  let results: LoadResult[];
  try {
    results = await loadTenants(opts.tenantsDir, opts.ids);
  } catch (e) {
    // loadTenants reports bad input as problems; reaching here is a bug.
    err(`validate could not run: ${(e as Error)?.message ?? String(e)}`);
    if (opts.verbose && e instanceof Error && e.stack) err(e.stack);
    return 2;
  }

  if (opts.json) {
    const report = toJson(results);
    out(JSON.stringify(report, null, 2));
    return report.ok ? 0 : 1;
  }
  if (results.length === 0) {
    err(`no tenants found: ${opts.tenantsDir} holds no <id>.yaml files`);
    return 1;
  }

  for (const r of results) {
    if (r.ok) {
      const family = r.bases.length ? paint.dim(`  extends ${r.bases.join(" → ")}`) : "";
      const detail = opts.verbose ? paint.dim(`  ${r.file}  sha256 ${r.hash.slice(0, 12)}`) : "";
      out(`${paint.ok("✓")} ${r.id}${family}${detail}`);
      continue;
    }
    err(`${paint.bad("✗")} ${r.id}  ${plural(r.problems.length, "problem")}`);
    for (const p of r.problems) err(formatProblem(p));
  }

  const invalid = results.filter((r) => !r.ok).length;
  const total = results.length;
  if (invalid === 0) {
    out(paint.ok(`${plural(total, "tenant")} valid`));
    return 0;
  }
  err(paint.bad(`${invalid} of ${plural(total, "tenant")} invalid`));
  return 1;
}
