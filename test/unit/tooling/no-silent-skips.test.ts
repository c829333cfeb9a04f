// @vitest-environment node
/**
 * No silent skips: the test command fails when a unit or browser test is skipped without its
 * reason printed (scripts/test-all.sh runs vitest and Playwright with the two reporters of
 * test/reporters/). Each reporter, run on a fixture with one test skipped without a reason,
 * one skipped with its reason and one that runs.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Exit code and output of a command run from the project folder. */
async function outcome(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run("npx", args, { env: { ...process.env, ...env } });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const runners = {
  vitest: [
    "vitest",
    "run",
    "--config",
    "test/reporters/fixtures/vitest.config.ts",
    "--root",
    ".",
    "--reporter=default",
    "--reporter=./test/reporters/no-silent-skips.vitest.ts",
  ],
  playwright: [
    "playwright",
    "test",
    "--config",
    "test/reporters/fixtures/playwright.config.ts",
    "--reporter=list,./test/reporters/no-silent-skips.playwright.ts",
  ],
};

describe.each(Object.entries(runners))("%s", (_runner, args) => {
  it("fails on a test skipped without a reason, naming it; prints the reason of the other", async () => {
    const { code, out } = await outcome(args);
    expect(code).not.toBe(0);
    expect(out).toMatch(/1 (unit|browser) test\(s\) skipped without a reason/);
    expect(out).toContain("skips with its reason printed: ");
    expect(out).toMatch(
      / {2}test\/reporters\/fixtures\/skips\.(fixture|spec)\.ts › is skipped without a reason/,
    );
  }, 120_000);

  it("passes when every skipped test says why", async () => {
    const { code, out } = await outcome(args, { SKIPS: "explained" });
    expect(out).not.toContain("test(s) skipped without a reason");
    expect(code).toBe(0);
  }, 120_000);
});
