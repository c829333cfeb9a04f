/**
 * The ten slowest unit tests of a run and the ten slowest files (importing them, their hooks
 * and tests), printed at its end (docs/testing.md, "Where the time goes"): where the test
 * command's minutes go, so the next engineer sees what to make cheaper.
 */
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default class Slowest implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tests: { ms: number; where: string }[] = [];
    const files: { ms: number; where: string; count: number }[] = [];
    for (const module of modules) {
      let count = 0;
      for (const test of module.children.allTests()) {
        count++;
        const ms = test.diagnostic()?.duration;
        if (ms !== undefined)
          tests.push({ ms, where: `${module.relativeModuleId} › ${test.fullName}` });
      }
      const d = module.diagnostic();
      files.push({ ms: d.collectDuration + d.duration, where: module.relativeModuleId, count });
    }
    tests.sort((a, b) => b.ms - a.ms);
    console.log(`\nThe ${Math.min(SHOWN, tests.length)} slowest unit tests:`);
    for (const t of tests.slice(0, SHOWN)) console.log(`${seconds(t.ms)}  ${t.where}`);
    files.sort((a, b) => b.ms - a.ms);
    console.log(`\nThe ${Math.min(SHOWN, files.length)} slowest files (import, hooks and tests):`);
    for (const f of files.slice(0, SHOWN))
      console.log(`${seconds(f.ms)}  ${f.where} (${f.count} tests)`);
  }
}
