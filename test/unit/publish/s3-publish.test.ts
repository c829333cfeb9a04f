/**
 * `storefront publish --to s3://…` against a real S3-compatible store (Ceph's RADOS Gateway on
 * loopback, started once for this file): each distinct file uploaded once across tenants and
 * releases, only missing objects uploaded, the pointer written last and conditionally (of two
 * publishes at once exactly one wins), rollback, pruning with a grace period, and failures
 * (wrong credentials, a missing bucket, an unreachable store, a failing upload, a publish stopped
 * halfway) that leave the live release as it was and are finished by running the same command again.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { publishTenant, publishTenants, rollbackTenant } from "../../../cli/publish/publish.ts";
import { releaseName } from "../../../cli/publish/release.ts";
import { openS3Target, READ_CONCURRENCY, S3Target } from "../../../cli/publish/s3.ts";
import { planBlock } from "../../ports.ts";
import type { CephAccess } from "./ceph.ts";
import { buildVersions, type Version } from "./releases.ts";
import { clientFor, createBucket, getJson, storeProxy } from "./s3-store.ts";

/** The cluster of the daemons project; +7..+9 of its ports are this file's own. */
const BASE = planBlock("unitCeph");
const ID = "mysport";
let ceph: CephAccess;
let admin: S3Client;
let work: string;
let v: Record<string, Version>;
let both: Version;

const manifestOf = async (dist: string, id = ID) =>
  JSON.parse(await readFile(join(dist, id, "build-manifest.json"), "utf8")) as BuildManifest;
const keysOf = async (dist: string, id = ID) =>
  new Set(Object.values(S3Target.objectsOf(await manifestOf(dist, id))));

let bucketCount = 0;
/** A fresh bucket per test: the tests do not depend on each other's objects. */
async function freshBucket() {
  const bucket = `storefront-${++bucketCount}-${process.pid}`;
  await createBucket(admin, bucket);
  return bucket;
}

const target = (bucket: string, o: { client?: S3Client; graceMs?: number } = {}) =>
  openS3Target(`s3://${bucket}/shop`, {
    endpoint: ceph.endpoint,
    client: o.client ?? clientFor(ceph),
    graceMs: o.graceMs ?? 60 * 60_000,
  });

/**
 * A client that counts the requests `counts(command, key)` picks: how many were sent, which
 * commands, and the most waiting at once.
 */
function countingClient(counts: (command: string, key: string) => boolean) {
  const client = clientFor(ceph);
  const seen = { client, sent: 0, most: 0, names: [] as string[], keys: [] as string[] };
  let inFlight = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName).replace(/Command$/, "");
      const input = args.input as { Key?: string; Prefix?: string };
      if (!counts(name, input.Key ?? input.Prefix ?? "")) return next(args);
      seen.sent++;
      seen.names.push(name);
      seen.keys.push(input.Key ?? input.Prefix ?? "");
      seen.most = Math.max(seen.most, ++inFlight);
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: "initialize" },
  );
  return seen;
}

const options = (t: S3Target, version: Version, keep = 5) => ({
  target: t,
  distDir: version.distDir,
  tenantsDir: version.tenantsDir,
  keep,
  dryRun: false,
});

const pointer = (bucket: string, id = ID) =>
  getJson(admin, bucket, `shop/tenants/${id}/current.json`).catch(() => null);

async function storedKeys(bucket: string): Promise<string[]> {
  const res = await admin.send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: "shop/objects/", MaxKeys: 1000 }),
  );
  return (res.Contents ?? []).map((o) => (o.Key ?? "").slice("shop/".length)).sort();
}

