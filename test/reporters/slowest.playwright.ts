/**
 * The ten slowest browser tests of a run and the ten spec files that take longest (their tests'
 * time summed), printed at its end (docs/testing.md, "Where the time goes"), beside the list
 * reporter: where the test command's minutes go.
 */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default class Slowest implements Reporter {
  private readonly tests: { ms: number; where: string }[] = [];
  private readonly files = new Map<string, { ms: number; count: number }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(`${process.cwd()}/`, "");
    const title = test.titlePath().filter(Boolean).slice(1).join(" › ");
    this.tests.push({ ms: result.duration, where: `${file} › ${title}` });
    const sum = this.files.get(file) ?? { ms: 0, count: 0 };
    this.files.set(file, { ms: sum.ms + result.duration, count: sum.count + 1 });
  }

  onEnd(): void {
    this.tests.sort((a, b) => b.ms - a.ms);
    console.log(`\nThe ${Math.min(SHOWN, this.tests.length)} slowest browser tests:`);
    for (const t of this.tests.slice(0, SHOWN)) console.log(`${seconds(t.ms)}  ${t.where}`);
    const files = [...this.files].sort((a, b) => b[1].ms - a[1].ms).slice(0, SHOWN);
    console.log(`\nThe ${files.length} spec files whose tests take longest (summed):`);
    for (const [file, { ms, count }] of files)
      console.log(`${seconds(ms)}  ${file} (${count} tests)`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
