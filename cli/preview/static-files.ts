/**
 * Serves a built tenant bundle the way the generated nginx.conf does (templates/nginx.conf.hbs),
 * path by path, so the browser tests that run on the preview see what production serves
 * (test/e2e/path-cases.ts holds the paths both servers are checked against):
 * - /assets/…: the file, cached for a year, or 404 (never the app page);
 * - /index.html and every path that is not a file: the app page in the visitor's language;
 * - only a regular file is served by its name: a name ending in "/" is never a file
 *   (`/robots.txt/` is an app address), and a folder is not served either (`/assets/` is 404).
 * The deploy files and /_pages/ are refused before this runs (./guard.ts).
 * Text files go out compressed when the browser accepts it, as nginx does, so what support
 * staff and the benchmark see weighs what participants download.
 */
import { createReadStream, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { ENCODINGS } from "../build/compress.ts";
import { contentTypeOf } from "./content-types.ts";
import { chooseEncoding, noneMatchHits } from "./negotiation.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";

function plain(res: ServerResponse, status: number, text: string, headers = {}): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers });
  res.end(text);
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
/** nginx.conf's gzip_min_length: smaller text files go out as they are. */
const ON_THE_FLY_MIN_BYTES = 256;
/** Bodies compressed here, by file and version (the ETag): each file is compressed once. */
const gzipped = new Map<string, Buffer>();

async function gzipOf(file: string, etag: string): Promise<Buffer> {
  const key = `${file}\0${etag}`;
  let body = gzipped.get(key);
  if (!body) {
    body = gzipSync(await readFile(file), { level: 9 });
    gzipped.set(key, body);
  }
  return body;
}

async function statOf(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/**
 * The file a normalised request path (./request-target.ts) names inside root, or null when it
 * cannot name one: a backslash (never in a bundle's names) or a way out of root.
 */
export function resolveInside(root: string, path: string): string | null {
  if (path.includes("\\") || path.includes("\0")) return null;
  const file = resolve(root, `.${path}`);
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** What answers a path, decided as the generated nginx.conf's locations decide it. */
export type StaticAnswer =
  | { kind: "file"; file: string; stats: Stats }
  | { kind: "page" }
  | { kind: "not-found" };

export async function locate(root: string, path: string): Promise<StaticAnswer> {
  // location = /index.html: always the page, in the visitor's language.
  if (path === "/index.html" || path === "/") return { kind: "page" };
  const target = resolveInside(root, path);
  const found = target === null ? null : await statOf(target);
  // try_files $uri: only a regular file, and "robots.txt/" names none.
  if (found?.isFile() && target && !path.endsWith("/")) {
    return { kind: "file", file: target, stats: found };
  }
  // location /assets/ { try_files $uri =404; }
  if (path.startsWith("/assets/")) return { kind: "not-found" };
  // location / { try_files $uri <page> /index.html; }
  return { kind: "page" };
}

/** Which prerendered page answers an app address (cli/preview/pages.ts). */
export type PageChooser = (
  req: IncomingMessage,
  pathname: string,
) => { file: string; language: string } | null;

/** Serves `path` (normalised by ./request-target.ts) from the bundle at rootDir. */
export async function serveStatic(
  rootDir: string,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  choosePage?: PageChooser,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return plain(res, 405, "Method not allowed", { Allow: "GET, HEAD" });
  }
  const root = resolve(rootDir);
  const answer = await locate(root, path);
  if (answer.kind === "not-found") return plain(res, 404, "Not found");

  let file: string;
  let stats: Stats | null;
  // An app address (the SPA's routes, "/" and "/index.html"): its page in the visitor's language.
  let page: { file: string; language: string } | null = null;
  if (answer.kind === "file") {
    file = answer.file;
    stats = answer.stats;
  } else {
    page = choosePage?.(req, path) ?? null;
    file = join(root, page?.file ?? "index.html");
    stats = await statOf(file);
    if (!stats?.isFile() && page) {
      page = null; // a bundle built before prerendering
      file = join(root, "index.html");
      stats = await statOf(file);
    }
    if (!stats?.isFile()) return plain(res, 404, "index.html is missing from the bundle");
  }

  const headers: Record<string, string> = {
    "Content-Type": contentTypeOf(file),
    "Cache-Control": answer.kind === "file" && path.startsWith("/assets/") ? IMMUTABLE : "no-cache",
    "X-Content-Type-Options": "nosniff",
  };
  if (page) {
    // The page depends on the language cookie and Accept-Language: caches must keep them apart.
    headers["Content-Language"] = page.language;
    headers.Vary = "Cookie, Accept-Language";
  }
  const body = await representation(file, stats, headers["Content-Type"] ?? "", req);
  if (body.varies) {
    headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : "Accept-Encoding";
  }
  headers.ETag = body.etag;
  if (body.encoding !== "identity") headers["Content-Encoding"] = body.encoding;
  if (noneMatchHits(req.headers["if-none-match"], body.etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(200, { ...headers, "Content-Length": String(body.bytes) });
  if (req.method === "HEAD") return void res.end();
  if (body.data) return void res.end(body.data);
  createReadStream(body.file)
    .on("error", () => res.destroy())
    .pipe(res);
}

const etagOf = (stats: Stats) =>
  `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

interface Representation {
  encoding: string;
  /** Whether another Accept-Encoding would get other bytes (Vary: Accept-Encoding). */
  varies: boolean;
  etag: string;
  /** The file to stream, or the bytes compressed here. */
  file: string;
  data?: Buffer;
  bytes: number;
}

/**
 * The bytes to send for a file: its .br or .gz copy from the build (compress.ts) when the
 * client accepts that coding by its q-values, gzip made here for a text file the build left
 * alone (as nginx's `gzip on` does), else the file itself.
 */
async function representation(
  file: string,
  stats: Stats,
  type: string,
  req: IncomingMessage,
): Promise<Representation> {
  const plainFile: Representation = {
    encoding: "identity",
    varies: false,
    etag: etagOf(stats),
    file,
    bytes: stats.size,
  };
  if (!COMPRESSIBLE.test(type)) return plainFile;
  const copies = new Map<string, { file: string; stats: Stats }>();
  for (const { suffix, name } of ENCODINGS) {
    const copy = await statOf(`${file}${suffix}`);
    if (copy?.isFile()) copies.set(name, { file: `${file}${suffix}`, stats: copy });
  }
  const onTheFly = copies.size === 0 && stats.size >= ON_THE_FLY_MIN_BYTES;
  if (copies.size === 0 && !onTheFly) return plainFile;
  const offered = onTheFly ? ["gzip"] : ENCODINGS.map((e) => e.name).filter((n) => copies.has(n));
  const chosen = chooseEncoding(req.headers["accept-encoding"], offered);
  const copy = copies.get(chosen);
  if (copy) {
    return {
      encoding: chosen,
      varies: true,
      etag: etagOf(copy.stats),
      file: copy.file,
      bytes: copy.stats.size,
    };
  }
  if (chosen === "gzip") {
    const data = await gzipOf(file, plainFile.etag);
    return { ...plainFile, encoding: "gzip", varies: true, data, bytes: data.length };
  }
  return { ...plainFile, varies: true };
}
