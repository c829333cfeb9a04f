/**
 * The content-addressed upload: a served file is stored as an object named by its bytes
 * (objects/immutable/<sha256>.<ext> under assets/, objects/revalidate/<sha256>.<ext> for the
 * rest), so each distinct file is stored once for every tenant and release, and a publish
 * uploads only the objects the store lacks.
 */
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { BuildManifest } from "../build/manifest.ts";
import { DEPLOY_FILE_NAMES, IMMUTABLE, REVALIDATE } from "../build/security-headers.ts";
import { contentTypeOf } from "../preview/content-types.ts";
import { pool, type S3Store } from "./s3-client.ts";
import { isStatus, storeError } from "./s3-errors.ts";

/** How many uploads are in flight at once. */
export const UPLOAD_CONCURRENCY = 16;

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

export const OBJECT_KEY_RE = /^objects\/(immutable|revalidate)\/[0-9a-f]{64}(\.[a-z0-9]{1,12})?$/;

/** The files of a built bundle that are served, with their object keys. */
export function objectsOf(manifest: BuildManifest): Record<string, string> {
  const objects: Record<string, string> = {};
  for (const f of manifest.files) if (served(f.path)) objects[f.path] = objectKey(f.path, f.sha256);
  return objects;
}

/** The objects one run uploads, and what it knows the store already has. */
export class ObjectUploads {
  /** Keys of objects the store has, as far as this run knows: listed, found, or uploaded by it. */
  private readonly stored = new Set<string>();
  /** The listing of every stored object, made once a second tenant has files to check. */
  private listing: Promise<void> | null = null;
  /** Tenants whose files this run has checked against the store. */
  private checkedTenants = 0;
  private readonly uploading = new Map<string, Promise<void>>();
  /** Bytes and objects uploaded (the publish's report, the bench). */
  readonly uploaded = { objects: 0, bytes: 0 };
  private readonly byTenant = new Map<string, { objects: number; bytes: number }>();

  constructor(
    private readonly store: S3Store,
    /** Called after each object uploaded (progress, tests). */
    private readonly onUpload?: (key: string, bytes: number) => void,
  ) {}

  uploadedFor(id: string) {
    return { ...(this.byTenant.get(id) ?? { objects: 0, bytes: 0 }) };
  }

  /** Uploads the objects of the bundle the store lacks; each distinct file once, whoever needs it. */
  async putMissing(id: string, manifest: BuildManifest, bundleDir: string) {
    const wanted = new Map<string, string>();
    for (const [path, key] of Object.entries(objectsOf(manifest))) {
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
      throw storeError(e, `uploading ${id}'s files`, this.store.label);
    });
  }

  /** Objects deleted from the store (by their full keys): no longer known to be there. */
  forget(deleted: string[]) {
    // Stored keys are relative to the prefix, as the listing reads them.
    const relative = this.store.key("objects/").length - "objects/".length;
    for (const key of deleted) this.stored.delete(key.slice(relative));
  }

  private listExisting(): Promise<void> {
    this.listing ??= this.store.call("listing the stored objects", async () => {
      const prefix = this.store.key("objects/");
      for await (const o of this.store.list(prefix)) {
        if (o.Key) this.stored.add(o.Key.slice(prefix.length - "objects/".length));
      }
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
    await this.store.call(`checking which of ${id}'s files the store has`, () =>
      pool(unknown, UPLOAD_CONCURRENCY, async (key) => {
        try {
          await this.store.client.send(
            new this.store.sdk.HeadObjectCommand({
              Bucket: this.store.bucket,
              Key: this.store.key(key),
            }),
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

  private async upload(id: string, key: string, file: string, path: string) {
    const body = await readFile(file);
    await this.store.client.send(
      new this.store.sdk.PutObjectCommand({
        Bucket: this.store.bucket,
        Key: this.store.key(key),
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
    this.onUpload?.(key, body.length);
  }
}
