/**
 * The ten slowest browser tests of a run, printed at its end (docs/testing.md, "Where the time
 * goes"), beside the list reporter: where the test command's minutes go.
 */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 10;

export default class Slowest implements Reporter {
  private readonly tests: { ms: number; where: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(`${process.cwd()}/`, "");
    const title = test.titlePath().filter(Boolean).slice(1).join(" › ");
    this.tests.push({ ms: result.duration, where: `${file} › ${title}` });
  }

  onEnd(): void {
    this.tests.sort((a, b) => b.ms - a.ms);
    console.log(`\nThe ${Math.min(SHOWN, this.tests.length)} slowest browser tests:`);
    for (const t of this.tests.slice(0, SHOWN))
      console.log(`${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.where}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
