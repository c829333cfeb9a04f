// Precompression figures for `npm run bench`: the bytes a phone downloads for the first screen
// (home, its prerendered page and what it loads before it is interactive) and the gallery route
// (/event/1003/photos), as nginx sends them compressing on the fly (gzip level 6, the
// generated nginx.conf's setting) and from the build's precompressed copies as it writes them
// (gzip 9; Brotli 11 for the core's files, 5 for a tenant's own); and what writing those copies
// costs the build for 5 and for 200 tenants.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { tsImport } from "tsx/esm/api";
import { ROUTES, routeWeight } from "./weight.js";

const KIB = 1024;
const gzipAsync = promisify(gzip);
const TENANT = "mysport";
const LANGUAGE = "ru";

/** The build's own compression step, so the bench times exactly what `build` runs. */
const compressModule = () => tsImport("../cli/build/compress.ts", import.meta.url);

/**
 * Bytes of one file as each way of serving it puts it on the wire (body only). A file the build
 * left without a copy (under 1 KiB) goes out gzipped on the fly either way, as nginx does.
 */
async function wireBytes(bundle, file) {
  const data = await readFile(join(bundle, file));
  const onTheFly = data.length < 256 ? data.length : (await gzipAsync(data, { level: 6 })).length;
  const copy = async (suffix) =>
    (await readFile(join(bundle, `${file}${suffix}`)).catch(() => null))?.length ?? onTheFly;
  return { identity: data.length, onTheFly, gzip: await copy(".gz"), br: await copy(".br") };
}

/** A route's page and the files it loads before it is interactive (names from the core build). */
async function routeBytes(bundle, coreDir, page, route) {
  const { files } = await routeWeight(coreDir, route.screens, LANGUAGE, route.catalog);
  const total = { identity: 0, onTheFly: 0, gzip: 0, br: 0 };
  for (const file of [join("_pages", LANGUAGE, `${page}.html`), ...files]) {
    const bytes = await wireBytes(bundle, file);
    for (const key of Object.keys(total)) total[key] += bytes[key];
  }
  return total;
}

/** Files of a folder, relative, for copying bundles. */
async function filesOf(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * `count` bundles made from the built ones without their copies; every copy's own files (the
 * pages and index.html) made unique, as a real tenant's are, while the core's stay identical.
 */
async function bundles(dist, ids, count) {
  const root = await mkdtemp(join(tmpdir(), "storefront-bench-compress-"));
  for (let i = 0; i < count; i++) {
    const id = ids[i % ids.length];
    const to = join(root, `${id}-${i}`);
    await cp(join(dist, id), to, { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
    for (const file of await filesOf(to)) {
      if (file.endsWith(".html"))
        await writeFile(file, `${await readFile(file, "utf8")}<!-- ${i} -->`);
    }
  }
  return root;
}

/** Seconds to write the copies of every bundle under root, with a cache folder given. */
async function timeCompress(root, cache) {
  const { compressBundle } = await compressModule();
  const started = performance.now();
  for (const dir of await readdir(root)) await compressBundle(join(root, dir), cache);
  return (performance.now() - started) / 1000;
}

export async function benchWire() {
  const { execFile } = await import("node:child_process");
  const dist = "node_modules/.cache/bench-dist";
  const ids = (await readdir("tenants"))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -5));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["cli/bin.js", "build", "--all", "--out-dir", dist, "--json"],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const coreDir = JSON.parse(stdout).core.dir;
  const rows = [];
  const bundle = join(dist, TENANT);
  for (const [label, page, route] of [
    ["first screen (/)", "home", ROUTES.home],
    [`gallery (${ROUTES.eventPhotos.path})`, "shell", ROUTES.eventPhotos],
  ]) {
    const bytes = await routeBytes(bundle, coreDir, page, route);
    rows.push(
      {
        name: `${label}: precompressed Brotli ÷ gzip on the fly`,
        value: bytes.br / bytes.onTheFly,
        unit: "×",
      },
      {
        name: `  ${label} on the wire, gzip on the fly (level 6)`,
        value: bytes.onTheFly / KIB,
        unit: "KiB",
      },
      {
        name: `  ${label} on the wire, precompressed gzip 9`,
        value: bytes.gzip / KIB,
        unit: "KiB",
      },
      {
        name: `  ${label} on the wire, precompressed Brotli 11`,
        value: bytes.br / KIB,
        unit: "KiB",
      },
      { name: `  ${label} uncompressed`, value: bytes.identity / KIB, unit: "KiB" },
    );
  }
  for (const count of [ids.length, 200]) {
    const root = await bundles(dist, ids.sort(), count);
    const cache = await mkdtemp(join(tmpdir(), "storefront-bench-cache-"));
    try {
      const cold = await timeCompress(root, cache);
      const warm = await timeCompress(root, cache);
      rows.push(
        { name: `precompress ${count} tenants, empty cache`, value: cold, unit: "s" },
        {
          name: `  precompress ${count} tenants again (every copy cached)`,
          value: warm,
          unit: "s",
        },
      );
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(cache, { recursive: true, force: true });
    }
  }
  return rows;
}
