/**
 * Three CI runners build a third of the tenants each (`build --shard k/3`), then one job merges
 * their out dirs: the result is byte for byte what one `build --all` writes, and shards that do
 * not belong together are refused, each reason named, with nothing written.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import { mergeShards } from "../../../cli/build/merge.ts";
import { SHARD_RECORD_FILE, type ShardRecord } from "../../../cli/build/shard.ts";
import { cli } from "../fixtures/cli.ts";

const exec = promisify(execFile);
const runnerCache = join("node_modules", ".cache", `storefront-shard-runner-${process.pid}`);
let work: string;
let tenantsDir: string;
const shardDirs: string[] = [];
let full: string;

/** Every file of a folder with its sha256, so two folders compare byte for byte. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out[full.slice(dir.length + 1)] = createHash("sha256")
      .update(await readFile(full))
      .digest("hex");
  }
  return out;
}

const readRecord = async (dir: string) =>
  JSON.parse(await readFile(join(dir, SHARD_RECORD_FILE), "utf8")) as ShardRecord;
const writeRecord = (dir: string, record: ShardRecord) =>
  writeFile(join(dir, SHARD_RECORD_FILE), JSON.stringify(record));

/** A copy of shard k's folder whose record is changed by `edit`. */
async function alteredShard(k: number, name: string, edit: (r: ShardRecord) => void) {
  const dir = join(work, name);
  await rm(dir, { recursive: true, force: true });
  await cp(shardDirs[k - 1] as string, dir, { recursive: true });
  const record = await readRecord(dir);
  edit(record);
  await writeRecord(dir, record);
  return dir;
}

/** Merges into a fresh folder that must stay absent; returns the problems named. */
async function refused(dirs: string[]): Promise<string[]> {
  const out = join(work, `refused-${Math.random().toString(36).slice(2)}`);
  const result = await mergeShards(dirs, out);
  expect(result.ok).toBe(false);
  expect(result.tenants).toEqual([]);
  const left = existsSync(out) ? await readdir(out) : [];
  expect(left, "a refused merge writes nothing").toEqual([]);
  return result.problems;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-shards-"));
  tenantsDir = join(work, "tenants");
  await cp("tenants", tenantsDir, { recursive: true });
  full = join(work, "full");
  for (let k = 1; k <= 3; k++) {
    const dir = join(work, `shard-${k}`);
    shardDirs.push(dir);
    if (k === 2) {
      // A runner of its own: no core build, compiled theme or compressed copy cached, so it
      // builds the core with Vite itself. Merged, its share must still match byte for byte.
      // (The cache sits under node_modules, where the prerender module finds React and Lingui.)
      // Its tenants are built by two workers: the pool writes the same bytes as the process.
      await exec(
        process.execPath,
        [
          "cli/bin.js",
          "build",
          "--all",
          "--shard",
          "2/3",
          "--tenants-dir",
          tenantsDir,
          "--out-dir",
          dir,
        ],
        {
          env: {
            ...process.env,
            STOREFRONT_CORE_CACHE: join(runnerCache, "storefront-core"),
            STOREFRONT_BUILD_WORKERS: "2",
          },
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      continue;
    }
    // The other runners share this machine's cache.
    const results = await buildTenants({
      tenantsDir,
      outDir: dir,
      ids: [],
      shard: { index: k, total: 3 },
    });
    expect(results.every((r) => r.ok)).toBe(true);
  }
  await buildTenants({ tenantsDir, outDir: full, ids: [] });
}, 600_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await rm(runnerCache, { recursive: true, force: true });
});

