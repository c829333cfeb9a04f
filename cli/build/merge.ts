/**
 * `storefront merge`: the out dirs of the n shards of one sharded build (shard.ts) put back
 * together into one out dir, byte for byte what one unsharded build writes. Everything is checked
 * before anything is written: the records must agree (one total, one build key, one selection),
 * every shard must be there once, every selected tenant once, and every file must still have
 * the bytes its shard record names (an artifact damaged or changed on the way is refused). Any
 * problem is named and nothing is written; otherwise each tenant's folder replaces the one in the
 * out dir in one rename, as a build does.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { TENANT_ID_RE } from "../config/schema.ts";
import { bundleManifest, verifyBundle } from "../publish/bundle.ts";
import {
  SHARD_RECORD_FILE,
  SHARD_RECORD_FORMAT,
  type ShardRecord,
  type ShardTenant,
  shardTenants,
} from "./shard.ts";

export interface MergeResult {
  ok: boolean;
  /** One line each, naming the shard folder, tenant or path concerned. */
  problems: string[];
  /** The tenants written into the out dir. */
  tenants: string[];
  total?: number;
  buildKey?: string;
}

interface Part {
  dir: string;
  record: ShardRecord;
}

/** How many tenants are copied at once: file reads and writes, no CPU to speak of. */
const COPY_CONCURRENCY = 8;

const isSha = (v: unknown) => typeof v === "string" && /^[0-9a-f]{64}$/.test(v);

/** A file path of a record that stays inside its tenant's folder. */
const safePath = (p: unknown): p is string =>
  typeof p === "string" &&
  p !== "" &&
  !isAbsolute(p) &&
  !p.includes("\\") &&
  !p.split("/").some((part) => part === "" || part === "." || part === "..");

const isIdList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((id) => typeof id === "string" && TENANT_ID_RE.test(id));

/** The record of a shard folder, or why it cannot be used. A record is data from another job: checked, not trusted. */
async function readRecord(dir: string): Promise<Part | string> {
  const where = join(dir, SHARD_RECORD_FILE);
  let data: Partial<ShardRecord>;
  try {
    data = JSON.parse(await readFile(where, "utf8"));
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === "ENOENT";
    return missing
      ? `${dir}: no ${SHARD_RECORD_FILE} (not the out dir of a \`storefront build --shard\`)`
      : `${where}: not a readable shard record`;
  }
  const valid =
    data !== null &&
    typeof data === "object" &&
    data.format === SHARD_RECORD_FORMAT &&
    Number.isInteger(data.shard) &&
    Number.isInteger(data.total) &&
    (data.total as number) >= 1 &&
    (data.shard as number) >= 1 &&
    (data.shard as number) <= (data.total as number) &&
    typeof data.buildKey === "string" &&
    isIdList(data.selection) &&
    isIdList(data.assigned) &&
    isIdList(data.failed) &&
    Array.isArray(data.tenants) &&
    data.tenants.every(
      (t: Partial<ShardTenant>) =>
        typeof t?.id === "string" &&
        TENANT_ID_RE.test(t.id) &&
        Array.isArray(t.files) &&
        t.files.every((f) => safePath(f?.path) && isSha(f?.sha256)),
    );
  if (!valid) return `${where}: not a shard record this CLI reads (format ${SHARD_RECORD_FORMAT})`;
  return { dir, record: data as ShardRecord };
}

const label = (p: Part) => `shard ${p.record.shard}/${p.record.total} (${p.dir})`;

