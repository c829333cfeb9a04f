/**
 * The quick project (`npm run test:quick`, the inner loop of a minute) starts no process, builds
 * no bundle and needs no daemon: a unit test file that does is listed in vitest.config.ts as an
 * integration or daemon test, where the full test command runs it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DAEMON_TESTS, INTEGRATION_TESTS } from "../../../vitest.config.ts";

/** What a file that starts a process, builds a bundle or needs a daemon says in its source. */
const SLOW = [
  /from "node:child_process"/,
  /fixtures\/cli\.ts"/,
  // Reads PDFs with poppler's and qpdf's tools (processes).
  /pdf-text\.ts"/,
  /\bstartCeph\b|\binject\("ceph"\)/,
  /\bbuildTenants\(|\bbuildCore\(|\bbuildVersions\(/,
  /\bnew DevTenant\(|\bstartCoreDev\(/,
  /from "(@playwright\/test|playwright)"/,
];

function unitTestFiles(dir = "test/unit"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? unitTestFiles(join(dir, e.name))
      : /\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

describe("the unit tests' projects", () => {
  it("name files that exist, each in one project", () => {
    const listed = [...DAEMON_TESTS, ...INTEGRATION_TESTS];
    expect(listed.filter((f) => !existsSync(f))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("keep every file that starts a process, builds a bundle or needs a daemon out of the quick loop", () => {
    const slow = new Set([...DAEMON_TESTS, ...INTEGRATION_TESTS]);
    // This file names what it looks for, so it is not read itself.
    const self = "test/unit/tooling/test-projects.test.ts";
    const quick = unitTestFiles().filter((f) => !slow.has(f) && f !== self);
    expect(quick.length).toBeGreaterThan(100);
    const misplaced = quick.filter((f) => SLOW.some((re) => re.test(readFileSync(f, "utf8"))));
    expect(misplaced).toEqual([]);
  });

  it("a file that builds a bundle is caught (the check is not blind)", () => {
    expect(
      SLOW.some((re) => re.test('const [r] = await buildTenants({ ids: ["mysport"] });')),
    ).toBe(true);
    expect(SLOW.some((re) => re.test('import { x } from "./money.ts";'))).toBe(false);
  });
});
