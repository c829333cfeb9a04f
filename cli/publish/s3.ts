/**
 * The object-storage target: `--to s3://bucket/prefix`, any S3-compatible store (`--endpoint`),
 * credentials and region from the AWS SDK's standard chain (environment, profile, instance
 * role), never from tenant YAML. Under the prefix:
 *
 *   objects/immutable/<sha256>.<ext>   a hashed file (assets/), stored once for every tenant and
 *                                      release; Cache-Control: a year, immutable
 *   objects/revalidate/<sha256>.<ext>  any other file (pages, icons, robots.txt); no-cache
 *   tenants/<id>/releases/<release>.json  a release record, written once, never changed: its
 *                                      files (path → object), style hashes, settings
 *   tenants/<id>/current.json          the pointer: the live release and the kept ones, in
 *                                      publish order. Written last, conditionally (If-None-Match
 *                                      to create, If-Match to replace): of two publishes that
 *                                      read the same pointer, one writes it and the other stops.
 *
 * A publish uploads the objects the store lacks, writes the release record, then the pointer;
 * whatever stops it before the pointer leaves the live release as it was, and running it again
 * uploads only what is still missing. Details and the serving side: docs/object-storage.md.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { type BuildManifest, MANIFEST_FILE } from "../build/manifest.ts";
import { DEPLOY_FILE_NAMES, IMMUTABLE, REVALIDATE } from "../build/security-headers.ts";
import { tenantSchema } from "../config/schema.ts";
import { contentTypeOf } from "../preview/content-types.ts";
import type { Host } from "./host.ts";
import type { ServerControl } from "./nginx.ts";
import { RELEASE_RE, type ReleaseRecord, type TenantState } from "./release.ts";

export interface S3Location {
  bucket: string;
  /** Without leading or trailing slash; "" for the bucket's root. */
  prefix: string;
}

/** `s3://bucket` or `s3://bucket/some/prefix`; null for anything that is not an s3:// address. */
export function parseS3Url(spec: string): S3Location | null {
  if (!spec.startsWith("s3://")) return null;
  const rest = spec.slice("s3://".length);
  const slash = rest.indexOf("/");
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const prefix = (slash < 0 ? "" : rest.slice(slash + 1)).replace(/^\/+|\/+$/g, "");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`--to ${spec}: "${bucket}" is not a valid bucket name`);
  }
  if (prefix.split("/").some((p) => p === "." || p === "..") || /[\0\\]/.test(prefix)) {
    throw new Error(`--to ${spec}: the prefix may not contain ".", ".." or backslashes`);
  }
  return { bucket, prefix };
}

/** What the store keeps of a release besides what every target keeps: its files' objects. */
export interface S3ReleaseRecord extends ReleaseRecord {
  /** Every served file of the release: its path in the bundle → its object's key (under the prefix). */
  objects: Record<string, string>;
  manifest: BuildManifest;
}

interface Pointer {
  release: string;
  /**
   * The kept releases, oldest first (the live one among them), with what serving them needs:
   * one read tells a publish everything but the file tables.
   */
  releases: ReleaseRecord[];
  writtenAt: string;
  /** Makes every pointer's bytes, so its ETag, unique: a write never matches a stale ETag by chance. */
  nonce: string;
}

/** A conditional write of the pointer that lost: another publish or rollback switched it first. */
export class PointerConflict extends Error {}

/** Objects written within this long are never pruned: an hour, longer than a page stays open unloaded. */
export const DEFAULT_GRACE_MS = 60 * 60 * 1000;

/** How many uploads are in flight at once. */
export const UPLOAD_CONCURRENCY = 16;
/**
 * Pointers read at once before a publish of many tenants: each is one small GET, so a republish
 * where few changed is bound by round trips, not by work (1,000 tenants read 8 at a time left
 * the command waiting 60 % of its time).
 */
export const READ_CONCURRENCY = 32;

/** Compressed copies and the operator's deploy files are not served from the store. */
const served = (path: string) =>
  !/\.(br|gz)$/.test(path) && !(DEPLOY_FILE_NAMES as readonly string[]).includes(path);

const isHashed = (path: string) => path.startsWith("assets/");

/** The key of a file's object: its content, how it is cached, its extension (for its type). */
export function objectKey(path: string, sha256: string): string {
  const ext = extname(path).toLowerCase().slice(1);
  const suffix = /^[a-z0-9]{1,12}$/.test(ext) ? `.${ext}` : "";
  return `objects/${isHashed(path) ? "immutable" : "revalidate"}/${sha256}${suffix}`;
}

