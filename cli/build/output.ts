import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
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

/** A file and its precompressed copies (compress.ts), each with its manifest line. */
async function pack(path: string, data: Buffer, quality: number): Promise<PackedFile[]> {
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
function corePack(core: CoreBuild): Promise<Map<string, PackedFile[]>> {
  let packed = corePacks.get(core.dir);
  if (!packed) {
    packed = (async () => {
      const out = new Map<string, PackedFile[]>();
      for (const file of core.files) {
        out.set(
          file,
          await pack(file, await readFile(join(core.dir, file)), SHARED_BROTLI_QUALITY),
        );
      }
      return out;
    })();
    corePacks.set(core.dir, packed);
    packed.catch(() => corePacks.delete(core.dir));
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
): Promise<{ dir: string; bytes: number }> {
  await mkdir(outDir, { recursive: true });
  const target = join(outDir, id);
  const staging = join(outDir, `.${id}.staging-${process.pid}`);
  const old = join(outDir, `.${id}.old-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  let bytes = 0;
  try {
    const written: PackedFile[] = [];
    for (const [file, packed] of await corePack(core)) {
      // A tenant file of the same name replaces the core's.
      if (!files.has(file)) written.push(...packed);
    }
    for (const [file, data] of files) {
      const buffer = typeof data === "string" ? Buffer.from(data) : Buffer.from(data);
      written.push(...(await pack(file, buffer, TENANT_BROTLI_QUALITY)));
    }
    const made = new Set<string>();
    for (const { data, entry } of written) {
      const to = join(staging, entry.path);
      const folder = dirname(to);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await writeFile(to, data);
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
