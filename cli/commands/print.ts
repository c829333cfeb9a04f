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
  return { red: wrap(31), green: wrap(32), dim: wrap(2), bold: wrap(1) };
}
