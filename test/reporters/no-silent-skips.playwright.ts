/**
 * The skip rule for browser tests (docs/testing.md): a test may be skipped only with its reason
 * printed (`test.skip(condition, "why")` and `test.fixme(condition, "why")` give one; a bare
 * `test.skip()` does not). Used by the test command (scripts/test-all.sh) beside the list
 * reporter: it prints every skipped test with its reason, and fails the run when one has none.
 */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class NoSilentSkips implements Reporter {
  private readonly explained: string[] = [];
  private readonly silent: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== "skipped") return;
    const where = `${test.location.file.replace(`${process.cwd()}/`, "")} › ${test.titlePath().filter(Boolean).slice(1).join(" › ")}`;
    const reason = [...result.annotations, ...test.annotations]
      .filter((a) => a.type === "skip" || a.type === "fixme")
      .map((a) => a.description?.trim())
      .find(Boolean);
    if (reason) this.explained.push(`${where}: ${reason}`);
    else this.silent.push(where);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    for (const line of this.explained) console.log(`skipped (with its reason) ${line}`);
    if (this.silent.length === 0) return undefined;
    console.error(
      `\n${this.silent.length} browser test(s) skipped without a reason (docs/testing.md, "No silent skips"):`,
    );
    for (const line of this.silent) console.error(`  ${line}`);
    return { status: result.status === "passed" ? "failed" : result.status };
  }

  printsToStdio(): boolean {
    return false;
  }
}
