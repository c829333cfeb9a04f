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
 *
 * This is the publish target that puts the parts together, each in its own file: the store and
 * its client (s3-client.ts), the one-line errors (s3-errors.ts), the content-addressed upload
 * (s3-upload.ts), the release records (s3-records.ts), the pointer (s3-pointer.ts), the prune of
 * unreferenced objects (s3-prune.ts) and the server blocks of nginx in front (s3-nginx.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { type BuildManifest, MANIFEST_FILE } from "../build/manifest.ts";
import type { ReleaseRecord, TenantState } from "./release.ts";
import { connectS3, type S3Location, type S3Sdk, S3Store } from "./s3-client.ts";
import { Pointers } from "./s3-pointer.ts";
import { type S3PreviewNginx, S3Previews } from "./s3-previews.ts";
import { collectGarbage } from "./s3-prune.ts";
import { ReleaseRecords, type S3ReleaseRecord } from "./s3-records.ts";
import { ObjectUploads, objectsOf } from "./s3-upload.ts";

// The names the rest of the CLI, the tests and the bench know this target's parts by.
export { parseS3Url, type S3Location } from "./s3-client.ts";
export { PointerConflict, storeError } from "./s3-errors.ts";
export { READ_CONCURRENCY } from "./s3-pointer.ts";
export { DEFAULT_GRACE_MS } from "./s3-prune.ts";
export type { S3ReleaseRecord } from "./s3-records.ts";
export { objectKey, UPLOAD_CONCURRENCY } from "./s3-upload.ts";

export interface S3TargetOptions {
  client: S3Client;
  location: S3Location;
  /** How it is named to the user (`s3://bucket/prefix`). */
  label: string;
  /** Objects last written less than this long ago are never deleted (pages still open). */
  graceMs: number;
  /** nginx in front of the store: the folder its per-tenant server blocks are written to. */
  nginx?: S3PreviewNginx & {
    render(id: string, live: S3ReleaseRecord, serving: S3ReleaseRecord[]): Promise<string>;
  };
  /** Called after each object uploaded (progress, tests). */
  onUpload?: (key: string, bytes: number) => void;
}

export class S3Target {
  readonly label: string;
  private readonly store: S3Store;
  private readonly objects: ObjectUploads;
  private readonly records: ReleaseRecords;
  private readonly pointers: Pointers;
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
  readonly uploaded: { objects: number; bytes: number };
  uploadedFor(id: string) {
    return this.objects.uploadedFor(id);
  }

  constructor(
    private readonly o: S3TargetOptions,
    sdk: S3Sdk,
  ) {
    this.label = o.label;
    this.store = new S3Store(o.client, sdk, o.location, o.label);
    this.objects = new ObjectUploads(this.store, o.onUpload);
    this.uploaded = this.objects.uploaded;
    this.records = new ReleaseRecords(this.store);
    this.pointers = new Pointers(this.store);
    this.concurrency = o.nginx ? 1 : 8;
    this.previews = new S3Previews({
      store: this.store,
      records: this.records,
      nginx: o.nginx,
      record: (id, release) => this.shareAssets(id, release),
    });
  }

  /** Deploy previews, served by nginx in front of the store (./s3-previews.ts). */
  readonly previews: S3Previews;

  /**
   * Reads the pointers of `ids` ahead, READ_CONCURRENCY at a time (a publish's first step for
   * every tenant). A tenant's read that failed fails that tenant when its publish takes it.
   */
  prefetch(ids: string[]): Promise<void> {
    return this.pointers.prefetch(ids);
  }

  /** The tenant's releases and live release as the store's pointer says (ETag remembered). */
  state(id: string): Promise<TenantState> {
    return this.pointers.state(id);
  }

  /** The tenants with a folder under tenants/ (a pointer, release records). */
  tenants() {
    return this.store.call("listing the tenants", () =>
      this.store.folders(this.store.key("tenants/")),
    );
  }

  async live(id: string) {
    const state = await this.pointers.peek(id).catch(() => null);
    return state?.releases.find((r) => r.name === state.current) ?? null;
  }

  async manifest(id: string, release: string) {
    return this.store.call(`reading ${id}'s release ${release}`, async () => {
      return (await this.records.read(id, release))?.manifest ?? null;
    });
  }

  /** The files of a built bundle that are served, with their object keys. */
  static objectsOf(manifest: BuildManifest): Record<string, string> {
    return objectsOf(manifest);
  }

  /** Uploads the objects of the bundle the store lacks; each distinct file once, whoever needs it. */
  async putRelease(id: string, release: string, bundleDir: string) {
    const manifest = JSON.parse(
      await readFile(join(bundleDir, MANIFEST_FILE), "utf8"),
    ) as BuildManifest;
    this.built.set(`${id}/${release}`, manifest);
    await this.objects.putMissing(id, manifest, bundleDir);
  }

  /**
   * Writes the release record (never replaced: a release is its content). Called once the
   * release's objects are all stored, before anything points at it.
   */
  async shareAssets(id: string, release: ReleaseRecord) {
    const manifest = await this.builtManifestOf(id, release.name);
    await this.records.write(id, { ...release, objects: objectsOf(manifest), manifest });
  }

  private async builtManifestOf(id: string, release: string): Promise<BuildManifest> {
    const m =
      this.built.get(`${id}/${release}`) ?? (await this.records.read(id, release))?.manifest;
    if (!m) throw new Error(`${id}: the manifest of release ${release} is unknown`);
    return m;
  }

  writeState(id: string, state: TenantState): Promise<void> {
    this.pointers.keep(id, state.releases);
    return Promise.resolve();
  }

  async prepareServer(id: string, live: ReleaseRecord, serving: ReleaseRecord[]) {
    const nginx = this.o.nginx;
    if (!nginx) return;
    const records = await Promise.all(
      [...serving, live].map(async (r) => {
        const rec = await this.records.read(id, r.name);
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
    const pointer = this.pointers.next(id, release);
    try {
      await this.pointers.write(id, pointer);
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
    await this.records.remove(id, pruned);
    this.pruned = true;
  }

  /**
   * Deletes the objects that no release record of any tenant references (kept releases, and
   * releases a publish running now has recorded but not yet switched to) and that were last
   * written longer than the grace period ago. Returns the keys deleted.
   */
  async collectGarbage(now = Date.now()): Promise<string[]> {
    const doomed = await collectGarbage(this.store, this.o.graceMs, now);
    this.objects.forget(doomed);
    return doomed;
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

/** The target for `--to s3://bucket/prefix`, with a client for the store (s3-client.ts). */
export async function openS3Target(spec: string, o: S3TargetSpec): Promise<S3Target> {
  const { sdk, client, location, label } = await connectS3(spec, o);
  return new S3Target(
    { client, location, label, graceMs: o.graceMs, nginx: o.nginx, onUpload: o.onUpload },
    sdk,
  );
}
