/**
 * Sharded builds: `storefront build --shard k/n` builds only shard k of n of the selected
 * tenants, so n CI runners build disjoint shares with no coordinator, and `storefront merge`
 * (merge.ts) puts their out dirs back together into exactly what one `build --all` writes.
 *
 * The partition is a pure function of the set of selected ids and n:
 * - the same on every runner (it depends on nothing but the ids: no order, clock or machine);
 * - balanced to within one tenant (shards 1..r hold ⌈m/n⌉, the others ⌊m/n⌋, where m = qn + r);
 * - stable: adding or removing a tenant moves only a few others, so a runner's cached bundles
 *   stay useful.
 *
 * How: rendezvous (highest-random-weight) hashing gives every (tenant, shard) pair a score from
 * the tenant's id; every tenant prefers the shards by score, every shard the tenants by the same
 * score, and each shard holds as many as its balanced share allows. The assignment is the one
 * stable matching of those preferences (tenants propose, a full shard keeps its best-scored
 * tenants). Without the capacities this is plain rendezvous hashing, where adding a tenant moves
 * nobody but leaves shards up to tens of per cent apart; with them, a new tenant displaces at most
 * a short chain of others. Cutting a hash-sorted list into n slices (Jest's way) is as balanced,
 * but every slice boundary after the new tenant shifts: with 2,000 tenants in 64 shards 18 move
 * per addition on average, against 4 here (docs/ci-publishing.md; test/unit/build/shard.test.ts).
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type BuildKey, MANIFEST_FILE, sha256Hex } from "./manifest.ts";

/** The shard record a sharded build writes into its out dir, beside the tenants' folders. */
export const SHARD_RECORD_FILE = "storefront-shard.json";

/** The record's format: `storefront merge` refuses a record of another. */
export const SHARD_RECORD_FORMAT = 1;

/** More shards than CI systems run as one matrix (GitHub 256, GitLab 200), with room to spare. */
export const MAX_SHARDS = 1000;

export interface Shard {
  /** 1-based, as CI numbers its jobs (GitHub's matrix value, GitLab's CI_NODE_INDEX). */
  index: number;
  total: number;
}

/**
 * Reads `--shard k/n`. Throws an operator-facing one-line message for anything but two whole
 * numbers with 1 ≤ k ≤ n ≤ MAX_SHARDS.
 */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) {
    return fail(`--shard ${text}: expected k/n with whole numbers, e.g. --shard 2/4`);
  }
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1) return fail(`--shard ${text}: the number of shards (n) must be at least 1`);
  if (total > MAX_SHARDS) return fail(`--shard ${text}: at most ${MAX_SHARDS} shards`);
  if (index < 1) return fail(`--shard ${text}: shards are numbered from 1 (k is 1 to ${total})`);
  if (index > total)
    return fail(`--shard ${text}: there is no shard ${index} of ${total} (k is 1 to ${total})`);
  return { index, total };
}

function fail(message: string): never {
  throw new Error(message);
}

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The rendezvous score of each shard for a tenant: a 53-bit whole number from the SHA-256 of
 * its id mixed with the shard's number. Integer arithmetic only, so every runner agrees.
 */
function shardScores(id: string, total: number): number[] {
  const digest = createHash("sha256").update(id).digest();
  const a = digest.readUInt32BE(0);
  const b = digest.readUInt32BE(4);
  const scores: number[] = new Array(total);
  for (let k = 0; k < total; k++) {
    const high = mix32(a ^ mix32(k * 2 + 1));
    const low = mix32(b ^ mix32(k * 2 + 2)) >>> 11;
    scores[k] = high * 2 ** 21 + low;
  }
  return scores;
}

/**
 * Splits `ids` into `total` shards (index 0 is shard 1), each sorted. See the top of this file
 * for the properties and why.
 */
