/**
 * The prune's second half: once releases beyond --keep are forgotten (their records deleted,
 * s3-records.ts), the objects that no release of any tenant references any more are deleted at
 * the end of the run, never one written within the grace period (a page still open loads it).
 */
import type { S3Store } from "./s3-client.ts";
import type { S3ReleaseRecord } from "./s3-records.ts";

/** Objects written within this long are never pruned: an hour, longer than a page stays open unloaded. */
export const DEFAULT_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes the objects that no release record of any tenant references (kept releases, and
 * releases a publish running now has recorded but not yet switched to) and that were last
 * written longer than `graceMs` ago. Returns the keys deleted.
 */
export async function collectGarbage(
  store: S3Store,
  graceMs: number,
  now: number,
): Promise<string[]> {
  return store.call("deleting unreferenced objects", async () => {
    const list = async (prefix: string) => {
      const out: { key: string; modified: number }[] = [];
      for await (const o of store.list(prefix)) {
        if (o.Key) out.push({ key: o.Key, modified: o.LastModified?.getTime() ?? now });
      }
      return out;
    };
    // Objects first, then the records: a record written after this listing references only
    // objects listed here as young, or not listed at all.
    const objects = await list(store.key("objects/"));
    const referenced = new Set<string>();
    for (const r of await list(store.key("tenants/"))) {
      if (!r.key.endsWith(".json") || !r.key.includes("/releases/")) continue;
      const got = await store.getText(r.key);
      try {
        const rec = JSON.parse(got?.text ?? "null") as S3ReleaseRecord | null;
        for (const k of Object.values(rec?.objects ?? {})) referenced.add(store.key(k));
      } catch {
        // An unreadable record protects nothing it cannot name; its own file stays.
      }
    }
    const doomed = objects
      .filter((o) => !referenced.has(o.key) && now - o.modified > graceMs)
      .map((o) => o.key);
    for (let i = 0; i < doomed.length; i += 1000) {
      await store.client.send(
        new store.sdk.DeleteObjectsCommand({
          Bucket: store.bucket,
          Delete: { Objects: doomed.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
    return doomed;
  });
}
