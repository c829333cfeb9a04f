// @vitest-environment node
/**
 * The preview speaks HTTP as RFC 9110 says: Accept-Encoding with its q-values (`gzip;q=0` is a
 * refusal), If-None-Match lists and `*`, and the build's precompressed copies served with the
 * plain file's headers; and the build writes those copies (.br quality 11, .gz level 9) only
 * where they pay, byte-identical once decompressed.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressBundle } from "../../../cli/build/compress.ts";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";

let dist: string;
let cache: string;
let preview: PreviewServer;
/** A script that compresses well, larger than the build's threshold. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const v${i} = "value ${i}";`).join(
  "\n",
);
/** Text the build leaves alone (below the threshold) but nginx's `gzip on` would compress. */
const SMALL = `body{${"color:red;".repeat(60)}}`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "preview-http-"));
  cache = mkdtempSync(join(tmpdir(), "compressed-cache-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>shop</title>");
  writeFileSync(join(dist, "assets", "app-1234.js"), SCRIPT);
  writeFileSync(join(dist, "assets", "small-1234.css"), SMALL);
  writeFileSync(join(dist, "assets", "photo-1234.png"), Buffer.alloc(4096, 7));
  writeFileSync(join(dist, "nginx.conf"), `# ${"x".repeat(4096)}`);
  await compressBundle(dist, cache);
  preview = await startPreview({ distDir: dist, port: 0, warn: () => {} });
});
afterAll(async () => {
  await preview.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((done, failed) => {
    request(`${preview.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", failed)
      .end();
  });
}

describe("the build's precompressed copies", () => {
  it("sit beside each text file of 1 KiB or more, byte-identical once decompressed", () => {
    const names = readdirSync(dist, { recursive: true }).map(String).sort();
    expect(names.filter((n) => /\.(br|gz)$/.test(n))).toEqual([
      join("assets", "app-1234.js.br"),
      join("assets", "app-1234.js.gz"),
    ]);
    expect(SMALL.length).toBeLessThan(COMPRESS_MIN_BYTES);
    const original = readFileSync(join(dist, "assets", "app-1234.js"));
    const br = readFileSync(join(dist, "assets", "app-1234.js.br"));
    const gz = readFileSync(join(dist, "assets", "app-1234.js.gz"));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
  });

  it("are compressed once: a second bundle with the same file reads them from the cache", async () => {
    const other = mkdtempSync(join(tmpdir(), "preview-http-other-"));
    try {
      writeFileSync(join(other, "app.js"), SCRIPT);
      const before = readdirSync(cache).length;
      const result = await compressBundle(other, cache);
      expect(readdirSync(cache).length).toBe(before);
      expect(result.files).toBe(1);
      expect(readFileSync(join(other, "app.js.br"))).toEqual(
        readFileSync(join(dist, "assets", "app-1234.js.br")),
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("Accept-Encoding", () => {
  it("gzip;q=0, identity gets the file as it is (q=0 means not acceptable)", async () => {
    for (const path of ["/assets/app-1234.js", "/assets/small-1234.css"]) {
      const reply = await get(path, { "Accept-Encoding": "gzip;q=0, identity" });
      expect([path, reply.headers["content-encoding"]]).toEqual([path, undefined]);
      expect(reply.body.toString()).toBe(path.endsWith(".js") ? SCRIPT : SMALL);
      expect(reply.headers.vary).toBe("Accept-Encoding");
    }
  });

  it("serves the .br copy to a browser that takes Brotli, the .gz copy to one that takes only gzip", async () => {
    const plain = await get("/assets/app-1234.js");
    for (const [accept, coding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const reply = await get("/assets/app-1234.js", { "Accept-Encoding": accept });
      expect([accept, reply.headers["content-encoding"]]).toEqual([accept, coding]);
      expect(decode(reply.body).toString()).toBe(SCRIPT);
      expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
      // The plain file's headers, and a cache key per coding.
      for (const name of ["content-type", "cache-control", "x-content-type-options"]) {
        expect([accept, name, reply.headers[name]]).toEqual([accept, name, plain.headers[name]]);
      }
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(reply.headers.etag).not.toBe(plain.headers.etag);
    }
  });

  it("compresses on the fly only what the build left alone, and never images or deploy files", async () => {
    const small = await get("/assets/small-1234.css", { "Accept-Encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(small.body).toString()).toBe(SMALL);
    const png = await get("/assets/photo-1234.png", { "Accept-Encoding": "gzip, br" });
    expect([png.headers["content-encoding"], png.headers.vary]).toEqual([undefined, undefined]);
  });
});

describe("If-None-Match", () => {
  it("answers 304 when any tag of the list matches, or for *", async () => {
    const first = await get("/assets/app-1234.js", { "Accept-Encoding": "br" });
    const etag = String(first.headers.etag);
    for (const header of [etag, `"other", ${etag}`, `${etag} , W/"x"`, "*"]) {
      const reply = await get("/assets/app-1234.js", {
        "Accept-Encoding": "br",
        "If-None-Match": header,
      });
      expect([header, reply.status, reply.body.length]).toEqual([header, 304, 0]);
      expect(reply.headers.etag).toBe(etag);
    }
  });

  it("answers 200 when no tag matches, or the tag of another coding", async () => {
    const br = String((await get("/assets/app-1234.js", { "Accept-Encoding": "br" })).headers.etag);
    for (const header of ['"other"', `"other", W/"0-0"`, "not a tag"]) {
      const reply = await get("/assets/app-1234.js", { "If-None-Match": header });
      expect([header, reply.status]).toEqual([header, 200]);
    }
    const plain = await get("/assets/app-1234.js", { "If-None-Match": br });
    expect(plain.status).toBe(200);
  });
});

describe("compressing a bundle", () => {
  it("compresses files of the same content at once without tripping over each other", async () => {
    const twins = mkdtempSync(join(tmpdir(), "compress-twins-"));
    const empty = mkdtempSync(join(tmpdir(), "compress-twins-cache-"));
    try {
      for (let i = 0; i < 6; i++) writeFileSync(join(twins, `page-${i}.html`), SCRIPT);
      const result = await compressBundle(twins, empty);
      expect(result.files).toBe(6);
      expect(readdirSync(empty).sort()).toEqual([
        expect.stringMatching(/\.q11-l9\.br$/),
        expect.stringMatching(/\.q11-l9\.gz$/),
      ]);
    } finally {
      rmSync(twins, { recursive: true, force: true });
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