describe("storefront merge of a sharded build", () => {
  it("gives each shard a disjoint share, recorded with the build key and every file's sha256", async () => {
    const records = await Promise.all(shardDirs.map(readRecord));
    const built = records.flatMap((r) => r.tenants.map((t) => t.id)).sort();
    expect(built).toEqual(["ironstar", "myeventphoto", "mysport", "mysport-usa", "timerman"]);
    expect(new Set(records.map((r) => r.buildKey)).size).toBe(1);
    expect(records.map((r) => [r.shard, r.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    for (const r of records) {
      expect(r.key.cliVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(r.key.coreHash).toMatch(/^[0-9a-f]{16}$/);
      expect(r.key.renderHash).toMatch(/^[0-9a-f]{16}$/);
      for (const t of r.tenants) {
        expect(t.inputHash).toMatch(/^[0-9a-f]{64}$/);
        const files = await tree(join(shardDirs[r.shard - 1] as string, t.id));
        expect(Object.fromEntries(t.files.map((f) => [f.path, f.sha256]))).toEqual(files);
      }
    }
    // Sizes within one of each other: 5 tenants in 3 shards are 2, 2 and 1.
    expect(records.map((r) => r.tenants.length)).toEqual([2, 2, 1]);
  });

  it("writes byte for byte what one unsharded build --all writes", async () => {
    const merged = join(work, "merged");
    const { code, stdout } = await cli("merge", ...shardDirs, "--out-dir", merged);
    expect(code).toBe(0);
    expect(stdout).toMatch(/5 tenants from 3 shards merged/);
    const expected = await tree(full);
    expect(Object.keys(expected).length).toBeGreaterThan(500);
    expect(await tree(merged)).toEqual(expected);
  }, 60_000);

  it("refuses a missing shard, naming it and each tenant it held", async () => {
    const [one, two] = shardDirs as [string, string, string];
    const problems = await refused([one, two]);
    expect(problems).toContain("shard 3/3 is missing");
    const third = (await readRecord(shardDirs[2] as string)).assigned;
    for (const id of third)
      expect(problems).toContain(`tenant ${id} is missing: no shard built it`);
  });

  it("refuses a shard given twice, naming both folders and each tenant in two shards", async () => {
    const copy = await alteredShard(2, "shard-2-again", () => {});
    const problems = await refused([...shardDirs, copy]);
    expect(problems).toContain(`shard 2/3 is given twice: ${shardDirs[1]} and ${copy}`);
    for (const id of (await readRecord(copy)).assigned) {
      expect(problems).toContain(
        `tenant ${id} is in more than one shard: shard 2/3 (${shardDirs[1]}) and shard 2/3 (${copy})`,
      );
    }
  });

  it("refuses shards of different totals, naming each shard and its total", async () => {
    const other = await alteredShard(3, "shard-3-of-4", (r) => {
      r.total = 4;
    });
    const problems = await refused([shardDirs[0] as string, shardDirs[1] as string, other]);
    expect(problems).toEqual([
      `the shards come from splits of different sizes: shard 1/3 (${shardDirs[0]}), shard 2/3 (${shardDirs[1]}), shard 3/4 (${other})`,
    ]);
  });

  it("refuses shards of different build keys, naming the key, its parts and the shards of each", async () => {
    const other = await alteredShard(2, "shard-2-other-core", (r) => {
      r.buildKey = "0123456789abcdef";
      r.key.coreHash = "fedcba9876543210";
    });
    const problems = await refused([shardDirs[0] as string, other, shardDirs[2] as string]);
    expect(problems).toHaveLength(2);
    expect(problems[1]).toBe(
      `build key 0123456789abcdef (CLI ${(await readRecord(other)).key.cliVersion}, core fedcba9876543210, templates ${(await readRecord(other)).key.renderHash}, year ${(await readRecord(other)).key.year}): shard 2/3 (${other}); every shard must be built from the same commit`,
    );
    expect(problems[0]).toContain(`shard 1/3 (${shardDirs[0]}), shard 3/3 (${shardDirs[2]})`);
  });

  it("refuses a tenant whose build failed in its shard, naming the tenant and the shard", async () => {
    const record = await readRecord(shardDirs[0] as string);
    const id = record.tenants[0]?.id as string;
    const broken = await alteredShard(1, "shard-1-failed", (r) => {
      r.tenants = r.tenants.filter((t) => t.id !== id);
      r.failed = [id];
    });
    expect(await refused([broken, shardDirs[1] as string, shardDirs[2] as string])).toEqual([
      `tenant ${id} is missing: its build failed in shard 1/3 (${broken})`,
    ]);
  });

  it("refuses two different bytes for one path, naming the path and both folders", async () => {
    // The same tenant built twice, differently: its index.html is not the same file.
    const record = await readRecord(shardDirs[0] as string);
    const id = record.tenants[0]?.id as string;
    const twice = await alteredShard(2, "shard-2-with-extra", (r) => {
      const extra = record.tenants.find((t) => t.id === id);
      if (!extra) throw new Error("no tenant");
      r.tenants.push({
        ...extra,
        files: extra.files.map((f) =>
          f.path === "index.html" ? { ...f, sha256: "f".repeat(64) } : f,
        ),
      });
    });
    await cp(join(shardDirs[0] as string, id), join(twice, id), { recursive: true });
    const problems = await refused([shardDirs[0] as string, twice, shardDirs[2] as string]);
    expect(problems).toContain(`${id}/index.html: different bytes in ${shardDirs[0]} and ${twice}`);
    expect(problems).toContain(`tenant ${id} in shard 2/3 (${twice}) belongs to another shard`);
  });

  it("refuses a file whose bytes changed after the build (a damaged artifact), leaving the out dir as it was", async () => {
    const damaged = await alteredShard(3, "shard-3-damaged", () => {});
    const [tenant] = (await readRecord(damaged)).tenants;
    const page = join(damaged, tenant?.id as string, "index.html");
    await writeFile(page, `${await readFile(page, "utf8")}<!-- changed -->`);
    const out = join(work, "merged-before");
    await cp(full, out, { recursive: true });
    const before = await tree(out);
    const result = await mergeShards(
      [shardDirs[0] as string, shardDirs[1] as string, damaged],
      out,
    );
    expect(result.problems).toEqual([`${page}: its bytes are not those its shard record names`]);
    expect(await tree(out)).toEqual(before);
  });

  it("refuses a tenant whose build manifest was forged along with the shard record (a path out of the bundle)", async () => {
    const forged = await alteredShard(2, "shard-2-forged", () => {});
    const record = await readRecord(forged);
    const tenant = record.tenants[0];
    if (!tenant) throw new Error("shard 2 holds no tenant");
    const file = join(forged, tenant.id, "build-manifest.json");
    const manifest = JSON.parse(await readFile(file, "utf8"));
    manifest.files.push({ path: "../../deploy-key.pem", sha256: "a".repeat(64), bytes: 1 });
    const text = JSON.stringify(manifest);
    await writeFile(file, text);
    // The attacker rewrites the record too, so the copied bytes match it.
    const entry = tenant.files.find((f) => f.path === "build-manifest.json");
    if (!entry) throw new Error("the record lists no build manifest");
    entry.sha256 = createHash("sha256").update(text).digest("hex");
    if ("size" in entry) (entry as { size: number }).size = Buffer.byteLength(text);
    await writeRecord(forged, record);
    const problems = await refused([shardDirs[0] as string, forged, shardDirs[2] as string]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${join(forged, tenant.id, "build-manifest.json")}`);
    expect(problems[0]).toContain("../../deploy-key.pem");
  });

  it("refuses a link where a shard's file should be, though its target has the recorded bytes", async () => {
    const linked = await alteredShard(1, "shard-1-linked", () => {});
    const [tenant] = (await readRecord(linked)).tenants;
    const page = join(linked, tenant?.id as string, "index.html");
    const elsewhere = join(work, "elsewhere.html");
    await cp(page, elsewhere);
    await rm(page);
    await symlink(elsewhere, page);
    const problems = await refused([linked, shardDirs[1] as string, shardDirs[2] as string]);
    expect(problems).toEqual([`${page}: not a plain file`]);
  });

  it("refuses a folder that is not a shard's out dir, in one line, exit 1", async () => {
    const { code, stderr } = await cli(
      "merge",
      shardDirs[0] as string,
      full,
      "--out-dir",
      join(work, "x"),
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      `${full}: no ${SHARD_RECORD_FILE} (not the out dir of a \`storefront build --shard\`)`,
    );
    expect(existsSync(join(work, "x"))).toBe(false);
  });
});