/** Every reason the parts do not make one build, one line each; empty when they fit. */
export function mergeProblems(parts: readonly Part[]): string[] {
  const problems: string[] = [];
  const first = parts[0];
  if (!first) return ["no shard folders given"];

  const totals = new Set(parts.map((p) => p.record.total));
  if (totals.size > 1) {
    problems.push(`the shards come from splits of different sizes: ${parts.map(label).join(", ")}`);
  }
  const keys = new Set(parts.map((p) => p.record.buildKey));
  if (keys.size > 1) {
    for (const key of keys) {
      const { record } = parts.find((p) => p.record.buildKey === key) as Part;
      const which = parts.filter((p) => p.record.buildKey === key).map(label);
      problems.push(
        `build key ${key} (CLI ${record.key?.cliVersion}, core ${record.key?.coreHash}, templates ${record.key?.renderHash}, year ${record.key?.year}): ${which.join(", ")}; every shard must be built from the same commit`,
      );
    }
  }
  const selection = first.record.selection.join("\n");
  const otherSelection = parts.filter((p) => p.record.selection.join("\n") !== selection);
  if (otherSelection.length > 0) {
    problems.push(
      `${otherSelection.map(label).join(", ")} split other tenants than ${label(first)}: every shard must select the same tenants`,
    );
  }
  if (problems.length > 0) return problems;

  const total = first.record.total;
  const byShard = new Map<number, Part[]>();
  for (const p of parts) byShard.set(p.record.shard, [...(byShard.get(p.record.shard) ?? []), p]);
  for (let k = 1; k <= total; k++) {
    const given = byShard.get(k) ?? [];
    if (given.length === 0) problems.push(`shard ${k}/${total} is missing`);
    if (given.length > 1) {
      problems.push(`shard ${k}/${total} is given twice: ${given.map((p) => p.dir).join(" and ")}`);
    }
  }

  // Where each tenant's bundle comes from; a tenant in two parts is named, and so is any path
  // the two hold with different bytes.
  const holders = new Map<string, { part: Part; tenant: ShardTenant }[]>();
  for (const part of parts) {
    for (const tenant of part.record.tenants) {
      holders.set(tenant.id, [...(holders.get(tenant.id) ?? []), { part, tenant }]);
    }
  }
  const selected = new Set(first.record.selection);
  for (const [id, held] of holders) {
    if (!selected.has(id)) {
      problems.push(
        `tenant ${id} in ${label(held[0]?.part as Part)} is not one of the selected tenants`,
      );
    }
    if (held.length < 2) continue;
    problems.push(
      `tenant ${id} is in more than one shard: ${held.map((h) => label(h.part)).join(" and ")}`,
    );
    const bytesOf = new Map<string, { sha256: string; part: Part }>();
    for (const { part, tenant } of held) {
      for (const file of tenant.files) {
        const seen = bytesOf.get(file.path);
        if (!seen) bytesOf.set(file.path, { sha256: file.sha256, part });
        else if (seen.sha256 !== file.sha256) {
          problems.push(`${id}/${file.path}: different bytes in ${seen.part.dir} and ${part.dir}`);
        }
      }
    }
  }
  for (const part of parts) {
    const own = new Set(
      shardTenants(part.record.selection, { index: part.record.shard, total: part.record.total }),
    );
    for (const tenant of part.record.tenants) {
      if (selected.has(tenant.id) && !own.has(tenant.id)) {
        problems.push(`tenant ${tenant.id} in ${label(part)} belongs to another shard`);
      }
    }
  }
  for (const id of first.record.selection) {
    if (holders.has(id)) continue;
    const part = parts.find((p) => p.record.assigned.includes(id));
    const why = part?.record.failed.includes(id)
      ? `its build failed in ${label(part)}`
      : "no shard built it";
    problems.push(`tenant ${id} is missing: ${why}`);
  }
  return problems;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

/**
 * Checks the shard folders and, when they fit, writes every tenant of the selection into
 * outDir. With any problem, nothing in outDir changes.
 */
export async function mergeShards(dirs: readonly string[], outDir: string): Promise<MergeResult> {
  const out = resolve(outDir);
  const problems: string[] = [];
  const parts: Part[] = [];
  const seenDirs = new Set<string>();
  for (const dir of dirs) {
    if (resolve(dir) === out) {
      problems.push(`${dir}: the out dir cannot also be a shard folder`);
      continue;
    }
    if (seenDirs.has(resolve(dir))) {
      problems.push(`${dir}: given twice`);
      continue;
    }
    seenDirs.add(resolve(dir));
    const part = await readRecord(dir);
    if (typeof part === "string") problems.push(part);
    else parts.push(part);
  }
  if (problems.length > 0) return { ok: false, problems, tenants: [] };
  problems.push(...mergeProblems(parts));
  if (problems.length > 0) return { ok: false, problems, tenants: [] };

  // Copied into a staging folder while each file's bytes are checked against its record; only
  // when all of them match are the tenants moved into place.
  await mkdir(out, { recursive: true });
  const staging = join(out, `.merge-staging-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  const jobs = parts.flatMap((part) => part.record.tenants.map((tenant) => ({ part, tenant })));
  try {
    await eachLimit(jobs, COPY_CONCURRENCY, async ({ part, tenant }) => {
      for (const file of tenant.files) {
        const from = join(part.dir, tenant.id, file.path);
        let data: Buffer;
        try {
          // Only a plain file: a link in an artifact could point anywhere on the merging machine.
          if (!(await lstat(from)).isFile()) {
            problems.push(`${from}: not a plain file`);
            continue;
          }
          data = await readFile(from);
        } catch {
          problems.push(`${from}: listed in the shard record but missing`);
          continue;
        }
        if (createHash("sha256").update(data).digest("hex") !== file.sha256) {
          problems.push(`${from}: its bytes are not those its shard record names`);
          continue;
        }
        const to = join(staging, tenant.id, file.path);
        await mkdir(dirname(to), { recursive: true });
        await writeFile(to, data);
      }
    });
    // Each tenant's build manifest must list exactly its files, with their bytes: publish trusts
    // it for what to upload, so a shard whose record was forged along with it (a path out of the
    // bundle, a hash of other bytes) is refused here, before anything is merged.
    if (problems.length === 0) {
      for (const { part, tenant } of jobs) {
        try {
          await verifyBundle(staging, tenant.id, await bundleManifest(staging, tenant.id));
        } catch (e) {
          // Named where the operator finds the file: in the shard's folder.
          problems.push((e as Error).message.replaceAll(staging, part.dir));
        }
      }
    }
    if (problems.length > 0) return { ok: false, problems: problems.sort(), tenants: [] };
    const tenants = jobs.map((j) => j.tenant.id).sort();
    for (const id of tenants) {
      const target = join(out, id);
      const old = join(out, `.${id}.old-${process.pid}`);
      const hadOld = existsSync(target);
      if (hadOld) await rename(target, old);
      await rename(join(staging, id), target);
      if (hadOld) await rm(old, { recursive: true, force: true });
    }
    const first = parts[0] as Part;
    return {
      ok: true,
      problems: [],
      tenants,
      total: first.record.total,
      buildKey: first.record.buildKey,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
