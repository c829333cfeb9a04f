/**
 * The release model shared by every publish target: a release is one built bundle, named by
 * its content (the same build is the same release), and what changes between two releases is
 * read from their build manifests alone.
 */
import { createHash } from "node:crypto";
import type { BuildManifest } from "../build/manifest.ts";
import type { TenantConfig } from "../config/schema.ts";

/** A release's name: the first 16 hex digits of the sha256 of its files' paths and hashes. */
export function releaseName(manifest: Pick<BuildManifest, "files">): string {
  const h = createHash("sha256");
  for (const f of manifest.files) h.update(`${f.path}\0${f.sha256}\n`);
  return h.digest("hex").slice(0, 16);
}

export const RELEASE_RE = /^[0-9a-f]{16}$/;

/** What a target remembers of a release besides its files: enough to serve it again. */
export interface ReleaseRecord {
  name: string;
  /** When it was published (ISO time); the order of `releases` is the publish order. */
  publishedAt: string;
  /** The CSP hash sources of its pages' inline style. */
  styleHashes: string[];
  /** Its hashed files under assets/, which stay reachable while the release is kept. */
  assets: string[];
  /** The tenant settings it was built from: its server block is rendered from them. */
  config: TenantConfig;
}

/** A tenant's releases on a target, oldest first, and the one `current` points at. */
export interface TenantState {
  releases: ReleaseRecord[];
  current: string | null;
}

export interface ManifestDiff {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Files added, changed and removed going from `from` (nothing, for a first publish) to `to`. */
export function diffManifests(
  from: Pick<BuildManifest, "files"> | null,
  to: Pick<BuildManifest, "files">,
): ManifestDiff {
  const before = new Map((from?.files ?? []).map((f) => [f.path, f.sha256]));
  const after = new Map(to.files.map((f) => [f.path, f.sha256]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const [path, sha] of after) {
    const was = before.get(path);
    if (was === undefined) added.push(path);
    else if (was !== sha) changed.push(path);
  }
  const removed = [...before.keys()].filter((p) => !after.has(p));
  return { added, changed, removed };
}

/** The hashed files of a bundle: everything under assets/. */
export const assetPaths = (manifest: Pick<BuildManifest, "files">) =>
  manifest.files.map((f) => f.path).filter((p) => p.startsWith("assets/"));

/**
 * The releases kept after `name` is published: the newest `keep` in publish order (the
 * new one last), and the one live until now, whose pages are still open in browsers.
 */
export function keptAfterPublish(
  state: TenantState,
  record: ReleaseRecord,
  keep: number,
): { kept: ReleaseRecord[]; pruned: ReleaseRecord[] } {
  const ordered = [...state.releases.filter((r) => r.name !== record.name), record];
  const kept = ordered.slice(-keep);
  const pruned = ordered.slice(0, -keep).filter((r) => r.name !== state.current);
  const previous = ordered.find((r) => r.name === state.current);
  if (previous && !kept.includes(previous)) kept.unshift(previous);
  return { kept, pruned };
}

/** Every style hash the pages of these releases need, once each, in a stable order. */
export const unionStyleHashes = (releases: ReleaseRecord[]) => [
  ...new Set(releases.flatMap((r) => r.styleHashes)),
];