export function partition(ids: readonly string[], total: number): string[][] {
  const tenants = [...new Set(ids)].sort();
  const m = tenants.length;
  const q = Math.floor(m / total);
  const r = m % total;
  const capacity = Array.from({ length: total }, (_, k) => q + (k < r ? 1 : 0));
  const scores = tenants.map((id) => shardScores(id, total));
  // Each tenant's shards, best first (a tie, as rare as a 53-bit collision, goes to the lower shard).
  const preferences = scores.map((s) =>
    Array.from({ length: total }, (_, k) => k).sort(
      (x, y) => (s[y] as number) - (s[x] as number) || x - y,
    ),
  );
  /** Whether tenant t ranks above tenant u for shard k: by score, then by id (ids are sorted). */
  const above = (k: number, t: number, u: number) => {
    const st = scores[t]?.[k] as number;
    const su = scores[u]?.[k] as number;
    return st !== su ? st > su : t < u;
  };
  const held: number[][] = Array.from({ length: total }, () => []);
  const next = new Array<number>(m).fill(0);
  const free = Array.from({ length: m }, (_, t) => m - 1 - t);
  while (free.length > 0) {
    const t = free.pop() as number;
    const k = preferences[t]?.[next[t] as number] as number;
    next[t] = (next[t] as number) + 1;
    const holding = held[k] as number[];
    holding.push(t);
    if (holding.length <= (capacity[k] as number)) continue;
    // Over its share: the shard lets its lowest-ranked tenant go, who tries its next shard.
    let worst = 0;
    for (let i = 1; i < holding.length; i++) {
      if (above(k, holding[worst] as number, holding[i] as number)) worst = i;
    }
    free.push(holding[worst] as number);
    holding.splice(worst, 1);
  }
  return held.map((h) => h.map((t) => tenants[t] as string).sort());
}

/** The tenants of one shard of the selection. */
export function shardTenants(ids: readonly string[], shard: Shard): string[] {
  return partition(ids, shard.total)[shard.index - 1] ?? [];
}

/**
 * One string for what every shard must share: the CLI (package) version, the core's inputs,
 * the templates and rendering code, and the year the pages print.
 */
export function buildKeyDigest(key: BuildKey): string {
  return sha256Hex(JSON.stringify([key.coreVersion, key.coreHash, key.renderHash, key.year])).slice(
    0,
    16,
  );
}

export interface ShardFile {
  /** Relative to the tenant's folder, "/" separated. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface ShardTenant {
  id: string;
  /** The hash of the tenant's inputs as its build-manifest.json records them (YAML, files, parent). */
  inputHash: string;
  /** Every file of dist/<id>/, build-manifest.json included. */
  files: ShardFile[];
}

export interface ShardRecord {
  format: typeof SHARD_RECORD_FORMAT;
  shard: number;
  total: number;
  /** buildKeyDigest of `key`. */
  buildKey: string;
  key: { cliVersion: string; coreHash: string; renderHash: string; year: number };
  /** Every tenant the shards were cut from, sorted: the same in every shard of one build. */
  selection: string[];
  /** This shard's share of the selection. */
  assigned: string[];
  /** The tenants of the share that are built, with their files. */
  tenants: ShardTenant[];
  /** The tenants of the share that failed to build. */
  failed: string[];
}

/**
 * Writes the shard record into `outDir`: every built tenant of the share with the files of its
 * folder, read from its build-manifest.json (which lists every other file with its sha256).
 */
export async function writeShardRecord(
  outDir: string,
  shard: Shard,
  key: BuildKey,
  selection: readonly string[],
  built: readonly string[],
  failed: readonly string[],
): Promise<ShardRecord> {
  const tenants: ShardTenant[] = [];
  for (const id of [...built].sort()) {
    const manifestBytes = await readFile(join(outDir, id, MANIFEST_FILE));
    const manifest = JSON.parse(manifestBytes.toString("utf8")) as {
      configHash?: string;
      inputs?: unknown;
      files: { path: string; bytes: number; sha256: string }[];
    };
    const files: ShardFile[] = [
      ...manifest.files.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })),
      { path: MANIFEST_FILE, bytes: manifestBytes.length, sha256: sha256Hex(manifestBytes) },
    ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const inputHash = sha256Hex(
      JSON.stringify({ config: manifest.configHash ?? null, inputs: manifest.inputs ?? null }),
    );
    tenants.push({ id, inputHash, files });
  }
  const sortedSelection = [...new Set(selection)].sort();
  const record: ShardRecord = {
    format: SHARD_RECORD_FORMAT,
    shard: shard.index,
    total: shard.total,
    buildKey: buildKeyDigest(key),
    key: {
      cliVersion: key.coreVersion,
      coreHash: key.coreHash,
      renderHash: key.renderHash,
      year: key.year,
    },
    selection: sortedSelection,
    assigned: shardTenants(sortedSelection, shard),
    tenants,
    failed: [...failed].sort(),
  };
  await writeFile(join(outDir, SHARD_RECORD_FILE), `${JSON.stringify(record, null, 1)}\n`);
  return record;
}
