/**
 * Builds that skip what did not change: a tenant whose YAML, referenced files, core, templates
 * and CLI all match what its build-manifest.json records is left alone, and what the build
 * leaves is byte for byte what a full build writes.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import type { BuildManifest } from "../../../cli/build/manifest.ts";

const run = promisify(execFile);
const IDS = ["mysport", "ironstar"];
let work: string;
let tenantsDir: string;
let outDir: string;

/** Every file of a folder with its sha256, so two folders compare byte for byte. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out[full.slice(dir.length + 1)] = createHash("sha256")
      .update(await readFile(full))
      .digest("hex");
  }
  return out;
}

const build = async (ids: string[], force = false, out = outDir) =>
  Object.fromEntries(
    (await buildTenants({ tenantsDir, outDir: out, ids, force })).map((r) => [
      r.id,
      r.ok ? (r.unchanged ? "unchanged" : "built") : "failed",
    ]),
  );

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-incremental-"));
  tenantsDir = join(work, "tenants");
  outDir = join(work, "dist");
  await cp("tenants", tenantsDir, { recursive: true });
  await build(IDS);
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("storefront build skips tenants whose inputs did not change", () => {
  it("records the tenant's YAML and every file it references, with their hashes", async () => {
    const manifest = JSON.parse(
      await readFile(join(outDir, "mysport", "build-manifest.json"), "utf8"),
    ) as BuildManifest;
    const paths = manifest.inputs?.map((i) => i.path) ?? [];
    expect(paths).toContain("mysport.yaml");
    expect(paths).toContain("mysport/logo.svg");
    const yaml = await readFile(join(tenantsDir, "mysport.yaml"));
    expect(manifest.inputs?.find((i) => i.path === "mysport.yaml")?.sha256).toBe(
      createHash("sha256").update(yaml).digest("hex"),
    );
  });

  it("leaves every unchanged tenant alone, and --force builds them again to the same bytes", async () => {
    const before = await tree(outDir);
    expect(await build(IDS)).toEqual({ mysport: "unchanged", ironstar: "unchanged" });
    expect(await tree(outDir)).toEqual(before);
    expect(await build(IDS, true)).toEqual({ mysport: "built", ironstar: "built" });
    expect(await tree(outDir)).toEqual(before);
  }, 60_000);

  it("rebuilds only the tenant whose YAML changed, to what a full build writes", async () => {
    const file = join(tenantsDir, "ironstar.yaml");
    const yaml = await readFile(file, "utf8");
    await writeFile(file, `${yaml}\n# a comment changes the file, so the tenant is built again\n`);
    const mysport = await tree(join(outDir, "mysport"));
    expect(await build(IDS)).toEqual({ mysport: "unchanged", ironstar: "built" });
    expect(await tree(join(outDir, "mysport"))).toEqual(mysport);
    const full = join(work, "full");
    await build(IDS, true, full);
    expect(await tree(outDir)).toEqual(await tree(full));
  }, 60_000);

  it("rebuilds a tenant when a file its YAML references changed or went missing", async () => {
    const logo = join(tenantsDir, "mysport", "logo.svg");
    const svg = await readFile(logo, "utf8");
    await writeFile(logo, svg.replace("</svg>", "<!-- another logo --></svg>"));
    expect(await build(["mysport"])).toEqual({ mysport: "built" });
    await rm(logo);
    // Missing now: not skipped on the strength of an old manifest, but refused by the loader.
    expect(await build(["mysport"])).toEqual({ mysport: "failed" });
    await writeFile(logo, svg);
    expect(await build(["mysport"])).toEqual({ mysport: "built" });
  }, 60_000);

  it("rebuilds a bundle made by another core, other templates or an older manifest, or whose style hashes are damaged (its pages would be served unstyled)", async () => {
    const file = join(outDir, "mysport", "build-manifest.json");
    const built = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    for (const change of [
      { coreHash: "0000000000000000" },
      { renderHash: "0000000000000000" },
      { year: 1999 },
      { inputs: undefined },
      { inputs: [{ path: "../outside.yaml", sha256: "0" }] },
      { styleHashes: "x" },
      { styleHashes: [42] },
      { styleHashes: ["'unsafe-inline'"] },
    ]) {
      await writeFile(file, JSON.stringify({ ...built, ...change }));
      expect(await build(["mysport"])).toEqual({ mysport: "built" });
    }
  }, 60_000);

  it("a build that finds every bundle current loads none of the rendering code", async () => {
    // What makes "nothing changed" cost a fraction of a build: no bundler, no templates, no
    // PDF writer and no prerenderer is even loaded, and the schema's libraries are inlined in
    // the bundled CLI instead of resolved file by file.
    const log = join(work, "modules.log");
    const args = ["--tenants-dir", tenantsDir, "--out-dir", outDir];
    const { stdout } = await run(
      process.execPath,
      ["--import", "./test/unit/build/module-log.mjs", "cli/bin.js", "build", ...IDS, ...args],
      { env: { ...process.env, MODULE_LOG: log } },
    );
    expect(stdout).toMatch(/0 tenants built, 2 unchanged/);
    const packages = new Set(
      (await readFile(log, "utf8"))
        .split("\n")
        .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
        .filter((name) => name !== undefined),
    );
    for (const name of ["vite", "handlebars", "pdf-lib", "@pdf-lib/fontkit", "react-dom", "sass"]) {
      expect(packages, name).not.toContain(name);
    }
    expect(packages).not.toContain("zod");
    expect(packages).not.toContain("culori");
  }, 60_000);

  it("the command reports unchanged tenants in its text and its --json", async () => {
    const args = ["cli/bin.js", "build", "mysport", "--tenants-dir", tenantsDir, "--out-dir"];
    const text = await run(process.execPath, [...args, outDir]);
    expect(text.stdout).toMatch(/= mysport {2}unchanged/);
    expect(text.stdout).toMatch(/0 tenants built, 1 unchanged/);
    const json = await run(process.execPath, [...args, outDir, "--json"]);
    const report = JSON.parse(json.stdout) as { tenants: { id: string; unchanged?: boolean }[] };
    expect(report.tenants).toMatchObject([{ id: "mysport", unchanged: true }]);
  }, 60_000);
});
