/**
 * Precompressed bytes, as a phone receives them: the build's .br and .gz copies served by nginx
 * (gzip_static; brotli_static where Debian's ngx_brotli module is loaded, and a valid config
 * where it is not) and by `storefront preview`, chosen by Accept-Encoding with its q-values,
 * byte-identical to the file once decompressed, with the plain file's headers and
 * Vary: Accept-Encoding.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { BROTLI_SNIPPET } from "../../cli/build/deploy.ts";
import type { BuildManifest } from "../../cli/build/manifest.ts";
import { e2eWorkerPorts } from "../ports.ts";
import { expect } from "./fixtures.ts";
import { type Nginx, test, withNginx } from "./nginx-server.ts";
import { tenantUrl } from "./tenants.ts";

const MODULES = "/usr/lib/nginx/modules";
const BROTLI_MODULE = join(MODULES, "ngx_http_brotli_static_module.so");

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is left as sent (fetch would decompress it). */
function get(url: string, acceptEncoding: string | null): Promise<Reply> {
  return new Promise((done, failed) => {
    const headers: Record<string, string> =
      acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding };
    request(url, { headers }, (res) => {
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

const decode = (reply: Reply) => {
  const coding = reply.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(reply.body);
  if (coding === "gzip") return gunzipSync(reply.body);
  return reply.body;
};

/** Vary may come as one header or several: the fields named, lower case. */
const varyOf = (reply: Reply) =>
  String(reply.headers.vary ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase());

async function largestScript(): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join("dist", "mysport", "build-manifest.json"), "utf8"),
  ) as BuildManifest;
  const scripts = manifest.files.filter((f) => /^assets\/[^/]+\.js$/.test(f.path));
  scripts.sort((a, b) => b.bytes - a.bytes);
  return scripts[0]!.path;
}

/** Accept-Encoding → the coding a server with (or without) Brotli must answer with. */
const CASES: [string | null, { brotli: string; plain: string }][] = [
  [null, { brotli: "identity", plain: "identity" }],
  ["gzip, deflate, br, zstd", { brotli: "br", plain: "gzip" }],
  ["gzip", { brotli: "gzip", plain: "gzip" }],
  ["br;q=0, gzip", { brotli: "gzip", plain: "gzip" }],
  ["gzip;q=0, identity", { brotli: "identity", plain: "identity" }],
  ["identity", { brotli: "identity", plain: "identity" }],
];

async function checkServer(base: string, brotli: boolean, where: string) {
  const script = await largestScript();
  const targets = [
    {
      path: `/${script}`,
      file: script,
      cache: "public, max-age=31536000, immutable",
      type: /javascript/,
    },
    { path: "/", file: "_pages/ru/home.html", cache: "no-cache", type: /^text\/html/ },
  ];
  for (const target of targets) {
    const plain = await readFile(join("dist", "mysport", target.file));
    expect(existsSync(join("dist", "mysport", `${target.file}.br`)), target.file).toBe(true);
    expect(existsSync(join("dist", "mysport", `${target.file}.gz`)), target.file).toBe(true);
    for (const [accept, expected] of CASES) {
      const what = `${where} ${target.path} Accept-Encoding: ${accept}`;
      const reply = await get(`${base}${target.path}`, accept);
      expect(reply.status, what).toBe(200);
      const coding = String(reply.headers["content-encoding"] ?? "identity");
      expect(coding, what).toBe(brotli ? expected.brotli : expected.plain);
      expect(decode(reply).equals(plain), `${what}: the same bytes once decompressed`).toBe(true);
      expect(String(reply.headers["content-type"]), what).toMatch(target.type);
      expect(reply.headers["cache-control"], what).toBe(target.cache);
      expect(String(reply.headers["content-security-policy"]), what).toContain("script-src 'self'");
      if (target.file.startsWith("_pages/")) {
        expect(reply.headers["content-language"], what).toBe("ru");
        expect(varyOf(reply), what).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
      }
      if (accept !== null) expect(varyOf(reply), what).toContain("accept-encoding");
      if (coding !== "identity") {
        expect(Number(reply.headers["content-length"] ?? reply.body.length), what).toBeLessThan(
          plain.length,
        );
      }
    }
  }
}

test("the preview serves the build's .br and .gz copies by Accept-Encoding and its q-values", async () => {
  await checkServer(tenantUrl("mysport"), true, "preview");
});

test("nginx without the Brotli module: the config is valid and serves the .gz copies", async ({
  nginx,
}: {
  nginx: Nginx;
}) => {
  await checkServer(nginx.url("mysport"), false, "nginx without Brotli");
});

test("nginx with Debian's Brotli module and the one-line snippet serves the .br copies", async () => {
  if (!existsSync(BROTLI_MODULE)) {
    throw new Error(`${BROTLI_MODULE} not found: run scripts/ensure-nginx.sh`);
  }
  await withNginx(
    {
      modules: [BROTLI_MODULE],
      files: { [BROTLI_SNIPPET.brotliSnippet]: "brotli_static on;\n" },
    },
    e2eWorkerPorts(test.info().parallelIndex).nginxOfTest,
    async (nginx) => checkServer(nginx.url("mysport"), true, "nginx with Brotli"),
  );
});
