/**
 * The pointer: tenants/<id>/current.json, the live release and the kept ones in publish order.
 * A publish reads it first and writes it last, conditionally (If-None-Match to create, If-Match
 * to replace): of two publishes that read the same pointer, one writes it and the other stops
 * with a PointerConflict, having switched nothing.
 */
import { randomUUID } from "node:crypto";
import { REVALIDATE } from "../build/security-headers.ts";
import { tenantSchema } from "../config/schema.ts";
import { RELEASE_RE, type ReleaseRecord, type TenantState } from "./release.ts";
import { pool, type S3Store } from "./s3-client.ts";
import { isStatus, PointerConflict } from "./s3-errors.ts";

/**
 * Pointers read at once before a publish of many tenants: each is one small GET, so a republish
 * where few changed is bound by round trips, not by work (1,000 tenants read 8 at a time left
 * the command waiting 60 % of its time).
 */
export const READ_CONCURRENCY = 32;

export interface Pointer {
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

const unquoted = (etag: string) => etag.replace(/^"|"$/g, "");

/** The tenants' pointers as this run read them, and the switch of each. */
export class Pointers {
  /** The pointer's ETag as `state()` read it (null: no pointer yet), per tenant. */
  private readonly etags = new Map<string, string | null>();
  /** Pointers read ahead by `prefetch`, each taken once by `state`. */
  private readonly prefetched = new Map<string, Promise<TenantState>>();
  private readonly lastState = new Map<string, TenantState>();
  private readonly pendingReleases = new Map<string, ReleaseRecord[]>();

  constructor(private readonly store: S3Store) {}

  private key(id: string) {
    return this.store.key("tenants", id, "current.json");
  }

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

  /**
   * The pointer of `id` as `state` will take it: read now (and kept for `state`) unless a
   * prefetch read it already.
   */
  peek(id: string): Promise<TenantState> {
    let read = this.prefetched.get(id);
    if (!read) {
      read = this.readState(id);
      this.prefetched.set(id, read);
    }
    return read;
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
    return this.store.call(`reading ${id}'s pointer`, async () => {
      const got = await this.store.getText(this.key(id));
      this.etags.set(id, got?.etag ?? null);
      if (!got) return this.remember(id, { releases: [], current: null });
      let pointer: Pointer;
      try {
        pointer = JSON.parse(got.text) as Pointer;
      } catch {
        throw new Error(`${this.key(id)} is not valid JSON; fix or remove it`);
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

  private remember(id: string, state: TenantState) {
    this.lastState.set(id, state);
    return state;
  }

  /** The releases the next switch keeps (publish order), as the publish decided them. */
  keep(id: string, releases: ReleaseRecord[]) {
    this.pendingReleases.set(id, releases);
  }

  /** The pointer that makes `release` live among the kept releases; throws if it is not one. */
  next(id: string, release: string): Pointer {
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
    return {
      release,
      releases: kept.map(summary),
      writtenAt: new Date().toISOString(),
      nonce: randomUUID(),
    };
  }

  /**
   * Writes the pointer if it is still the one `state()` read; a PointerConflict if another
   * publish or rollback wrote it since.
   */
  async write(id: string, pointer: Pointer) {
    const etag = this.etags.get(id) ?? null;
    const put = (condition: { IfNoneMatch?: string; IfMatch?: string }) =>
      this.store.client.send(
        new this.store.sdk.PutObjectCommand({
          Bucket: this.store.bucket,
          Key: this.key(id),
          Body: `${JSON.stringify(pointer)}\n`,
          ContentType: "application/json",
          CacheControl: REVALIDATE,
          ...condition,
        }),
      );
    await this.store.call(`switching ${id}'s pointer`, async () => {
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
        const now = await this.store.getText(this.key(id)).catch(() => null);
        let live = "unknown";
        try {
          live = now ? String((JSON.parse(now.text) as Pointer).release) : "none";
        } catch {}
        throw new PointerConflict(
          `${id}: another publish or rollback switched the live release first (now ${live.slice(0, 12)}); nothing was switched by this one: run it again to publish over it`,
        );
      }
    });
    this.etags.delete(id);
  }
}