const OBJECT_KEY_RE = /^objects\/(immutable|revalidate)\/[0-9a-f]{64}(\.[a-z0-9]{1,12})?$/;

export interface S3TargetOptions {
  client: S3Client;
  location: S3Location;
  /** How it is named to the user (`s3://bucket/prefix`). */
  label: string;
  /** Objects last written less than this long ago are never deleted (pages still open). */
  graceMs: number;
  /** nginx in front of the store: the folder its per-tenant server blocks are written to. */
  nginx?: {
    dir: string;
    host: Host;
    server: ServerControl;
    render(id: string, live: S3ReleaseRecord, serving: S3ReleaseRecord[]): Promise<string>;
  };
  /** Called after each object uploaded (progress, tests). */
  onUpload?: (key: string, bytes: number) => void;
}

/** One line of what went wrong talking to the store, without the SDK's stack. */
export function storeError(e: unknown, what: string, label: string): Error {
  if (e instanceof PointerConflict) return e;
  const err = e as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = err.$metadata?.httpStatusCode;
  const name = err.name ?? "Error";
  let why: string;
  if (name === "NoSuchBucket") why = "the bucket does not exist";
  else if (
    name === "InvalidAccessKeyId" ||
    name === "SignatureDoesNotMatch" ||
    name === "AccessDenied" ||
    status === 403
  ) {
    why = `the store refused the credentials (${name}); check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the profile`;
  } else if (name === "CredentialsProviderError") {
    why = "no credentials found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile)";
  } else if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|socket hang up/.test(
      `${err.code ?? ""} ${err.message ?? ""}`,
    )
  ) {
    why = `the store could not be reached (${err.code ?? err.message})`;
  } else {
    why = `${name}${status ? ` (HTTP ${status})` : ""}: ${(err.message ?? "").split("\n")[0]}`;
  }
  return new Error(`${label}: ${what} failed: ${why}`);
}

/** Runs `work` over `items`, at most `limit` at once; the first failure rejects (the rest stop starting). */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed: unknown = null;
  const lane = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed !== null) throw failed;
}

