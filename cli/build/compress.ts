/**
 * Precompressed bytes: beside each compressible file of a bundle above COMPRESS_MIN_BYTES, a
 * `.br` (Brotli) and a `.gz` (gzip, level 9), each written only when smaller than the file.
 * nginx serves them with `gzip_static` / `brotli_static`, the preview likewise, so no visitor
 * waits for compression and every phone gets small bytes (docs/deploying.md).
 *
 * Two Brotli qualities, by who shares the file:
 * - the core's files (the app's JS, CSS and catalogs, the same in every tenant) at quality 11,
 *   the smallest bytes, whose cost (about 1 MB/s) is paid once per core, not per tenant;
 * - each tenant's own files (its prerendered pages, theme, logos, web manifest) at
 *   TENANT_BROTLI_QUALITY (5): on the prerendered pages 10 % larger than quality 11 (≈ 0.7 KiB
 *   more on a 31 KiB home page, under 1 % of the first screen's bytes) for about 1/35 of the
 *   CPU; at quality 11 they were two thirds of a cold tenant's CPU, which alone kept 200
 *   tenants far from a 20 s build (measured in docs/deploying.md).
 *
 * Compressed bytes are cached by the content's SHA-256 and the quality, in a folder beside the
 * core's cache: the core's files are compressed once, not once per tenant nor once per build;
 * a tenant's own files again only when they change. The bytes depend only on the content and
 * the quality, so builds stay byte-identical.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, extname, join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { MANIFEST_FILE } from "./manifest.ts";
import { CORE_CACHE_DIR } from "./paths.ts";

/** Below this, a file fits in a packet or two either way: not worth a second and third copy. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli quality of the files every tenant shares (the core's): compressed once per core. */
export const SHARED_BROTLI_QUALITY = 11;
/** Brotli quality of a tenant's own files (pages, theme): compressed once per tenant change. */
export const TENANT_BROTLI_QUALITY = 5;

/** Text formats a bundle holds; images other than SVG, fonts and the PDF are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".webmanifest",
  ".svg",
  ".txt",
  ".xml",
]);

/** Deploy files stay as they are: they are for the operator, never served. */
const DEPLOY_FILES = new Set(["nginx.conf", "_headers", MANIFEST_FILE]);

export const ENCODINGS = [
  { suffix: ".br", name: "br" },
  { suffix: ".gz", name: "gzip" },
] as const;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSED_CACHE_DIR = join(dirname(CORE_CACHE_DIR), "storefront-compressed");

/** Compressions under way in this process, by cache file: the same content is compressed once. */
const pending = new Map<string, Promise<Buffer>>();
let staged = 0;

/** Compressed bytes by content, encoding and Brotli quality (in the cache file's name). */
function compressed(
  data: Buffer,
  suffix: ".br" | ".gz",
  quality: number,
  cacheDir: string,
): Promise<Buffer> {
  const sha = createHash("sha256").update(data).digest("hex");
  const file = join(cacheDir, `${sha}.q${quality}-l9${suffix}`);
  let work = pending.get(file);
  if (!work) {
    work = compressInto(file, data, suffix, quality).finally(() => pending.delete(file));
    pending.set(file, work);
  }
  return work;
}

async function compressInto(
  file: string,
  data: Buffer,
  suffix: ".br" | ".gz",
  quality: number,
): Promise<Buffer> {
  if (existsSync(file)) return readFile(file);
  const out =
    suffix === ".br"
      ? await brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipAsync(data, { level: 9 });
  await mkdir(dirname(file), { recursive: true });
  // Written aside under a name of its own, then renamed: two builds at once never read half a
  // file, and the last rename wins with the same bytes.
  const staging = `${file}.${process.pid}-${staged++}.tmp`;
  await writeFile(staging, out);
  await rename(staging, file);
  return out;
}

/** Whether a bundle file (path relative to the bundle, "/" separated) gets compressed copies. */
export function isCompressible(path: string, bytes: number): boolean {
  return (
    bytes >= COMPRESS_MIN_BYTES &&
    !DEPLOY_FILES.has(path) &&
    COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase())
  );
}

/**
 * The .br and .gz copies of one bundle file (path relative to the bundle), those smaller than
 * the file; none for a file that gets no copies. With them the size of the file gzipped at
 * level 9 (the .gz, kept or not), which the manifest records.
 */
export async function compressedCopies(
  path: string,
  data: Buffer,
  quality: number,
  cacheDir = COMPRESSED_CACHE_DIR,
): Promise<{ copies: { suffix: ".br" | ".gz"; data: Buffer }[]; gzipBytes?: number }> {
  if (!isCompressible(path, data.length)) return { copies: [] };
  const copies: { suffix: ".br" | ".gz"; data: Buffer }[] = [];
  let gzipBytes: number | undefined;
  for (const { suffix } of ENCODINGS) {
    const out = await compressed(data, suffix, quality, cacheDir);
    if (suffix === ".gz") gzipBytes = out.length;
    if (out.length < data.length) copies.push({ suffix, data: out });
  }
  return { copies, gzipBytes };
}

export interface CompressionResult {
  /** Files that got at least one compressed copy. */
  files: number;
  /** Bytes of those files, and of their .br and .gz copies. */
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

/**
 * Writes the .br and .gz copies beside every compressible file of the bundle folder `dir`, all
 * at SHARED_BROTLI_QUALITY (the build itself compresses file by file, output.ts).
 */
export async function compressBundle(
  dir: string,
  cacheDir = COMPRESSED_CACHE_DIR,
): Promise<CompressionResult> {
  const result: CompressionResult = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const compressOne = async (full: string) => {
    const path = relative(dir, full).split("\\").join("/");
    const data = await readFile(full);
    const { copies } = await compressedCopies(path, data, SHARED_BROTLI_QUALITY, cacheDir);
    for (const { suffix, data: out } of copies) {
      await writeFile(`${full}${suffix}`, out);
      if (suffix === ".br") result.brBytes += out.length;
      else result.gzBytes += out.length;
    }
    if (copies.length > 0) {
      result.files += 1;
      result.bytes += data.length;
    }
  };
  // zlib runs on libuv's threads: one file per core at a time.
  let next = 0;
  const worker = async () => {
    while (next < files.length) await compressOne(files[next++] as string);
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return result;
}
