import { existsSync } from "node:fs";
import { copyFile, link, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { compressBundle } from "./compress.ts";
import type { CoreBuild } from "./core.ts";
import { type BuildManifest, describeBundle, MANIFEST_FILE } from "./manifest.ts";
import type { TenantFiles } from "./render.ts";

/** How `storefront dev` writes its private copies of a bundle; `build` uses the defaults. */
export interface DevWrite {
  /**
   * Write the .br and .gz copies (default true). `dev` does not: its pages change on every
   * rebuild and get the dev script afterwards, so a compressed copy would be stale at once.
   */
  precompress?: boolean;
  /**
   * Hard-link the core's files from its cache instead of copying them (a copy where the two
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
 * Writes dist/<id>/ atomically: everything goes to a staging folder beside it, which then
 * replaces the old bundle in two renames. A failure before the swap leaves the old bundle as it was.
 */
export async function writeBundle(
  outDir: string,
  id: string,
  core: CoreBuild,
  files: TenantFiles,
  meta: Omit<BuildManifest, "files">,
  how: DevWrite = {},
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const target = join(outDir, id);
  const staging = join(outDir, `.${id}.staging-${process.pid}`);
  const old = join(outDir, `.${id}.old-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const file of core.files) {
      const to = join(staging, file);
      await mkdir(dirname(to), { recursive: true });
      await (how.linkCore ? linkOrCopy : copyFile)(join(core.dir, file), to);
    }
    for (const [file, data] of files) {
      const to = join(staging, file);
      await mkdir(dirname(to), { recursive: true });
      // Never written through a link into the core's cache, whatever name a file has.
      if (how.linkCore) await rm(to, { force: true });
      await writeFile(to, data);
    }
    // The .br and .gz copies that nginx and the preview serve instead of compressing (compress.ts).
    if (how.precompress !== false) await compressBundle(staging);
    const manifest = await describeBundle(staging, meta);
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOld = existsSync(target);
  if (hadOld) await rename(target, old);
  await rename(staging, target);
  if (hadOld) await rm(old, { recursive: true, force: true });
  return target;
}
