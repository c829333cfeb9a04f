/**
 * The bench writes what it measured into docs/benchmarks.md itself: each figure group's table is
 * replaced between its markers, the rest of the page (the prose, other groups) is kept.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupTable, withGroup } from "../../../scripts/bench-docs.js";

const run = { date: "2026-11-26T02:00:00.000Z", node: "v20.20.2", cpus: 2, coreCache: "warm" };

describe("the bench's page of figures", () => {
  it("replaces only the group that ran, keeping the prose and the other groups", () => {
    const doc = [
      "# Benchmarks",
      "<!-- bench:build -->\nold build\n<!-- /bench:build -->",
      "Notes stay.",
      "<!-- bench:weight -->\nold weight\n<!-- /bench:weight -->",
    ].join("\n\n");
    const next = withGroup(doc, "build", "new build");
    expect(next).toContain("<!-- bench:build -->\nnew build\n<!-- /bench:build -->");
    expect(next).not.toContain("old build");
    expect(next).toContain("old weight");
    expect(next).toContain("Notes stay.");
  });

  it("appends a group the page does not have yet", () => {
    const next = withGroup("# Benchmarks\n", "gallery", "rows");
    expect(next).toBe("# Benchmarks\n\n<!-- bench:gallery -->\nrows\n<!-- /bench:gallery -->\n");
  });

  it("writes each figure with its value, target and whether it was met, pipes escaped", () => {
    const table = groupTable(
      [
        { name: "validate 5 tenants", shown: "0.20 s", target: "≤ 0.50 s", met: "met" },
        { name: "a | b", shown: "1.81×", target: "≤ 1.60×", met: "**missed**" },
      ],
      run,
    );
    expect(table).toContain("Measured 2026-11-26, Node v20.20.2, 2 cores, warm core cache.");
    expect(table).toContain("| validate 5 tenants | 0.20 s | ≤ 0.50 s | met |");
    expect(table).toContain("| a \\| b | 1.81× | ≤ 1.60× | **missed** |");
  });

  it("has a section for every figure group the bench runs", () => {
    const doc = readFileSync("docs/benchmarks.md", "utf8");
    const bench = readFileSync("scripts/bench.js", "utf8");
    const groups = bench.slice(bench.indexOf("const BENCHMARKS = {"));
    for (const name of [
      "weight",
      "build",
      "validate",
      "gallery",
      "lighthouse",
      "dev",
      "s3",
      "shards",
    ]) {
      expect(groups).toContain(`${name}:`);
      expect(doc).toContain(`<!-- bench:${name} -->`);
      expect(doc).toContain(`<!-- /bench:${name} -->`);
    }
  });
});
