/**
 * Sharded builds across CI runners: `--shard k/n` picks a share of the selected tenants that
 * every runner computes alike, balanced to within one tenant and stable when tenants are added.
 */
import { describe, expect, it } from "vitest";
import { MAX_SHARDS, parseShard, partition, shardTenants } from "../../../cli/build/shard.ts";
import { cli } from "../fixtures/cli.ts";

const ids = (n: number, prefix = "brand") =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}`);

/** How many of the tenants both partitions hold changed shard. */
function moved(before: string[][], after: string[][]): number {
  const where = new Map<string, number>();
  before.forEach((shard, k) => {
    for (const id of shard) where.set(id, k);
  });
  let count = 0;
  after.forEach((shard, k) => {
    for (const id of shard) if (where.has(id) && where.get(id) !== k) count++;
  });
  return count;
}

describe("--shard k/n is read strictly", () => {
  it("takes k/n with 1 ≤ k ≤ n", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, total: 4 });
    expect(parseShard("1/1")).toEqual({ index: 1, total: 1 });
  });

  it.each([
    ["0/3", "--shard 0/3: shards are numbered from 1 (k is 1 to 3)"],
    ["4/3", "--shard 4/3: there is no shard 4 of 3 (k is 1 to 3)"],
    ["a/b", "--shard a/b: expected k/n with whole numbers, e.g. --shard 2/4"],
    ["1/0", "--shard 1/0: the number of shards (n) must be at least 1"],
    ["2", "--shard 2: expected k/n with whole numbers, e.g. --shard 2/4"],
    ["-1/3", "--shard -1/3: expected k/n with whole numbers, e.g. --shard 2/4"],
    ["1.5/3", "--shard 1.5/3: expected k/n with whole numbers, e.g. --shard 2/4"],
    [`1/${MAX_SHARDS + 1}`, `--shard 1/${MAX_SHARDS + 1}: at most ${MAX_SHARDS} shards`],
  ])("refuses %s with one line saying why", (text, message) => {
    expect(() => parseShard(text)).toThrow(message);
  });

  it.each(["0/3", "4/3", "a/b", "1/0"])(
    "the command refuses --shard %s as a usage error (exit 2) in one line, building nothing",
    async (text) => {
      const { code, stdout, stderr } = await cli("build", "--all", "--shard", text);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr.trim().split("\n")).toEqual([expect.stringMatching(/^error: --shard /)]);
      expect(stderr).toContain(text);
    },
    60_000,
  );
});

describe("the partition of the selected tenants into shards", () => {
  it("is disjoint and covers every tenant once", () => {
    const all = ids(1000);
    const shards = partition(all, 7);
    expect(shards.flat().sort()).toEqual(all);
  });

  it("is the same whatever order the tenants are listed in, as on every runner", () => {
    const all = ids(300);
    const shuffled = [...all].sort((a, b) =>
      a.split("").reverse() < b.split("").reverse() ? -1 : 1,
    );
    expect(shuffled).not.toEqual(all);
    expect(partition(shuffled, 5)).toEqual(partition(all, 5));
    expect(shardTenants(shuffled, { index: 3, total: 5 })).toEqual(partition(all, 5)[2]);
  });

  it("is balanced to within one tenant, for any number of tenants and shards", () => {
    for (const [m, n] of [
      [1000, 4],
      [1001, 4],
      [5, 3],
      [2, 5],
      [0, 3],
      [257, 16],
      [999, 256],
    ] as const) {
      const sizes = partition(ids(m), n).map((s) => s.length);
      expect(sizes).toHaveLength(n);
      expect(
        Math.max(...sizes) - Math.min(...sizes),
        `${m} tenants in ${n} shards`,
      ).toBeLessThanOrEqual(1);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(m);
    }
  });

  it("moves only a few tenants when one is added: at most 3 of 1,000 in 4 shards", () => {
    let all = ids(1000);
    let before = partition(all, 4);
    const counts: number[] = [];
    for (let i = 0; i < 50; i++) {
      all = [...all, `added-${i}`];
      const after = partition(all, 4);
      counts.push(moved(before, after));
      before = after;
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
  });

  it("moves far fewer than slices of a hash-sorted list would with many shards", () => {
    // Cutting a sorted list into n slices shifts every boundary after the new tenant: about
    // n/2 tenants move per addition. The stable matching moves a short chain.
    let all = ids(2000);
    let before = partition(all, 64);
    let total = 0;
    let most = 0;
    for (let i = 0; i < 40; i++) {
      all = [...all, `added-${i}`];
      const after = partition(all, 64);
      const count = moved(before, after);
      total += count;
      most = Math.max(most, count);
      before = after;
    }
    expect(total / 40).toBeLessThan(8);
    expect(most).toBeLessThanOrEqual(12);
  });

  it("moves only a few tenants when one is removed", () => {
    const all = ids(1000);
    const before = partition(all, 4);
    for (const gone of ["brand-0007", "brand-0500", "brand-0999"]) {
      expect(
        moved(
          before,
          partition(
            all.filter((id) => id !== gone),
            4,
          ),
        ),
      ).toBeLessThanOrEqual(3);
    }
  });
});
