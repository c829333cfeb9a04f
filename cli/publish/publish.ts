/**
 * `storefront publish` and `storefront rollback` over any Target. The order of the steps is
 * what keeps visitors safe:
 *
 *   1. upload the release beside the live one (nothing serves it while it is incomplete);
 *   2. make its hashed files reachable from the shared assets folder;
 *   3. write the server block that allows the style of every kept release, `nginx -t` it
 *      (a refusal restores the old block and stops here: the live release is untouched),
 *      reload and wait until no worker of the old configuration is left;
 *   4. record the release, then switch `current` to it with one rename;
 *   5. delete the releases beyond --keep, and the hashed files only they used.
 *
 * A page already open keeps finding its chunks (step 2 keeps them until its release is
 * pruned), and every page, old or new, is answered with a CSP that allows its inline style
 * (step 3 comes before step 4).
 */
import { join, resolve } from "node:path";
import type { BuildManifest } from "../build/manifest.ts";
import { foreignClaims, type HostClaims, hostClaims } from "../config/host-claims.ts";
import { loadTenant } from "../config/load.ts";
import { assertTenantId, quoted, shownPath, tenantIdProblem } from "../config/tenants-dir.ts";
import { bundleManifest, verifyBundle } from "./bundle.ts";
import {
  assetPaths,
  diffManifests,
  keptAfterPublish,
  type ManifestDiff,
  type ReleaseRecord,
  releaseName,
  type TenantState,
} from "./release.ts";
import { hostsServedByOthers, servedHosts } from "./served-hosts.ts";
import type { Target } from "./target.ts";

export type PublishStatus = "published" | "live" | "would-publish" | "rolled-back" | "failed";

export interface TenantPublishResult {
  id: string;
  status: PublishStatus;
  /** The release that is (or would be) live afterwards. */
  release?: string;
  /** The release that was live before. */
  previous?: string | null;
  diff?: ManifestDiff;
  pruned?: string[];
  /** What this publish sent to a store that counts it (object storage): objects and bytes. */
  uploaded?: { objects: number; bytes: number };
  error?: string;
  ms: number;
}

