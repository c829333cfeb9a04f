import { existsSync } from "node:fs";
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { compressedCopies, SHARED_BROTLI_QUALITY, TENANT_BROTLI_QUALITY } from "./compress.ts";
import type { CoreBuild } from "./core.ts";
import { type BuildManifest, describeFile, MANIFEST_FILE } from "./manifest.ts";
import type { TenantFiles } from "./render.ts";

/** A file as a bundle holds it: its bytes and its manifest line. */
interface PackedFile {
  data: Buffer;
  entry: BuildManifest["files"][number];
}

/** How `storefront dev` writes its private copies of a bundle; `build` uses the defaults. */
export interface DevWrite {
  /**
   * Write the .br and .gz copies (default true). `dev` does not: its pages change on every
   * rebuild and get the dev script afterwards, so a compressed copy would be stale at once.
   */
  precompress?: boolean;
  /**
   * Hard-link the core's files from its cache instead of writing them (a copy where the two
   * folders are on different file systems). Only for a folder nothing writes into afterwards
   * but pages: the core has no page of its own.
   */
  linkCore?: boolean;
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * A file and its precompressed copies (compress.ts), each with its manifest line; with no
 * quality (dev), the file alone.
 */
async function pack(path: string, data: Buffer, quality: number | null): Promise<PackedFile[]> {
  if (quality === null) return [{ data, entry: describeFile(path, data) }];
  const { copies, gzipBytes } = await compressedCopies(path, data, quality);
  return [
    // The .gz copy is that file gzipped at level 9: the manifest's gzip size, not computed twice.
    { data, entry: describeFile(path, data, gzipBytes) },
    ...copies.map((c) => ({ data: c.data, entry: describeFile(`${path}${c.suffix}`, c.data) })),
  ];
}

/**
 * The core's files with their copies and manifest lines, by core folder: the same in every
 * tenant, so read, hashed and compressed once per run (≈ 1.4 MB held), not once per tenant.
 */
const corePacks = new Map<string, Promise<Map<string, PackedFile[]>>>();
function corePack(core: CoreBuild, precompress: boolean): Promise<Map<string, PackedFile[]>> {
  const key = `${core.dir}\0${precompress}`;
  let packed = corePacks.get(key);
  if (!packed) {
    const quality = precompress ? SHARED_BROTLI_QUALITY : null;
    packed = (async () => {
      const out = new Map<string, PackedFile[]>();
      for (const file of core.files) {
        out.set(file, await pack(file, await readFile(join(core.dir, file)), quality));
      }
      return out;
    })();
    corePacks.set(key, packed);
    packed.catch(() => corePacks.delete(key));
  }
  return packed;
}

/**
 * Writes dist/<id>/ atomically: everything goes to a staging folder beside it, which then
 * replaces the old bundle in two renames. A failure before the swap leaves the old bundle as it was.
 * Beside each text file go its .br and .gz copies: the core's at Brotli 11 (compressed once per
 * core), the tenant's own at a quality that costs milliseconds (compress.ts says why).
 */
export async function writeBundle(
  outDir: string,
  id: string,
  core: CoreBuild,
  files: TenantFiles,
  meta: Omit<BuildManifest, "files">,
  how: DevWrite = {},
): Promise<{ dir: string; bytes: number }> {
  await mkdir(outDir, { recursive: true });
  const target = join(outDir, id);
  const staging = join(outDir, `.${id}.staging-${process.pid}`);
  const old = join(outDir, `.${id}.old-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  let bytes = 0;
  try {
    const precompress = how.precompress !== false;
    const written: PackedFile[] = [];
    const linked = new Set<string>();
    for (const [file, packed] of await corePack(core, precompress)) {
      // A tenant file of the same name replaces the core's.
      if (files.has(file)) continue;
      written.push(...packed);
      if (how.linkCore && !precompress) linked.add(file);
    }
    for (const [file, data] of files) {
      const buffer = typeof data === "string" ? Buffer.from(data) : Buffer.from(data);
      written.push(...(await pack(file, buffer, precompress ? TENANT_BROTLI_QUALITY : null)));
    }
    const made = new Set<string>();
    for (const { data, entry } of written) {
      const to = join(staging, entry.path);
      const folder = dirname(to);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      if (linked.has(entry.path)) await linkOrCopy(join(core.dir, entry.path), to);
      else await writeFile(to, data);
      bytes += data.length;
    }
    const manifest: BuildManifest = {
      ...meta,
      files: written.map((w) => w.entry).sort((a, b) => (a.path < b.path ? -1 : 1)),
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(join(staging, MANIFEST_FILE), text);
    bytes += Buffer.byteLength(text);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOld = existsSync(target);
  if (hadOld) await rename(target, old);
  await rename(staging, target);
  if (hadOld) await rm(old, { recursive: true, force: true });
  return { dir: target, bytes };
}