/** Runs the storefront command with the store's credentials in the environment. */
function storefront(
  args: string[],
  env: Record<string, string> = {},
  onSpawn?: (pid: number) => void,
) {
  return new Promise<{
    code: number | null;
    signal: string | null;
    stdout: string;
    stderr: string;
  }>((done) => {
    const child = spawn(process.execPath, ["cli/bin.js", ...args], {
      env: {
        ...process.env,
        ...ceph.env,
        ...env,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "",
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    if (child.pid) onSpawn?.(child.pid);
    child.on("close", (code, signal) => done({ code, signal, stdout, stderr }));
  });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-s3-"));
  v = await buildVersions(work, ID, {
    first: () => {},
    renamed: (doc) => doc.set("tenantName", "MySport Live"),
    themed: (doc) => doc.setIn(["theme", "palette", "primary"], "#2e7d32"),
  });
  // Two tenants built together: the same core, so most of their files are the same bytes.
  both = { tenantsDir: "tenants", distDir: join(work, "both") };
  await buildTenants({ tenantsDir: "tenants", outDir: both.distDir, ids: [ID, "timerman"] });
  ceph = inject("ceph");
  admin = clientFor(ceph);
}, 240_000);

afterAll(async () => {
  admin?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

describe("publishing to an S3-compatible store (Ceph RGW)", () => {
  it("stores each distinct file once: a second tenant uploads only the files it does not share", async () => {
    const bucket = await freshBucket();
    const t = await target(bucket);
    const first = await publishTenant(options(t, both), ID);
    expect(first.status).toBe("published");
    const own = await keysOf(both.distDir, ID);
    expect(t.uploaded.objects).toBe(own.size);
    const before = t.uploaded.objects;
    await publishTenant(options(t, both), "timerman");
    const theirs = await keysOf(both.distDir, "timerman");
    const shared = [...theirs].filter((k) => own.has(k));
    expect(shared.length).toBeGreaterThan(10);
    expect(t.uploaded.objects - before).toBe(theirs.size - shared.length);
    await t.close();
    expect(await storedKeys(bucket)).toEqual([...new Set([...own, ...theirs])].sort());

    // Hashed files for a year, pages revalidated, each with its type.
    const m = await manifestOf(both.distDir);
    const objects = S3Target.objectsOf(m);
    const js = Object.keys(objects).find((p) => p.startsWith("assets/") && p.endsWith(".js"))!;
    const head = (key: string) =>
      admin.send(new HeadObjectCommand({ Bucket: bucket, Key: `shop/${key}` }));
    const asset = await head(objects[js]!);
    expect(asset.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(asset.ContentType).toBe("text/javascript; charset=utf-8");
    const page = await head(objects["_pages/en/home.html"]!);
    expect(page.CacheControl).toBe("no-cache");
    expect(page.ContentType).toBe("text/html; charset=utf-8");
    const record = await getJson(
      admin,
      bucket,
      `shop/tenants/${ID}/releases/${first.release}.json`,
    );
    expect(record.name).toBe(releaseName(m));
    expect((await pointer(bucket)).release).toBe(first.release);
  });

  it("tenants published at once still upload each shared file once, each counted for one tenant", async () => {
    const bucket = await freshBucket();
    const t = await target(bucket);
    expect(t.concurrency).toBeGreaterThan(1);
    const results = await publishTenants(options(t, both), [ID, "timerman"]);
    await t.close();
    expect(results.map((r) => [r.id, r.status])).toEqual([
      [ID, "published"],
      ["timerman", "published"],
    ]);
    const distinct = new Set([
      ...(await keysOf(both.distDir, ID)),
      ...(await keysOf(both.distDir, "timerman")),
    ]);
    expect(results.reduce((n, r) => n + (r.uploaded?.objects ?? 0), 0)).toBe(distinct.size);
    expect(t.uploaded.objects).toBe(distinct.size);
    expect(await storedKeys(bucket)).toEqual([...distinct].sort());
  });

  it("a republish uploads only the objects the store lacks; an unchanged one uploads nothing", async () => {
    const bucket = await freshBucket();
    const t = await target(bucket);
    await publishTenant(options(t, v.first!), ID);
    const again = await target(bucket);
    const r = await publishTenant(options(again, v.renamed!), ID);
    expect(r.status).toBe("published");
    const old = await keysOf(v.first!.distDir);
    const next = await keysOf(v.renamed!.distDir);
    const missing = [...next].filter((k) => !old.has(k));
    expect(missing.length).toBeGreaterThan(0);
    expect(again.uploaded.objects).toBe(missing.length);
    const third = await target(bucket);
    expect((await publishTenant(options(third, v.renamed!), ID)).status).toBe("live");
    expect(third.uploaded.objects).toBe(0);
    await Promise.all([t.close(), again.close(), third.close()]);
  });

  it("a publish of many tenants reads their pointers many at a time, each once", async () => {
    const bucket = await freshBucket();
    const counted = countingClient(
      (name, key) => name === "GetObject" && key.endsWith("/current.json"),
    );
    const t = await target(bucket, { client: counted.client });
    const ids = Array.from({ length: READ_CONCURRENCY + 8 }, (_, i) => `tenant-${i}`);
    await t.prefetch(ids);
    expect(counted.sent).toBe(ids.length);
    expect(counted.most).toBe(READ_CONCURRENCY);
    for (const id of ids) expect(await t.state(id)).toEqual({ releases: [], current: null });
    // Taken from the reads ahead: no second read of any pointer.
    expect(counted.sent).toBe(ids.length);
    await t.close();
  });

  it("one changed tenant's files are checked one by one; a publish of several lists the store once", async () => {
    const bucket = await freshBucket();
    const objectListing = (name: string, prefix: string) =>
      name === "ListObjectsV2" && prefix.endsWith("/objects/");
    const lists = countingClient(objectListing);
    const t = await target(bucket, { client: lists.client });
    await publishTenants(options(t, both), [ID, "timerman"]);
    await t.close();
    expect(lists.sent).toBe(1);
    // A republish where one tenant changed: a HEAD per file it names, no listing of the store.
    const heads = countingClient((name, key) => name === "HeadObject" || objectListing(name, key));
    const again = await target(bucket, { client: heads.client });
    expect((await publishTenant(options(again, v.renamed!), ID)).status).toBe("published");
    await again.close();
    expect(heads.sent).toBe((await keysOf(v.renamed!.distDir)).size);
    expect(heads.names).not.toContain("ListObjectsV2");
  });

  it("a host another tenant's live release serves in the bucket is refused before anything is uploaded; each pointer read once", async () => {
    const bucket = await freshBucket();
    // A brand no tenant file of this folder names any more still serves mysport.ru.
    const seed = await target(bucket);
    expect((await publishTenant(options(seed, v.first!), ID)).status).toBe("published");
    await seed.close();
    const live = (await pointer(bucket)) as { release: string; releases: unknown[] };
    await admin.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: "shop/tenants/mysport-classic/current.json",
        Body: JSON.stringify(live),
      }),
    );
    await admin.send(
      new DeleteObjectCommand({ Bucket: bucket, Key: `shop/tenants/${ID}/current.json` }),
    );
    const objectsBefore = await storedKeys(bucket);
    const reads = countingClient(
      (name, key) => name === "GetObject" && key.endsWith("/current.json"),
    );
    const t = await target(bucket, { client: reads.client });
    const [result] = await publishTenants(options(t, v.renamed!), [ID]);
    await t.close();
    expect(result?.status).toBe("failed");
    expect(result?.error).toBe(
      `mysport: "mysport.ru" (served by mysport-classic), "en.mysport.ru" (served by mysport-classic) on s3://${bucket}/shop; not published (a host belongs to one tenant: publish that tenant without it, or take its release off the target, first)`,
    );
    expect(await storedKeys(bucket)).toEqual(objectsBefore);
    expect(await pointer(bucket)).toBeNull();
    expect(reads.keys.sort()).toEqual([
      "shop/tenants/mysport-classic/current.json",
      "shop/tenants/mysport/current.json",
    ]);
  });

  it("of two publishes of one tenant at once, exactly one switches the pointer; the other says so", async () => {
    const bucket = await freshBucket();
    const seed = await target(bucket);
    await publishTenant(options(seed, v.first!), ID);
    await seed.close();
    const a = await target(bucket);
    const b = await target(bucket);
    // Both have read the pointer and uploaded their files before either writes it.
    let arrived = 0;
    let release: () => void = () => {};
    const barrier = new Promise<void>((r) => (release = r));
    for (const t of [a, b]) {
      const activate = t.activate.bind(t);
      t.activate = async (id, rel) => {
        if (++arrived === 2) release();
        await barrier;
        return activate(id, rel);
      };
    }
    const results = await Promise.all([
      publishTenant(options(a, v.renamed!), ID).then(
        (r) => r.status,
        (e: Error) => e.message,
      ),
      publishTenant(options(b, v.themed!), ID).then(
        (r) => r.status,
        (e: Error) => e.message,
      ),
    ]);
    await Promise.all([a.close(), b.close()]);
    const won = results.filter((r) => r === "published");
    const lost = results.filter((r) => r !== "published");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(/another publish or rollback switched the live release first/);
    const winner = results[0] === "published" ? v.renamed! : v.themed!;
    expect((await pointer(bucket)).release).toBe(releaseName(await manifestOf(winner.distDir)));
  });

  it("rolls back to the previous release in well under a second, and forward again", async () => {
    const bucket = await freshBucket();
    const t = await target(bucket);
    const one = await publishTenant(options(t, v.first!), ID);
    const two = await publishTenant(options(t, v.renamed!), ID);
    const rb = await target(bucket);
    const started = performance.now();
    const back = await rollbackTenant(rb, ID);
    const ms = performance.now() - started;
    expect(back.status).toBe("rolled-back");
    expect(back.release).toBe(one.release);
    expect(ms).toBeLessThan(500);
    expect((await pointer(bucket)).release).toBe(one.release);
    const fwd = await target(bucket);
    expect((await rollbackTenant(fwd, ID, two.release)).release).toBe(two.release);
    await Promise.all([t.close(), rb.close(), fwd.close()]);
  });

  it("--keep prunes old releases, then only objects no kept release names and older than the grace period", async () => {
    const bucket = await freshBucket();
    const t = await target(bucket);
    await publishTenant(options(t, v.first!), ID);
    await publishTenant(options(t, v.renamed!), ID);
    const third = await publishTenant(options(t, v.themed!, 1), ID);
    // The live release and the one before it (pages still open) stay; the first goes.
    expect(third.pruned).toEqual([releaseName(await manifestOf(v.first!.distDir))]);
    const removed = await t.collectGarbage(Date.now());
    // Everything was written just now: within the grace period, nothing is deleted.
    expect(removed).toEqual([]);
    const onlyFirst = [...(await keysOf(v.first!.distDir))];
    const kept = new Set([
      ...(await keysOf(v.renamed!.distDir)),
      ...(await keysOf(v.themed!.distDir)),
    ]);
    const orphans = onlyFirst.filter((k) => !kept.has(k));
    expect(orphans.length).toBeGreaterThan(0);
    // Two hours later: the first release's own objects go, every kept release's stay.
    const later = await t.collectGarbage(Date.now() + 2 * 60 * 60_000);
    expect(later.map((k) => k.slice("shop/".length)).sort()).toEqual(orphans.sort());
    expect(await storedKeys(bucket)).toEqual([...kept].sort());
    await t.close();
  });
});

describe("failures leave the live release as it was", () => {
  let bucket: string;
  let live: string;

  beforeAll(async () => {
    bucket = await freshBucket();
    const t = await target(bucket);
    live = (await publishTenant(options(t, v.first!), ID)).release!;
    await t.close();
  });

  const publishArgs = (version: Version, extra: string[] = []) => [
    "publish",
    ID,
    "--to",
    `s3://${bucket}/shop`,
    "--endpoint",
    ceph.endpoint,
    "--tenants-dir",
    version.tenantsDir,
    "--out-dir",
    version.distDir,
    ...extra,
  ];

  it("wrong credentials: one line saying the store refused them, no stack, nothing switched", async () => {
    const r = await storefront(publishArgs(v.renamed!), { AWS_SECRET_ACCESS_KEY: "wrong" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused the credentials/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toMatch(/NodeVersionSupportWarning|node >=22/);
    expect((await pointer(bucket)).release).toBe(live);
  });

  it("a missing bucket and an unreachable store: one line each", async () => {
    const nobucket = await storefront([
      ...publishArgs(v.renamed!).map((a) => a.replace(`s3://${bucket}/`, "s3://no-such-bucket/")),
    ]);
    expect(nobucket.code).toBe(1);
    expect(nobucket.stderr).toMatch(/the bucket does not exist/);
    const down = await storefront(
      publishArgs(v.renamed!).map((a) =>
        a === ceph.endpoint ? `http://127.0.0.1:${BASE + 9}` : a,
      ),
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/could not be reached/);
    expect(down.stderr).not.toMatch(/\n\s+at /);
    expect((await pointer(bucket)).release).toBe(live);
  }, 60_000);

  it("a throttling store is retried; a failing upload stops before the switch, and a rerun uploads only what is missing", async () => {
    const proxy = await storeProxy(ceph.endpoint, BASE + 8);
    try {
      // Throttled: every object's first PUT answered 503 SlowDown; the SDK retries.
      proxy.fault = (method, path, attempt) =>
        method === "PUT" && path.includes("/objects/") && attempt === 1 ? 503 : null;
      const throttled = await target(bucket, { client: clientFor(ceph, proxy.url) });
      const ok = await publishTenant(options(throttled, v.renamed!), ID);
      await throttled.close();
      expect(ok.status).toBe("published");
      expect(proxy.puts.length).toBeGreaterThan(throttled.uploaded.objects);

      // One object of the themed release always fails: the pointer stays on the renamed one.
      const themedKeys = [...(await keysOf(v.themed!.distDir))];
      const stored = new Set(await storedKeys(bucket));
      const newKeys = themedKeys.filter((k) => !stored.has(k));
      expect(newKeys.length).toBeGreaterThan(1);
      const broken = newKeys[0]!;
      proxy.fault = (method, path) => (method === "PUT" && path.includes(broken) ? 500 : null);
      const failing = await target(bucket, { client: clientFor(ceph, proxy.url) });
      const error = await publishTenant(options(failing, v.themed!), ID).catch((e: Error) => e);
      await failing.close();
      const afterFailure = new Set(await storedKeys(bucket));
      expect(afterFailure.has(broken)).toBe(false);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/uploading mysport's files failed/);
      expect((error as Error).message).not.toContain("\n");
      expect((await pointer(bucket)).release).toBe(ok.release);

      proxy.fault = () => null;
      const rerun = await target(bucket);
      const done = await publishTenant(options(rerun, v.themed!), ID);
      await rerun.close();
      expect(done.status).toBe("published");
      // Only what the failed run had not stored: the broken object, and any it never started.
      expect(rerun.uploaded.objects).toBe(themedKeys.filter((k) => !afterFailure.has(k)).length);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it("Ctrl+C halfway: the live release stays, and the same command finishes uploading only what is missing", async () => {
    const b2 = await freshBucket();
    const seed = await target(b2);
    const first = await publishTenant(options(seed, v.first!), ID);
    await seed.close();
    const proxy = await storeProxy(ceph.endpoint, BASE + 7);
    try {
      proxy.passPuts = 3;
      const args = (endpoint: string) => [
        "publish",
        ID,
        "--to",
        `s3://${b2}/shop`,
        "--endpoint",
        endpoint,
        "--tenants-dir",
        v.themed!.tenantsDir,
        "--out-dir",
        v.themed!.distDir,
        "--json",
      ];
      let pid = 0;
      const running = storefront(args(proxy.url), {}, (p) => (pid = p));
      // Interrupted after three uploads went through and while the next ones wait on the store.
      for (let i = 0; i < 2000 && (proxy.puts.length < 4 || proxy.answeredPuts < 3); i++)
        await new Promise((r) => setTimeout(r, 10));
      process.kill(pid, "SIGINT");
      const stopped = await running;
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toMatch(
        /interrupted; tenants not yet switched keep their live release/,
      );
      expect(stopped.stderr).not.toMatch(/\n\s+at /);
      expect((await pointer(b2)).release).toBe(first.release);
      const before = new Set(await storedKeys(b2));
      const themed = [...(await keysOf(v.themed!.distDir))];
      const missing = themed.filter((k) => !before.has(k));
      expect(missing.length).toBeGreaterThan(0);
      const again = await storefront(args(ceph.endpoint));
      expect(again.code, again.stderr).toBe(0);
      const report = JSON.parse(again.stdout);
      expect(report.tenants[0].status).toBe("published");
      expect(report.tenants[0].uploaded.objects).toBe(missing.length);
      expect((await pointer(b2)).release).toBe(releaseName(await manifestOf(v.themed!.distDir)));
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it("--dry-run changes nothing and a second tenant's failure does not touch the first", async () => {
    const before = await pointer(bucket);
    const r = await storefront([...publishArgs(v.first!), "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/would publish|already live/);
    expect((await pointer(bucket)).nonce).toBe(before.nonce);
    // A hand-broken pointer is refused with a clear line, not followed.
    await admin.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: "shop/tenants/timerman/current.json",
        Body: "{",
      }),
    );
    const bad = await storefront([
      "publish",
      "timerman",
      "--to",
      `s3://${bucket}/shop`,
      "--endpoint",
      ceph.endpoint,
      "--out-dir",
      both.distDir,
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/current.json is not valid JSON/);
  });
});
