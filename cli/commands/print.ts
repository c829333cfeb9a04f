import { oneLine } from "../config/errors.ts";

/** Where a command writes, and whether it may colour its output. */
export interface Printer {
  out: (line: string) => void;
  err: (line: string) => void;
  color: boolean;
}

export function consolePrinter(): Printer {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    color: !!process.stdout.isTTY && !process.env.NO_COLOR,
  };
}

export function paint(color: boolean) {
  const wrap = (code: number) => (s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  return { red: wrap(31), green: wrap(32), yellow: wrap(33), dim: wrap(2), bold: wrap(1) };
}

/**
 * An error's text as the lines a person reads: control characters a value may carry (read back
 * from a bucket or a target's files, typed into a CI form) escaped, and every line indented, so
 * that no value starts a line of its own — a CI annotation such as `::error::`, or a forged
 * "✓ mysport published".
 */
export function errorLines(text: string, indent = "  "): string {
  return indent + text.split("\n").map(oneLine).join(`\n${indent}`);
}

/** An error's text for `--json`: one line, control characters escaped (as `jq -r` prints it). */
export const jsonError = oneLine;