const isStatus = (e: unknown, ...codes: number[]) =>
  codes.includes((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0);

const unquoted = (etag: string) => etag.replace(/^"|"$/g, "");

export class S3Target {
  readonly label: string;
  private readonly s3: typeof import("@aws-sdk/client-s3");
  /** Keys of objects the store has, as far as this run knows: listed, found, or uploaded by it. */
  private readonly stored = new Set<string>();
  /** The listing of every stored object, made once a second tenant has files to check. */
  private listing: Promise<void> | null = null;
  /** Tenants whose files this run has checked against the store. */
  private checkedTenants = 0;
  private readonly uploading = new Map<string, Promise<void>>();
  /** The pointer's ETag as `state()` read it (null: no pointer yet), per tenant. */
  private readonly etags = new Map<string, string | null>();
  private readonly records = new Map<string, S3ReleaseRecord>();
  private readonly pendingReleases = new Map<string, ReleaseRecord[]>();
  private readonly preparedConf = new Map<string, { before: string | null; next: string }>();
  private pruned = false;
  /** The manifests `putRelease` read, by tenant and release. */
  private readonly built = new Map<string, BuildManifest>();
  /**
   * Tenants published at once: each is a few small reads and writes, so a publish of many is
   * bound by round trips. With nginx in front, one at a time (each reload waits for the last).
   */
  readonly concurrency: number;
  /** Bytes and objects this target uploaded (the publish's report, the bench). */
  readonly uploaded = { objects: 0, bytes: 0 };
  private readonly byTenant = new Map<string, { objects: number; bytes: number }>();
  uploadedFor(id: string) {
    return { ...(this.byTenant.get(id) ?? { objects: 0, bytes: 0 }) };
  }

  constructor(
    private readonly o: S3TargetOptions,
    sdk: typeof import("@aws-sdk/client-s3"),
  ) {
    this.label = o.label;
    this.s3 = sdk;
    this.concurrency = o.nginx ? 1 : 8;
  }

  private key(...parts: string[]) {
    return [this.o.location.prefix, ...parts].filter((p) => p !== "").join("/");
  }

  private async call<T>(what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (e) {
      throw storeError(e, what, this.label);
    }
  }

  private async getText(key: string): Promise<{ text: string; etag: string } | null> {
    try {
      const res = await this.o.client.send(
        new this.s3.GetObjectCommand({ Bucket: this.o.location.bucket, Key: key }),
      );
      return { text: (await res.Body?.transformToString("utf8")) ?? "", etag: res.ETag ?? "" };
    } catch (e) {
      if ((e as { name?: string }).name === "NoSuchKey" || isStatus(e, 404)) {
        if ((e as { name?: string }).name === "NoSuchBucket") throw e;
        return null;
      }
      throw e;
    }
  }

  private pointerKey = (id: string) => this.key("tenants", id, "current.json");
  private recordKey = (id: string, release: string) =>
    this.key("tenants", id, "releases", `${release}.json`);

  /** The release record as stored, checked: anything but what a publish writes is left out. */
  private async record(id: string, release: string): Promise<S3ReleaseRecord | null> {
    const cached = this.records.get(`${id}/${release}`);
    if (cached) return cached;
    if (!RELEASE_RE.test(release)) return null;
    const got = await this.getText(this.recordKey(id, release));
    if (!got) return null;
    let r: S3ReleaseRecord;
    try {
      r = JSON.parse(got.text) as S3ReleaseRecord;
    } catch {
      return null;
    }
    const ok =
      r?.name === release &&
      Array.isArray(r.styleHashes) &&
      Array.isArray(r.assets) &&
      typeof r.objects === "object" &&
      r.objects !== null &&
      Object.values(r.objects).every((k) => typeof k === "string" && OBJECT_KEY_RE.test(k)) &&
      tenantSchema.safeParse(r.config).success;
    if (!ok) return null;
    this.records.set(`${id}/${release}`, r);
    return r;
  }

  /** Pointers read ahead by `prefetch`, each taken once by `state`. */
  private readonly prefetched = new Map<string, Promise<TenantState>>();

  /**
   * Reads the pointers of `ids` ahead, READ_CONCURRENCY at a time (a publish's first step for
   * every tenant). A tenant's read that failed fails that tenant when its publish takes it.
   */
  async prefetch(ids: string[]): Promise<void> {
    await pool(ids, READ_CONCURRENCY, async (id) => {
      const read = this.readState(id);
      this.prefetched.set(id, read);
      await read.catch(() => undefined);
    });
  }

  /** The tenant's releases and live release as the store's pointer says (ETag remembered). */
  async state(id: string): Promise<TenantState> {
    const early = this.prefetched.get(id);
    if (early) {
      this.prefetched.delete(id);
      return early;
    }
    return this.readState(id);
  }

  private async readState(id: string): Promise<TenantState> {
    return this.call(`reading ${id}'s pointer`, async () => {
      const got = await this.getText(this.pointerKey(id));
      this.etags.set(id, got?.etag ?? null);
      if (!got) return this.remember(id, { releases: [], current: null });
      let pointer: Pointer;
      try {
        pointer = JSON.parse(got.text) as Pointer;
      } catch {
        throw new Error(`${this.pointerKey(id)} is not valid JSON; fix or remove it`);
      }
      // Read back from the store: a release whose entry is not what a publish writes (a
      // hand-edited pointer) is left out rather than rendered into a server block.
      const releases = (Array.isArray(pointer.releases) ? pointer.releases : []).filter(
        (r) =>
          RELEASE_RE.test(String(r?.name)) &&
          Array.isArray(r.styleHashes) &&
          Array.isArray(r.assets) &&
          tenantSchema.safeParse(r.config).success,
      );
      const current = RELEASE_RE.test(String(pointer.release)) ? pointer.release : null;
      return this.remember(id, { releases, current });
    });
  }

  private readonly lastState = new Map<string, TenantState>();
  private remember(id: string, state: TenantState) {
    this.lastState.set(id, state);
    return state;
  }

  async manifest(id: string, release: string) {
    return this.call(`reading ${id}'s release ${release}`, async () => {
      return (await this.record(id, release))?.manifest ?? null;
    });
  }

  private listExisting(): Promise<void> {
    this.listing ??= this.call("listing the stored objects", async () => {
      const prefix = this.key("objects/");
      let token: string | undefined;
      do {
        const page = await this.o.client.send(
          new this.s3.ListObjectsV2Command({
            Bucket: this.o.location.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? []) {
          if (o.Key) this.stored.add(o.Key.slice(prefix.length - "objects/".length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    });
    return this.listing;
  }

  /**
   * Which of `keys` the store lacks. The first tenant with files to check asks for each of them
   * (a HEAD each: a republish where one tenant changed checks its ~160 files, where listing a
   * store of 1,000 tenants reads 15,000 keys); from the second tenant on, the store is listed
   * once (a first publish of many: one request per 1,000 objects instead of one per object).
   */
  private async lacking(id: string, keys: string[]): Promise<Set<string>> {
    const unknown = keys.filter((k) => !this.stored.has(k));
    if (unknown.length === 0) return new Set();
    if (this.listing || ++this.checkedTenants > 1) {
      await this.listExisting();
      return new Set(unknown.filter((k) => !this.stored.has(k)));
    }
    const missing = new Set<string>();
    await this.call(`checking which of ${id}'s files the store has`, () =>
      pool(unknown, UPLOAD_CONCURRENCY, async (key) => {
        try {
          await this.o.client.send(
            new this.s3.HeadObjectCommand({ Bucket: this.o.location.bucket, Key: this.key(key) }),
          );
          this.stored.add(key);
        } catch (e) {
          if (!isStatus(e, 404)) throw e;
          missing.add(key);
        }
      }),
    );
    return missing;
  }

  /** The files of a built bundle that are served, with their object keys. */
  static objectsOf(manifest: BuildManifest): Record<string, string> {
    const objects: Record<string, string> = {};
    for (const f of manifest.files)
      if (served(f.path)) objects[f.path] = objectKey(f.path, f.sha256);
    return objects;
  }

  /** Uploads the objects of the bundle the store lacks; each distinct file once, whoever needs it. */
  async putRelease(id: string, release: string, bundleDir: string) {
    const manifest = JSON.parse(
      await readFile(join(bundleDir, MANIFEST_FILE), "utf8"),
    ) as BuildManifest;
    this.built.set(`${id}/${release}`, manifest);
    const wanted = new Map<string, string>();
    for (const [path, key] of Object.entries(S3Target.objectsOf(manifest))) {
      if (!wanted.has(key)) wanted.set(key, path);
    }
    const missing = await this.lacking(id, [...wanted.keys()]);
    await pool(
      [...wanted].filter(([key]) => missing.has(key)),
      UPLOAD_CONCURRENCY,
      async ([key, path]) => {
        // Another tenant of this run may have stored it since (or be storing it).
        if (this.stored.has(key)) return;
        let upload = this.uploading.get(key);
        if (!upload) {
          upload = this.upload(id, key, join(bundleDir, path), path).finally(() =>
            this.uploading.delete(key),
          );
          this.uploading.set(key, upload);
        }
        await upload;
      },
    ).catch((e) => {
      throw storeError(e, `uploading ${id}'s files`, this.label);
    });
  }

  private async upload(id: string, key: string, file: string, path: string) {
    const body = await readFile(file);
    await this.o.client.send(
      new this.s3.PutObjectCommand({
        Bucket: this.o.location.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentTypeOf(path),
        CacheControl: isHashed(path) ? IMMUTABLE : REVALIDATE,
      }),
    );
    this.stored.add(key);
    this.uploaded.objects++;
    this.uploaded.bytes += body.length;
    const mine = this.byTenant.get(id) ?? { objects: 0, bytes: 0 };
    mine.objects++;
    mine.bytes += body.length;
    this.byTenant.set(id, mine);
    this.o.onUpload?.(key, body.length);
  }

  /**
   * Writes the release record (never replaced: a release is its content). Called once the
   * release's objects are all stored, before anything points at it.
   */
  async shareAssets(id: string, release: ReleaseRecord) {
    const manifest = await this.builtManifestOf(id, release.name);
    const record: S3ReleaseRecord = {
      ...release,
      objects: S3Target.objectsOf(manifest),
      manifest,
    };
    await this.call(`writing ${id}'s release record`, async () => {
      try {
        await this.o.client.send(
          new this.s3.PutObjectCommand({
            Bucket: this.o.location.bucket,
            Key: this.recordKey(id, release.name),
            Body: `${JSON.stringify(record)}\n`,
            ContentType: "application/json",
            CacheControl: REVALIDATE,
            IfNoneMatch: "*",
          }),
        );
        this.records.set(`${id}/${release.name}`, record);
      } catch (e) {
        // Already there: the same release was stored before (its content is its name).
        if (!isStatus(e, 412)) throw e;
        this.records.delete(`${id}/${release.name}`);
        if (!(await this.record(id, release.name))) {
          throw new Error(`${this.recordKey(id, release.name)} exists but is not a release record`);
        }
      }
    });
  }

  private async builtManifestOf(id: string, release: string): Promise<BuildManifest> {
    const m = this.built.get(`${id}/${release}`) ?? (await this.record(id, release))?.manifest;
    if (!m) throw new Error(`${id}: the manifest of release ${release} is unknown`);
    return m;
  }

  writeState(id: string, state: TenantState): Promise<void> {
    this.pendingReleases.set(id, state.releases);
    return Promise.resolve();
  }

  async prepareServer(id: string, live: ReleaseRecord, serving: ReleaseRecord[]) {
    const nginx = this.o.nginx;
    if (!nginx) return;
    const records = await Promise.all(
      [...serving, live].map(async (r) => {
        const rec = await this.record(id, r.name);
        if (!rec) throw new Error(`${id}: release ${r.name} has no record in ${this.label}`);
        return rec;
      }),
    );
    const liveRecord = records[records.length - 1] as S3ReleaseRecord;
    const file = join(nginx.dir, `${id}.conf`);
    const before = await nginx.host.readText(file);
    const next = await nginx.render(id, liveRecord, records.slice(0, -1));
    if (before === next) return;
    await nginx.host.writeAtomic(file, next);
    try {
      await nginx.server.test();
    } catch (error) {
      await this.restoreConf(id, file, before, next);
      throw error;
    }
    // Reloaded once the pointer is written (activate): a publish that loses writes nothing.
    this.preparedConf.set(id, { before, next });
  }

  private async restoreConf(id: string, file: string, before: string | null, next: string) {
    const nginx = this.o.nginx;
    if (!nginx) return;
    // Only what this publish wrote is taken back (a concurrent winner's block stays).
    if ((await nginx.host.readText(file)) !== next) return;
    if (before === null) await nginx.host.remove([file]);
    else await nginx.host.writeAtomic(file, before);
    this.preparedConf.delete(id);
  }

  async activate(id: string, release: string) {
    const kept = this.pendingReleases.get(id) ?? this.lastState.get(id)?.releases ?? [];
    this.pendingReleases.delete(id);
    if (!kept.some((r) => r.name === release)) {
      throw new Error(`${id}: release ${release} is not among the kept releases`);
    }
    // The summaries only: the file tables stay in the release records.
    const summary = ({ name, publishedAt, styleHashes, assets, config }: ReleaseRecord) => ({
      name,
      publishedAt,
      styleHashes,
      assets,
      config,
    });
    const pointer: Pointer = {
      release,
      releases: kept.map(summary),
      writtenAt: new Date().toISOString(),
      nonce: randomUUID(),
    };
    const etag = this.etags.get(id) ?? null;
    const put = (condition: { IfNoneMatch?: string; IfMatch?: string }) =>
      this.o.client.send(
        new this.s3.PutObjectCommand({
          Bucket: this.o.location.bucket,
          Key: this.pointerKey(id),
          Body: `${JSON.stringify(pointer)}\n`,
          ContentType: "application/json",
          CacheControl: REVALIDATE,
          ...condition,
        }),
      );
    try {
      await this.call(`switching ${id}'s pointer`, async () => {
        try {
          if (etag === null) await put({ IfNoneMatch: "*" });
          else {
            try {
              await put({ IfMatch: etag });
            } catch (e) {
              // Some stores (Ceph's RADOS Gateway) match If-Match only against the bare ETag:
              // the same value without quotes. A pointer that changed fails both.
              if (!isStatus(e, 412) || unquoted(etag) === etag) throw e;
              await put({ IfMatch: unquoted(etag) });
            }
          }
        } catch (e) {
          if (!isStatus(e, 412, 409)) throw e;
          const now = await this.getText(this.pointerKey(id)).catch(() => null);
          let live = "unknown";
          try {
            live = now ? String((JSON.parse(now.text) as Pointer).release) : "none";
          } catch {}
          throw new PointerConflict(
            `${id}: another publish or rollback switched the live release first (now ${live.slice(0, 12)}); nothing was switched by this one: run it again to publish over it`,
          );
        }
      });
    } catch (e) {
      const prepared = this.preparedConf.get(id);
      if (prepared && this.o.nginx) {
        await this.restoreConf(
          id,
          join(this.o.nginx.dir, `${id}.conf`),
          prepared.before,
          prepared.next,
        );
      }
      throw e;
    }
    this.etags.delete(id);
    if (this.preparedConf.has(id)) {
      this.preparedConf.delete(id);
      await this.o.nginx?.server.reload();
    }
  }

  /**
   * Forgets the releases beyond --keep (their records); the objects no kept release of any tenant
   * references go when the run ends (close), never one written within the grace period.
   */
  async prune(id: string, pruned: ReleaseRecord[]) {
    if (pruned.length === 0) return;
    await this.call(`pruning ${id}'s releases`, async () => {
      for (const r of pruned) {
        if (!RELEASE_RE.test(r.name)) continue;
        await this.o.client.send(
          new this.s3.DeleteObjectCommand({
            Bucket: this.o.location.bucket,
            Key: this.recordKey(id, r.name),
          }),
        );
        this.records.delete(`${id}/${r.name}`);
      }
    });
    this.pruned = true;
  }

  /**
   * Deletes the objects that no release record of any tenant references (kept releases, and
   * releases a publish running now has recorded but not yet switched to) and that were last
   * written longer than the grace period ago. Returns the keys deleted.
   */
  async collectGarbage(now = Date.now()): Promise<string[]> {
    return this.call("deleting unreferenced objects", async () => {
      const bucket = this.o.location.bucket;
      const list = async (prefix: string) => {
        const out: { key: string; modified: number }[] = [];
        let token: string | undefined;
        do {
          const page = await this.o.client.send(
            new this.s3.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: prefix,
              ContinuationToken: token,
            }),
          );
          for (const o of page.Contents ?? []) {
            if (o.Key) out.push({ key: o.Key, modified: o.LastModified?.getTime() ?? now });
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return out;
      };
      // Objects first, then the records: a record written after this listing references only
      // objects listed here as young, or not listed at all.
      const objects = await list(this.key("objects/"));
      const referenced = new Set<string>();
      for (const r of await list(this.key("tenants/"))) {
        if (!r.key.endsWith(".json") || !r.key.includes("/releases/")) continue;
        const got = await this.getText(r.key);
        try {
          const rec = JSON.parse(got?.text ?? "null") as S3ReleaseRecord | null;
          for (const k of Object.values(rec?.objects ?? {})) referenced.add(this.key(k));
        } catch {
          // An unreadable record protects nothing it cannot name; its own file stays.
        }
      }
      const doomed = objects
        .filter((o) => !referenced.has(o.key) && now - o.modified > this.o.graceMs)
        .map((o) => o.key);
      for (let i = 0; i < doomed.length; i += 1000) {
        await this.o.client.send(
          new this.s3.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: doomed.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
      // Stored keys are relative to the prefix, as the listing reads them.
      const relative = this.key("objects/").length - "objects/".length;
      for (const key of doomed) this.stored.delete(key.slice(relative));
      return doomed;
    });
  }

  async close() {
    try {
      if (this.pruned) await this.collectGarbage();
    } finally {
      this.o.client.destroy();
      await this.o.nginx?.host.close();
    }
  }
}

export interface S3TargetSpec {
  endpoint?: string;
  graceMs: number;
  nginx?: S3TargetOptions["nginx"];
  /** For tests: another client (a proxy, fault injection). */
  client?: S3Client;
  onUpload?: S3TargetOptions["onUpload"];
}

/**
 * An S3 client for the store: path-style addressing when an endpoint is given (Ceph, MinIO
 * and most self-hosted stores serve buckets under the path), the SDK's standard retries for
 * throttling, 5xx and dropped connections, and the standard credential chain.
 */
export async function openS3Target(spec: string, o: S3TargetSpec): Promise<S3Target> {
  const location = parseS3Url(spec);
  if (!location) throw new Error(`--to ${spec}: not an s3:// address`);
  // The SDK warns at length on Node 20 that its next versions need Node 22; a publish still
  // works, and the project's engines field already says which Node it supports.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= "true";
  const sdk = await import("@aws-sdk/client-s3");
  const client =
    o.client ??
    new sdk.S3Client({
      ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}),
      // Another store than AWS ignores the region, but the SDK needs one to sign.
      ...(o.endpoint && !process.env.AWS_REGION && !process.env.AWS_DEFAULT_REGION
        ? { region: "us-east-1" }
        : {}),
      maxAttempts: 5,
    });
  return new S3Target(
    {
      client,
      location,
      label: spec.replace(/\/+$/, ""),
      graceMs: o.graceMs,
      nginx: o.nginx,
      onUpload: o.onUpload,
    },
    sdk,
  );
}
