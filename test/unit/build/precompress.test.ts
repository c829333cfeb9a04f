/**
 * The precompressed copies of a built bundle: the core's files (the same in every tenant,
 * compressed once per core) at Brotli 11, the tenant's own pages at Brotli 5 (cheap enough to
 * build hundreds of tenants cold), gzip 9 for both; every copy decompresses to its file, and
 * the manifest's gzip size of every file is that of the file gzipped at level 9.
 */
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import { SHARED_BROTLI_QUALITY, TENANT_BROTLI_QUALITY } from "../../../cli/build/compress.ts";
import type { BuildManifest } from "../../../cli/build/manifest.ts";

let work: string;
let bundle: string;
let manifest: BuildManifest;

const brotli = (data: Buffer, quality: number) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-precompress-"));
  await cp("tenants", join(work, "tenants"), { recursive: true });
  const [result] = await buildTenants({
    tenantsDir: join(work, "tenants"),
    outDir: join(work, "dist"),
    ids: ["mysport"],
  });
  expect(result?.ok).toBe(true);
  bundle = join(work, "dist", "mysport");
  manifest = JSON.parse(await readFile(join(bundle, "build-manifest.json"), "utf8"));
}, 240_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("precompressed copies of a bundle", () => {
  it("compresses the tenant's own pages at Brotli 5 and the core's script at Brotli 11", async () => {
    expect([TENANT_BROTLI_QUALITY, SHARED_BROTLI_QUALITY]).toEqual([5, 11]);
    const page = await readFile(join(bundle, "index.html"));
    const pageBr = await readFile(join(bundle, "index.html.br"));
    expect(pageBr.equals(brotli(page, 5))).toBe(true);
    // The largest script is the core's (the app chunk), never a tenant's.
    const coreScript = manifest.files
      .filter((f) => /^assets\/[^/]+\.js$/.test(f.path))
      .sort((a, b) => b.bytes - a.bytes)[0];
    expect(coreScript, "the core's entry script").toBeDefined();
    const script = await readFile(join(bundle, coreScript?.path as string));
    const scriptBr = await readFile(join(bundle, `${coreScript?.path}.br`));
    expect(scriptBr.equals(brotli(script, 11))).toBe(true);
  });

  it("keeps each copy byte-identical to its file once decompressed, and smaller than it", async () => {
    const copies = manifest.files.filter((f) => /\.(br|gz)$/.test(f.path));
    expect(copies.length).toBeGreaterThan(30);
    for (const copy of copies) {
      const plain = await readFile(join(bundle, copy.path.slice(0, -3)));
      const packed = await readFile(join(bundle, copy.path));
      const back = copy.path.endsWith(".br") ? brotliDecompressSync(packed) : gunzipSync(packed);
      expect(back.equals(plain), copy.path).toBe(true);
      expect(packed.length).toBeLessThan(plain.length);
    }
  });

  it("records every file's gzip size as the file gzipped at level 9, a copy's as its own size", async () => {
    for (const file of manifest.files) {
      const data = await readFile(join(bundle, file.path));
      // A .br or .gz copy is sent as it is, already compressed: it weighs its own size.
      const wire = /\.(br|gz)$/.test(file.path) ? data.length : gzipSync(data, { level: 9 }).length;
      expect([file.path, file.gzipBytes]).toEqual([file.path, wire]);
    }
  });
});
