/**
 * A host belongs to one tenant. nginx answers a Host with the first server block that names it
 * (an `include` of every tenant's nginx.conf reads them in name order, and only warns "conflicting
 * server name"), so a second tenant naming another's host — written in its own file, or
 * inherited through `extends` without hosts of its own — would take that shop's visitors.
 * `validate`, `build`, `dev` and `publish` load a tenant against the hosts every other tenant
 * file of the folder names.
 */

import { join } from "node:path";
import { isMapValue, mergeLayers } from "./extends.ts";
import { resolveChain } from "./extends-chain.ts";
import { tenantSchema } from "./schema.ts";
import { linkedOut, readLayer } from "./tenant-file.ts";
import { listTenantIds, shownPath } from "./tenants-dir.ts";

/** Each host name any tenant file of the folder names, with the tenants that name it. */
export type HostClaims = ReadonlyMap<string, readonly string[]>;

/** The name nginx matches a Host against: `server_name` has no port. */
export const hostName = (host: string): string => host.replace(/:\d+$/, "");

/** The host names a tenant's merged values name (none when its file cannot be read). */
async function hostsOf(tenantsDir: string, id: string): Promise<string[]> {
  const abs = join(tenantsDir, `${id}.yaml`);
  if (await linkedOut(tenantsDir, abs)) return [];
  const missing = async () => ({ file: "", line: 1, col: 1, path: "", message: "" });
  const first = await readLayer(id, abs, shownPath(abs), missing);
  if (!first.ok) return [];
  const chain = await resolveChain(tenantsDir, first.layer);
  if (!chain.ok) return [];
  const merged = mergeLayers(chain.layers, tenantSchema);
  const hosts = isMapValue(merged) ? merged.hosts : undefined;
  if (!Array.isArray(hosts)) return [];
  return hosts.flatMap((h) =>
    isMapValue(h) && typeof h.host === "string" ? [hostName(h.host.toLowerCase())] : [],
  );
}

/**
 * Every host named in the folder, read from each tenant file as its `extends` merges it. A file
 * that cannot be read names no host here: its own load reports what is wrong with it.
 */
export async function hostClaims(tenantsDir: string): Promise<HostClaims> {
  const claims = new Map<string, string[]>();
  for (const id of await listTenantIds(tenantsDir)) {
    for (const host of new Set(await hostsOf(tenantsDir, id))) {
      claims.set(host, [...(claims.get(host) ?? []), id]);
    }
  }
  return claims;
}

/** The other tenants that name `host` (none when it is this tenant's alone). */
export function otherClaimants(claims: HostClaims, host: string, id: string): string[] {
  return (claims.get(hostName(host.toLowerCase())) ?? []).filter((other) => other !== id);
}
