/**
 * The ten slowest unit tests of a run, printed at its end (docs/testing.md, "Where the time
 * goes"): where the test command's minutes go, so the next engineer sees what to make cheaper.
 */
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

export default class Slowest implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tests: { ms: number; where: string }[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const ms = test.diagnostic()?.duration;
        if (ms !== undefined)
          tests.push({ ms, where: `${module.relativeModuleId} › ${test.fullName}` });
      }
    }
    tests.sort((a, b) => b.ms - a.ms);
    console.log(`\nThe ${Math.min(SHOWN, tests.length)} slowest unit tests:`);
    for (const t of tests.slice(0, SHOWN))
      console.log(`${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.where}`);
  }
}
