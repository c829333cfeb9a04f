/**
 * The release records: tenants/<id>/releases/<release>.json, written once when a release's
 * objects are all stored and never changed (a release is its content). Each holds what every
 * target keeps of a release, plus its files' objects; read back, anything but what a publish
 * writes is left out.
 */
import type { BuildManifest } from "../build/manifest.ts";
import { REVALIDATE } from "../build/security-headers.ts";
import { tenantSchema } from "../config/schema.ts";
import { RELEASE_RE, type ReleaseRecord } from "./release.ts";
import type { S3Store } from "./s3-client.ts";
import { isStatus } from "./s3-errors.ts";
import { OBJECT_KEY_RE } from "./s3-upload.ts";

/** What the store keeps of a release besides what every target keeps: its files' objects. */
export interface S3ReleaseRecord extends ReleaseRecord {
  /** Every served file of the release: its path in the bundle → its object's key (under the prefix). */
  objects: Record<string, string>;
  manifest: BuildManifest;
}

/** The release records of the store, each read at most once a run. */
export class ReleaseRecords {
  private readonly records = new Map<string, S3ReleaseRecord>();

  constructor(private readonly store: S3Store) {}

  key(id: string, release: string) {
    return this.store.key("tenants", id, "releases", `${release}.json`);
  }

  /** The release record as stored, checked: anything but what a publish writes is left out. */
  async read(id: string, release: string): Promise<S3ReleaseRecord | null> {
    const cached = this.records.get(`${id}/${release}`);
    if (cached) return cached;
    if (!RELEASE_RE.test(release)) return null;
    const got = await this.store.getText(this.key(id, release));
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

  /** Writes a release's record, unless the same release was recorded before. */
  async write(id: string, record: S3ReleaseRecord) {
    await this.store.call(`writing ${id}'s release record`, async () => {
      try {
        await this.store.client.send(
          new this.store.sdk.PutObjectCommand({
            Bucket: this.store.bucket,
            Key: this.key(id, record.name),
            Body: `${JSON.stringify(record)}\n`,
            ContentType: "application/json",
            CacheControl: REVALIDATE,
            IfNoneMatch: "*",
          }),
        );
        this.records.set(`${id}/${record.name}`, record);
      } catch (e) {
        // Already there: the same release was stored before (its content is its name).
        if (!isStatus(e, 412)) throw e;
        this.records.delete(`${id}/${record.name}`);
        if (!(await this.read(id, record.name))) {
          throw new Error(`${this.key(id, record.name)} exists but is not a release record`);
        }
      }
    });
  }

  /** Deletes the records of releases no longer kept (their objects go with garbage collection). */
  async remove(id: string, pruned: ReleaseRecord[]) {
    await this.store.call(`pruning ${id}'s releases`, async () => {
      for (const r of pruned) {
        if (!RELEASE_RE.test(r.name)) continue;
        await this.store.client.send(
          new this.store.sdk.DeleteObjectCommand({
            Bucket: this.store.bucket,
            Key: this.key(id, r.name),
          }),
        );
        this.records.delete(`${id}/${r.name}`);
      }
    });
  }
}
