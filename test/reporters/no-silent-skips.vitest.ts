/**
 * The skip rule for unit tests (docs/testing.md): a test may be skipped only with its reason
 * printed (`ctx.skip("why")` gives one; `it.skip`, `it.skipIf`, `it.runIf` and `it.todo` do
 * not). Used by the test command (scripts/test-all.sh) beside the default reporter: it prints
 * every skipped test with its reason, and fails the run when one has none.
 */
import type { Reporter, TestModule } from "vitest/node";

export default class NoSilentSkips implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const explained: string[] = [];
    const silent: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== "skipped") continue;
        const where = `${module.relativeModuleId} › ${test.fullName}`;
        if (result.note?.trim()) explained.push(`${where}: ${result.note.trim()}`);
        else silent.push(where);
      }
    }
    for (const line of explained) console.log(`skipped (with its reason) ${line}`);
    if (silent.length === 0) return;
    console.error(
      `\n${silent.length} unit test(s) skipped without a reason (docs/testing.md, "No silent skips"):`,
    );
    for (const line of silent) console.error(`  ${line}`);
    process.exitCode = 1;
  }
}