export interface PublishOptions {
  target: Target;
  distDir: string;
  tenantsDir: string;
  keep: number;
  dryRun: boolean;
  /** The hosts the folder's tenants name, read once for a publish of many (read when absent). */
  claims?: HostClaims;
  /**
   * The hosts the target's live releases serve, read once for a publish of many (read when
   * absent); a failed read fails each tenant with its one-line error.
   */
  served?: Promise<HostClaims>;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The tenant settings the bundle was built from; refuses a bundle older than its YAML. */
export async function builtConfig(
  o: Pick<PublishOptions, "tenantsDir" | "claims" | "distDir">,
  id: string,
  manifest: BuildManifest,
) {
  const tenant = await loadTenant(o.tenantsDir, id, o.claims);
  if (!tenant.ok) throw new Error(`${tenant.file} is not valid: run storefront validate ${id}`);
  if (tenant.hash !== manifest.configHash) {
    throw new Error(
      `${join(o.distDir, id)} was built from another ${tenant.file}: run storefront build ${id} first`,
    );
  }
  return tenant.config;
}

/**
 * The state with the live release in it. A live release the state does not list (its
 * state.json lost or hand-edited) is still serving pages: it joins as the oldest release, with
 * the style hashes and files its manifest names, so the switch keeps its pages styled and its
 * chunks reachable. Its own settings are unknown; the new release's stand in for a rollback.
 */
function adoptLiveRelease(
  state: TenantState,
  liveManifest: BuildManifest | null,
  record: ReleaseRecord,
): TenantState {
  const live = state.current;
  if (!live || !liveManifest || state.releases.some((r) => r.name === live)) return state;
  const adopted: ReleaseRecord = {
    name: live,
    publishedAt: record.publishedAt,
    styleHashes: liveManifest.styleHashes ?? [],
    assets: assetPaths(liveManifest),
    config: record.config,
  };
  return { ...state, releases: [adopted, ...state.releases] };
}

export async function publishTenant(o: PublishOptions, id: string): Promise<TenantPublishResult> {
  assertTenantId(id);
  const started = performance.now();
  const done = (r: Omit<TenantPublishResult, "id" | "ms">): TenantPublishResult => ({
    id,
    ...r,
    ms: performance.now() - started,
  });
  const manifest = await bundleManifest(o.distDir, id);
  const release = releaseName(manifest);
  const state = await o.target.state(id);
  const previous = state.current;
  if (previous === release) return done({ status: "live", release, previous });
  const liveManifest = previous ? await o.target.manifest(id, previous) : null;
  const diff = diffManifests(liveManifest, manifest);
  if (o.dryRun) return done({ status: "would-publish", release, previous, diff });
  const record = await releaseRecordOf(o, id, manifest, state);
  await assertHostsFree(o, id, record.config);
  await o.target.putRelease(id, release, join(o.distDir, id), state);
  const pruned = await switchLive(o, id, state, liveManifest, record);
  return done({
    status: "published",
    release,
    previous,
    diff,
    pruned,
    ...(o.target.uploadedFor ? { uploaded: o.target.uploadedFor(id) } : {}),
  });
}

/**
 * The record of a built bundle about to be uploaded (by a publish or a preview): the bundle is
 * verified against its manifest first (nothing leaves this machine before it is exactly what
 * the manifest lists), its settings are those it was built from.
 */
export async function releaseRecordOf(
  o: Pick<PublishOptions, "tenantsDir" | "claims" | "distDir">,
  id: string,
  manifest: BuildManifest,
  state: TenantState,
): Promise<ReleaseRecord> {
  await verifyBundle(o.distDir, id, manifest);
  const name = releaseName(manifest);
  const config =
    state.releases.find((r) => r.name === name)?.config ?? (await builtConfig(o, id, manifest));
  return {
    name,
    publishedAt: new Date().toISOString(),
    styleHashes: manifest.styleHashes,
    assets: assetPaths(manifest),
    config,
  };
}

/** A host of the release that another tenant's live release serves on the target: refused. */
export async function assertHostsFree(
  o: Pick<PublishOptions, "target" | "served">,
  id: string,
  config: ReleaseRecord["config"],
): Promise<void> {
  const served = await (o.served ?? servedHosts(o.target, id));
  const taken = hostsServedByOthers(served, id, config.hosts);
  if (taken.length) {
    throw new Error(
      `${id}: ${taken.join(", ")} on ${o.target.label}; not published (a host belongs to one tenant: publish that tenant without it, or take its release off the target, first)`,
    );
  }
}

/**
 * Steps 2–5 of a publish, for a release already on the target (uploaded now, or by a preview):
 * its assets shared, the server made ready, `current` switched, old releases pruned (never one
 * a preview still serves). Returns the names pruned.
 */
export async function switchLive(
  o: Pick<PublishOptions, "target" | "keep">,
  id: string,
  state: TenantState,
  liveManifest: BuildManifest | null,
  record: ReleaseRecord,
): Promise<string[]> {
  await o.target.shareAssets(id, record);
  const known = adoptLiveRelease(state, liveManifest, record);
  const { kept, pruned } = keptAfterPublish(known, record, o.keep);
  const previewed = new Set(((await o.target.previews?.list(id)) ?? []).map((p) => p.release.name));
  const prunable = pruned.filter((r) => !previewed.has(r.name));
  await o.target.prepareServer(id, record, kept);
  await o.target.writeState(id, { releases: kept, current: state.current });
  await o.target.activate(id, record.name);
  await o.target.prune(id, prunable, kept);
  return prunable.map((r) => r.name);
}

/**
 * Publishes each tenant (in turn, or as many at once as the target allows); a failure is
 * reported for that tenant, the rest go on. Results come in the order of `ids`.
 */
export async function publishTenants(
  o: PublishOptions,
  ids: string[],
  onResult: (r: TenantPublishResult) => void = () => {},
): Promise<TenantPublishResult[]> {
  const results: TenantPublishResult[] = new Array(ids.length);
  // Only ids that can be tenant ids reach a key; the others fail on their own below.
  const ahead = ids.filter((id) => tenantIdProblem(id) === null);
  if (ahead.length > 0) await o.target.prefetch?.(ahead);
  // Each tenant is loaded against the hosts of the whole folder: read once, not once a tenant.
  const claims = o.claims ?? (await hostClaims(resolve(o.tenantsDir)));
  // What the target serves as the run starts, read before any tenant's publish takes its
  // pointer (the pointers read ahead above are reused, each read once). A failed read is
  // reported by each tenant's publish.
  const served = o.served ?? (ahead.length > 0 ? servedHosts(o.target) : undefined);
  await served?.catch(() => {});
  const each = { ...o, claims, served };
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const at = next++;
      const id = ids[at] as string;
      const started = performance.now();
      const result = await publishTenant(each, id).catch(
        (e): TenantPublishResult => ({
          id,
          status: "failed",
          error: message(e),
          ms: performance.now() - started,
        }),
      );
      results[at] = result;
      onResult(result);
    }
  };
  const lanes = Math.max(1, Math.min(o.target.concurrency ?? 1, ids.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

/**
 * Switches `current` back: to `release`, or to the release published before the live one.
 * The same order as a publish: the server block first (tested, reloaded), then one rename.
 */
export async function rollbackTenant(
  target: Target,
  id: string,
  release?: string,
  tenantsDir = "tenants",
): Promise<TenantPublishResult> {
  assertTenantId(id);
  const started = performance.now();
  const state = await target.state(id);
  if (!state.current) throw new Error(`${id} has no live release on ${target.label}`);
  const at = state.releases.findIndex((r) => r.name === state.current);
  const to = release
    ? state.releases.find((r) => r.name === release)
    : at > 0
      ? state.releases[at - 1]
      : undefined;
  if (!to) {
    const known = state.releases.map((r) => r.name).join(", ");
    throw new Error(
      release
        ? `${id} has no release ${quoted(release)} on ${target.label}; kept releases: ${known}`
        : `${id} has no release older than the live one (${state.current}) on ${target.label}`,
    );
  }
  if (to.name === state.current) {
    return { id, status: "live", release: to.name, previous: state.current, ms: 0 };
  }
  if (!(await target.manifest(id, to.name))) {
    throw new Error(
      `${id}: release ${to.name} is listed but its folder is missing on ${target.label}`,
    );
  }
  // The record was read back from the target: its hosts and certificates must be its own.
  const foreign = foreignClaims(await hostClaims(resolve(tenantsDir)), id, to.config);
  if (foreign.length) {
    throw new Error(
      `${id}: release ${to.name} on ${target.label} names ${foreign.join(", ")} of other tenants in ${shownPath(resolve(tenantsDir))}/; not switched (a release serves only its own tenant's hosts)`,
    );
  }
  const taken = hostsServedByOthers(await servedHosts(target, id), id, to.config.hosts);
  if (taken.length) {
    throw new Error(
      `${id}: release ${to.name} names ${taken.join(", ")} on ${target.label}; not switched (a host belongs to one tenant)`,
    );
  }
  await target.prepareServer(id, to, state.releases);
  await target.activate(id, to.name);
  return {
    id,
    status: "rolled-back",
    release: to.name,
    previous: state.current,
    ms: performance.now() - started,
  };
}
