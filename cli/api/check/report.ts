/**
 * How `storefront check-api` tells an operator what it found: each mismatch as it comes (the
 * call, what was expected and what came, and a `curl` line that asks again), then the calls
 * checked, the calls it could not check and why, and a one-line verdict; or all of it as JSON
 * for CI. The same mismatch of one call is printed once, however often the call was made.
 */

import { paint } from "../../commands/print.ts";
import { oneLine } from "../../config/errors.ts";
import type { Mismatch } from "./reply.ts";
import type { CallResult, CheckReport } from "./types.ts";

/** Exit codes: all match; a mismatch; stopped by Ctrl+C before the end. */
export const EXIT = { match: 0, mismatch: 1, stopped: 130 } as const;

export function exitCode(report: CheckReport): number {
  if (report.stopped) return EXIT.stopped;
  return report.results.some((r) => r.mismatches.length > 0) ? EXIT.mismatch : EXIT.match;
}

/** One mismatch as a line: `albumId: expected string, got 1003 (a number)`. */
export function mismatchLine(m: Mismatch): string {
  switch (m.kind) {
    case "status":
      return `status: expected ${m.expected}, got ${m.got}`;
    case "header":
      return `header ${m.field}: expected ${m.expected}, got ${m.got}`;
    case "error-body":
      return `error body${m.field ? ` ${m.field}` : ""}: expected ${m.expected}, got ${m.got}`;
    case "no-reply":
      return `no reply: ${m.got}`;
    case "too-large":
      return "reply: over 8 MB, not read to its end";
    case "cors":
      return `CORS ${m.field}: expected ${m.expected}, got ${m.got}`;
    default:
      return `${m.field ?? "reply"}: expected ${m.expected}, got ${m.got}`;
  }
}

/** Prints each call's new mismatches as the check goes; returns a printer of the end. */
export function textReporter(out: (line: string) => void, color: boolean) {
  const c = paint(color);
  const seen = new Set<string>();
  return {
    start(api: string) {
      out(`Checking ${oneLine(api)} against the API the shop expects (docs/backend.md)…`);
    },
    result(result: CallResult) {
      const fresh = result.mismatches.filter((m) => {
        const key = `${result.call}|${m.kind}|${m.field}|${m.expected}|${m.got}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (fresh.length === 0) return;
      const status = result.status === null ? "no reply" : String(result.status);
      out("");
      out(
        `${c.red("✗")} ${c.bold(result.call)}  ${result.method} ${oneLine(result.url)} → ${status}`,
      );
      for (const m of fresh) out(`    ${mismatchLine(m)}`);
      out(c.dim(`    again: ${result.curl}`));
      if (result.preflight && fresh.some((m) => m.field?.startsWith("preflight"))) {
        out(c.dim(`    preflight: ${result.preflight}`));
      }
    },
    end(report: CheckReport) {
      out("");
      out(`Checked (${report.checked.length}): ${report.checked.join(", ")}`);
      if (report.notChecked.length > 0) {
        out(`Not checked (${report.notChecked.length}):`);
        const width = Math.max(...report.notChecked.map((n) => n.call.length));
        // A reason may name an id a reply gave: one line, whatever it holds.
        for (const n of report.notChecked) out(`  ${n.call.padEnd(width)}  ${oneLine(n.reason)}`);
      }
      out("");
      out(verdict(report, c));
    },
  };
}

function verdict(report: CheckReport, c: ReturnType<typeof paint>): string {
  const differing = new Set(
    report.results.filter((r) => r.mismatches.length > 0).map((r) => r.call),
  );
  const count = report.checked.length;
  if (report.stopped) {
    return c.yellow(
      `Stopped: ${count} calls checked before Ctrl+C, ${differing.size} of them differ.`,
    );
  }
  if (differing.size === 0) {
    return c.green(`✓ All ${count} calls checked answer as the shop expects.`);
  }
  const mismatches = new Set(
    report.results.flatMap((r) => r.mismatches.map((m) => `${r.call}|${mismatchLine(m)}`)),
  ).size;
  return c.red(
    `✗ ${differing.size} of ${count} calls differ from what the shop expects (${mismatches} ${mismatches === 1 ? "mismatch" : "mismatches"}): ${[...differing].join(", ")}.`,
  );
}

/** The report for CI (`--json`). */
export function jsonReport(report: CheckReport) {
  return {
    api: report.api,
    ok: exitCode(report) === EXIT.match,
    stopped: report.stopped,
    mismatches: report.results
      .filter((r) => r.mismatches.length > 0)
      .map((r) => ({
        call: r.call,
        method: r.method,
        url: r.url,
        status: r.status,
        problems: r.mismatches,
        curl: r.curl,
        ...(r.preflight ? { preflight: r.preflight } : {}),
      })),
    checked: report.checked,
    notChecked: report.notChecked,
  };
}
