/**
 * A host belongs to one tenant. nginx answers a Host with the first server block that names it
 * (an `include` of every tenant's nginx.conf reads them in name order, and only warns "conflicting
 * server name"), so a second tenant naming another's host — written in its own file, or
 * inherited through `extends` without hosts of its own — would take that shop's visitors.
 * `validate`, `build`, `dev` and `publish` load a tenant against the hosts every other tenant
 * file of the folder names.
 */

import { stat } from "node:fs/promises";
import { join } from "node:path";
import { isMapValue, mergeLayers } from "./extends.ts";
import { resolveChain } from "./extends-chain.ts";
import { tenantSchema } from "./schema.ts";
import { linkedOut, readLayer } from "./tenant-file.ts";
import { listTenantIds, quoted, shownPath } from "./tenants-dir.ts";

/**
 * Each host name (and, as `file:<path>`, each certificate file) any tenant file of the folder
 * names, with the tenants that name it.
 */
export type HostClaims = ReadonlyMap<string, readonly string[]>;

/** The name nginx matches a Host against: `server_name` has no port. */
export const hostName = (host: string): string => host.replace(/:\d+$/, "");

/** What a tenant's merged values claim on a server: host names and certificate files. */
async function claimsOf(tenantsDir: string, id: string): Promise<string[]> {
  const abs = join(tenantsDir, `${id}.yaml`);
  if (await linkedOut(tenantsDir, abs)) return [];
  // Stryker disable next-line all: a missing file names nothing here, so what missing() says is never read
  const missing = async () => ({ file: "", line: 1, col: 1, path: "", message: "" });
  const first = await readLayer(id, abs, shownPath(abs), missing);
  if (!first.ok) return [];
  const chain = await resolveChain(tenantsDir, first.layer);
  if (!chain.ok) return [];
  const merged = mergeLayers(chain.layers, tenantSchema);
  if (!isMapValue(merged)) return [];
  // Stryker disable next-line ArrayDeclaration: an item that is no map with a host names nothing
  const hosts = Array.isArray(merged.hosts) ? merged.hosts : [];
  const tls = isMapValue(merged.tls) ? merged.tls : {};
  return [
    ...hosts.flatMap((h) =>
      isMapValue(h) && typeof h.host === "string" ? [hostName(h.host.toLowerCase())] : [],
    ),
    ...[tls.certificate, tls.certificateKey].flatMap((f) =>
      typeof f === "string" ? [`file:${f}`] : [],
    ),
  ];
}

/**
 * Every host and certificate file named in the folder, read from each tenant file as its
 * `extends` merges it. A file that cannot be read names nothing here: its own load reports what
 * is wrong with it.
 */
export async function hostClaims(tenantsDir: string): Promise<HostClaims> {
  // Read again only when a tenant file changed: `dev --all` and a publish of many tenants load
  // each tenant against the same folder, and would otherwise read every file once a tenant.
  const ids = await listTenantIds(tenantsDir);
  const key = await folderSignature(tenantsDir, ids);
  const cached = remembered.get(tenantsDir);
  if (cached?.key === key) return cached.claims;
  const claims = readClaims(tenantsDir, ids);
  remembered.set(tenantsDir, { key, claims });
  return claims;
}

async function readClaims(tenantsDir: string, ids: readonly string[]): Promise<HostClaims> {
  const claims = new Map<string, string[]>();
  for (const id of ids) {
    for (const claim of new Set(await claimsOf(tenantsDir, id))) {
      claims.set(claim, [...(claims.get(claim) ?? []), id]);
    }
  }
  return claims;
}

/** The folder's claims as last read (one read shared by the loads that ask at once). */
const remembered = new Map<string, { key: string; claims: Promise<HostClaims> }>();

/** Each tenant file's identity, size and change time (to the nanosecond): what a save changes. */
async function folderSignature(tenantsDir: string, ids: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    ids.map(async (id) => {
      try {
        const s = await stat(join(tenantsDir, `${id}.yaml`), { bigint: true });
        return `${id}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
      } catch {
        // A file gone: any mark but a stat's own tells the states apart.
        // Stryker disable next-line StringLiteral: see above
        return `${id}:-`;
      }
    }),
  );
  return parts.join("\n");
}

/** The other tenants that name `host` (none when it is this tenant's alone). */
export function otherClaimants(claims: HostClaims, host: string, id: string): string[] {
  return (claims.get(hostName(host.toLowerCase())) ?? []).filter((other) => other !== id);
}

/**
 * The tenants whose `tls` names the certificate or key file `path` when `id` does not (a
 * certificate two brands share, a wildcard one, is named in both files).
 */
export function otherCertificateOwners(claims: HostClaims, path: string, id: string): string[] {
  const owners = claims.get(`file:${path}`) ?? [];
  return owners.includes(id) ? [] : [...owners];
}

/**
 * What a release's recorded settings claim that the folder gives another tenant: a release
 * record read back from a target (a bucket one brand's operator may write to) is rendered into
 * the nginx block only with hosts and certificate files of its own tenant.
 */
export function foreignClaims(
  claims: HostClaims,
  id: string,
  config: {
    hosts?: readonly { host: string }[];
    tls?: { certificate: string; certificateKey: string };
  },
): string[] {
  const hosts = (config.hosts ?? []).flatMap((h) => {
    const others = otherClaimants(claims, h.host, id);
    return others.length ? [`host ${quoted(h.host)} (${others.join(", ")})`] : [];
  });
  const files = [config.tls?.certificate, config.tls?.certificateKey].flatMap((f) => {
    // Stryker disable next-line ArrayDeclaration: without a file name, `f &&` below drops the others
    const others = f ? otherCertificateOwners(claims, f, id) : [];
    return f && others.length ? [`certificate file ${quoted(f)} (${others.join(", ")})`] : [];
  });
  return [...hosts, ...files];
}
