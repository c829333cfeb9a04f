import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

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
  files: { path: string; bytes: number; gzipBytes: number; sha256: string }[];
}

/** gzip sizes by content hash: the core's files are the same in every tenant, so each is
 * compressed once per build run, not once per tenant. */
const gzipBytesByHash = new Map<string, number>();

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
    const data = await readFile(full);
    const sha256 = createHash("sha256").update(data).digest("hex");
    let gzipBytes = gzipBytesByHash.get(sha256);
    if (gzipBytes === undefined) {
      gzipBytes = gzipSync(data, { level: 9 }).length;
      gzipBytesByHash.set(sha256, gzipBytes);
    }
    files.push({ path, bytes: data.length, gzipBytes, sha256 });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { ...meta, files };
}
