import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { contentSecurityPolicy } from "./security-headers.ts";

export const MANIFEST_FILE = "build-manifest.json";

export interface BuildManifest {
  tenant: string;
  configHash: string;
  coreHash: string;
  /** The templates and CLI code that rendered the bundle (core.ts, renderInputsHash). */
  renderHash: string;
  /** The CSP hash sources of the pages' inline styles: preview sends them as nginx.conf does. */
  styleHashes: string[];
  coreVersion: string;
  /** The copyright year the pages print (SOURCE_DATE_EPOCH or the build's date). */
  year?: number;
  /**
   * Every tenant file the bundle was made from, relative to the tenants folder, with its
   * sha256: the YAML, each file it references and (when the loader reports them) the files it
   * extends. With the hashes above, `storefront build` leaves a bundle whose inputs all match alone.
   */
  inputs?: InputFile[];
  files: { path: string; bytes: number; gzipBytes: number; sha256: string }[];
}

export interface InputFile {
  path: string;
  sha256: string;
}

/** What, beside the tenant's own files, a bundle depends on: the same for every tenant of a run. */
export interface BuildKey {
  coreHash: string;
  renderHash: string;
  coreVersion: string;
  year: number;
}

export const sha256Hex = (data: Uint8Array | string) =>
  createHash("sha256").update(data).digest("hex");

/** The input list of a tenant from the files its loader read (path relative to the tenants folder → bytes), sorted. */
export function inputFiles(sources: Iterable<readonly [string, Uint8Array]>): InputFile[] {
  const byPath = new Map<string, string>();
  for (const [path, bytes] of sources) byPath.set(path.split("\\").join("/"), sha256Hex(bytes));
  return [...byPath]
    .map(([path, sha256]) => ({ path, sha256 }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A recorded input path that stays inside the tenants folder (the manifest is read back from disk). */
function safeInputPath(path: unknown): path is string {
  return (
    typeof path === "string" &&
    path !== "" &&
    !isAbsolute(path) &&
    !path.split(/[\\/]/).some((part) => part === ".." || part === "")
  );
}

/**
 * The manifest of dist/<id>/ if it was built from exactly these inputs: the same core, templates, CLI and
 * year, and every tenant file it records still has the recorded bytes. Reading and hashing
 * those few files is all it costs: an unchanged YAML references the same files, so nothing
 * needs parsing. Any doubt (no manifest, an older manifest without inputs, a missing file)
 * answers null, and the tenant is built; so does a manifest whose style hashes are not a list
 * of hashes.
 */
export async function currentBundle(
  bundleDir: string,
  tenantsDir: string,
  key: BuildKey,
): Promise<BuildManifest | null> {
  let manifest: Partial<BuildManifest>;
  try {
    manifest = JSON.parse(await readFile(join(bundleDir, MANIFEST_FILE), "utf8"));
  } catch {
    return null;
  }
  if (
    manifest.coreHash !== key.coreHash ||
    manifest.renderHash !== key.renderHash ||
    manifest.coreVersion !== key.coreVersion ||
    manifest.year !== key.year ||
    !Array.isArray(manifest.inputs) ||
    manifest.inputs.length === 0 ||
    !Array.isArray(manifest.files) ||
    // The CSP of every server (nginx.conf, _headers, the preview) allows the pages' inline
    // style by these: a bundle whose list is damaged would be served unstyled.
    styleHashesOf(manifest) === null
  ) {
    return null;
  }
  for (const input of manifest.inputs) {
    if (!safeInputPath(input?.path)) return null;
    try {
      if (sha256Hex(await readFile(join(tenantsDir, input.path))) !== input.sha256) return null;
    } catch {
      return null;
    }
  }
  return manifest as BuildManifest;
}

/** gzip sizes by content hash: the core's files are the same in every tenant, so each is
 * compressed once per build run, not once per tenant. */
const gzipBytesByHash = new Map<string, number>();

/** A precompressed copy (compress.ts) is sent as it is: gzipping it again would learn nothing. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * A bundle file's line in the manifest: bytes, gzip bytes (what it weighs on the wire, gzipped
 * at level 9; a precompressed copy's own size) and sha256. `gzipped` is that size when the
 * caller has it already (the build's .gz copy of the file).
 */
export function describeFile(
  path: string,
  data: Uint8Array,
  gzipped?: number,
): BuildManifest["files"][number] {
  const sha256 = sha256Hex(data);
  let gzipBytes = PRECOMPRESSED.test(path) ? data.length : (gzipped ?? gzipBytesByHash.get(sha256));
  if (gzipBytes === undefined) {
    gzipBytes = gzipSync(data, { level: 9 }).length;
    gzipBytesByHash.set(sha256, gzipBytes);
  }
  return { path, bytes: data.length, gzipBytes, sha256 };
}

/** Describes every file of a bundle folder: bytes, gzip bytes and sha256 (sorted, so reproducible). */
export async function describeBundle(
  dir: string,
  meta: Omit<BuildManifest, "files">,
): Promise<BuildManifest> {
  const files: BuildManifest["files"] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = relative(dir, full).split("\\").join("/");
    if (path === MANIFEST_FILE) continue;
    files.push(describeFile(path, await readFile(full)));
  }
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { ...meta, files };
}

/** The manifest's style hashes when they are a list the CSP accepts (deploy.ts checks each), else null. */
export function styleHashesOf(manifest: unknown): string[] | null {
  const hashes = (manifest as Partial<BuildManifest> | null)?.styleHashes;
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === "string")) return null;
  try {
    contentSecurityPolicy({ api: {}, styleHashes: hashes });
    return hashes;
  } catch {
    return null;
  }
}
