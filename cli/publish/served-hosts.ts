/**
 * What a target already serves: the hosts of each tenant's live release there. A publish or a
 * rollback refuses a host another tenant serves on the target, even one no tenant file of this
 * folder names any more (a brand removed from the folder but still live, a target that another
 * repository or CI shard publishes to): two server blocks naming one host would leave the
 * choice of shop to nginx's include order.
 */
import { type HostClaims, hostName } from "../config/host-claims.ts";
import { quoted, tenantIdProblem } from "../config/tenants-dir.ts";
import type { ReleaseRecord } from "./release.ts";
import { pool } from "./s3-client.ts";
import type { Target } from "./target.ts";

/** Live releases read at once (each a small read, over SSH or from the store). */
const READS_AT_ONCE = 16;

/**
 * Each host a live release on the target names, with the tenants that serve it; `besides` (the
 * tenant a publish or rollback has read the state of already) is not read again: its state as
 * first read is the one its switch is conditional on.
 */
export async function servedHosts(target: Target, besides?: string): Promise<HostClaims> {
  // Names read back from the target: only those that can be tenant ids are read further.
  const ids = (await target.tenants())
    .filter((id) => id !== besides && tenantIdProblem(id) === null)
    .sort();
  const live = new Map<string, ReleaseRecord>();
  await pool(ids, READS_AT_ONCE, async (id) => {
    const record = await target.live(id);
    if (record) live.set(id, record);
  });
  const served = new Map<string, string[]>();
  for (const id of ids) {
    for (const h of live.get(id)?.config.hosts ?? []) {
      const name = hostName(h.host.toLowerCase());
      const by = served.get(name) ?? [];
      if (!by.includes(id)) served.set(name, [...by, id]);
    }
  }
  return served;
}

/** The hosts of `hosts` another tenant than `id` serves on the target, said for a message. */
export function hostsServedByOthers(
  served: HostClaims,
  id: string,
  hosts: readonly { host: string }[] = [],
): string[] {
  return hosts.flatMap((h) => {
    const others = (served.get(hostName(h.host.toLowerCase())) ?? []).filter((t) => t !== id);
    return others.length ? [`${quoted(h.host)} (served by ${others.join(", ")})`] : [];
  });
}
