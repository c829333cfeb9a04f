/**
 * `publish --preview`, `promote` and `previews`: a tenant's release uploaded as a publish
 * uploads it but served only at its preview host (./preview.ts), then made live as it is, by
 * the same switch a publish ends with, without a byte uploaded; previews listed, and the expired
 * ones taken off with the releases only they kept.
 */
import { join, resolve } from "node:path";
import { PREVIEW_BANNER } from "../../storefront/src/domain/preview-banner.ts";
import { catalog } from "../build/catalogs.ts";
import { foreignClaims, hostClaims } from "../config/host-claims.ts";
import { assertTenantId, shownPath } from "../config/tenants-dir.ts";
import { bundleManifest } from "./bundle.ts";
import type { PreviewBanner } from "./file-previews.ts";
import { isExpired, type PreviewRecord, previewHost, previewLink } from "./preview.ts";
import {
  assertHostsFree,
  type PublishOptions,
  releaseRecordOf,
  switchLive,
  type TenantPublishResult,
} from "./publish.ts";
import { type ReleaseRecord, releaseName } from "./release.ts";
import type { Target } from "./target.ts";

export interface PreviewPublishOptions
  extends Pick<PublishOptions, "target" | "distDir" | "tenantsDir" | "claims"> {
  name: string;
  domain: string;
  expiresAt: number;
  secret: string;
  /** The scheme of the printed link: https, unless TLS is not in front (a trial on a laptop). */
  scheme: "https" | "http";
}

export interface TenantPreviewResult {
  tenant: string;
  status: "previewed" | "failed";
  url?: string;
  expires?: string;
  release?: string;
  error?: string;
  ms: number;
}

/** The banner's look: small, in a corner, above everything, and never in the way of a tap. */
export const BANNER_CSS =
  ".storefront-preview{position:fixed;left:8px;bottom:8px;z-index:2147483647;pointer-events:none;margin:0;padding:4px 10px;border-radius:999px;background:#1b1b1b;color:#fff;font:600 12px/1.4 system-ui,sans-serif;opacity:.92}";

const storeOf = (target: Target) => {
  if (!target.previews) {
    throw new Error(
      `${target.label}: previews on object storage are served by nginx in front of the store: give --nginx-dir and --endpoint`,
    );
  }
  return target.previews;
};

/** The banner in each of the tenant's languages, its default first. */
export async function previewBanner(
  config: ReleaseRecord["config"],
  name: string,
): Promise<PreviewBanner> {
  const { default: first, available } = config.languages;
  const text: Record<string, string> = {};
  for (const language of [first, ...available.filter((l) => l !== first)]) {
    text[language] = (await catalog(language))(PREVIEW_BANNER, { name });
  }
  return { css: BANNER_CSS, text };
}

export async function previewTenant(
  o: PreviewPublishOptions,
  id: string,
): Promise<TenantPreviewResult> {
  assertTenantId(id);
  const started = performance.now();
  const store = storeOf(o.target);
  const manifest = await bundleManifest(o.distDir, id);
  const host = previewHost(o.name, id, o.domain);
  const state = await o.target.state(id);
  const record = await releaseRecordOf(o, id, manifest, state);
  const release = record.name;
  // Uploaded as a publish uploads it (beside the live release, unchanged files linked).
  await o.target.putRelease(id, release, join(o.distDir, id), state);
  await store.keep?.(id, record);
  const expires = new Date(o.expiresAt).toISOString();
  const preview: PreviewRecord = {
    name: o.name,
    host,
    expires,
    createdAt: new Date().toISOString(),
    release: record,
  };
  await store.put(id, preview, o.secret, await previewBanner(record.config, o.name));
  return {
    tenant: id,
    status: "previewed",
    url: previewLink(o.secret, host, o.expiresAt, o.scheme),
    expires,
    release,
    ms: performance.now() - started,
  };
}

/**
 * Makes the previewed release live by the switch a publish ends with: nothing uploaded, the
 * live release's files those the preview served.
 */
export async function promoteTenant(
  o: Pick<PublishOptions, "target" | "keep" | "tenantsDir">,
  id: string,
  name: string,
): Promise<TenantPublishResult> {
  assertTenantId(id);
  const started = performance.now();
  const preview = (await storeOf(o.target).list(id)).find((p) => p.name === name);
  if (!preview) throw new Error(`${id} has no preview ${name} on ${o.target.label}`);
  const release = preview.release.name;
  const state = await o.target.state(id);
  // Counted where the target counts what it sends (object storage); a folder's promote never
  // calls an upload at all.
  const sentBefore = o.target.uploadedFor?.(id) ?? { objects: 0, bytes: 0 };
  const done = (status: TenantPublishResult["status"], pruned: string[] = []) => {
    const sent = o.target.uploadedFor?.(id) ?? sentBefore;
    return {
      id,
      status,
      release,
      previous: state.current,
      pruned,
      uploaded: {
        objects: sent.objects - sentBefore.objects,
        bytes: sent.bytes - sentBefore.bytes,
      },
      ms: performance.now() - started,
    };
  };
  if (state.current === release) return done("live");
  const manifest = await o.target.manifest(id, release);
  // Read back from the target: the files must be the release the record names.
  if (!manifest || releaseName(manifest) !== release) {
    throw new Error(
      `${id}: the release of preview ${name} is missing or changed on ${o.target.label}`,
    );
  }
  const foreign = foreignClaims(
    await hostClaims(resolve(o.tenantsDir)),
    id,
    preview.release.config,
  );
  if (foreign.length) {
    throw new Error(
      `${id}: preview ${name} on ${o.target.label} names ${foreign.join(", ")} of other tenants in ${shownPath(resolve(o.tenantsDir))}/; not promoted`,
    );
  }
  await assertHostsFree(o, id, preview.release.config);
  const liveManifest = state.current ? await o.target.manifest(id, state.current) : null;
  const record = { ...preview.release, publishedAt: new Date().toISOString() };
  return done("published", await switchLive(o, id, state, liveManifest, record));
}

/** A tenant's previews, oldest first. */
export const listPreviews = (target: Target, id: string) => storeOf(target).list(id);

/**
 * Takes the expired previews off (or those named: a closed pull request's), then deletes the
 * releases only they kept: never one that is live, kept (in state.json) or served by a preview
 * still open.
 */
export async function prunePreviews(
  target: Target,
  id: string,
  now = Date.now(),
  named?: readonly string[],
): Promise<{ removed: string[]; releases: string[] }> {
  const store = storeOf(target);
  const all = await store.list(id);
  const gone = (p: PreviewRecord) => (named ? named.includes(p.name) : isExpired(p, now));
  const expired = all.filter(gone);
  await store.remove(
    id,
    expired.map((p) => p.name),
  );
  const state = await target.state(id);
  const keep = new Set([
    ...state.releases.map((r) => r.name),
    ...(state.current ? [state.current] : []),
    ...all.filter((p) => !gone(p)).map((p) => p.release.name),
  ]);
  const orphans = [
    ...new Map(
      expired.filter((p) => !keep.has(p.release.name)).map((p) => [p.release.name, p.release]),
    ).values(),
  ];
  await target.prune(id, orphans, state.releases);
  return { removed: expired.map((p) => p.name), releases: orphans.map((r) => r.name) };
}
