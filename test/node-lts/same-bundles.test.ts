/**
 * Under the newest Node LTS, `storefront build --all` writes the same bundles, byte for byte, as
 * the machine's Node wrote into dist/ (the test command's build step): the core built afresh with
 * its own cache, every page, manifest, compressed copy and policy PDF.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { cliWithin } from "../unit/fixtures/cli.ts";
import { TENANT_IDS } from "../unit/fixtures/tenants.ts";

const OUT = ".cache/dist-node-lts";
/** The core's cache of this run (test/node-lts/vitest.config.ts): emptied, so the LTS builds it. */
const CORE_CACHE = process.env.STOREFRONT_CORE_CACHE ?? "";

async function files(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

it("builds every tenant, its core afresh, to the same bytes as the machine's Node", async () => {
  expect(CORE_CACHE).toBe(".cache/core-node-lts");
  await rm(CORE_CACHE, { recursive: true, force: true });
  await rm(OUT, { recursive: true, force: true });
  const built = await cliWithin(280_000, "build", "--all", "--force", "--out-dir", OUT, "--json");
  expect(built.code, built.stderr).toBe(0);
  for (const id of TENANT_IDS) {
    const ours = await files(join(OUT, id));
    const theirs = await files(join("dist", id));
    expect(ours, `${id}: the files of the bundle`).toEqual(theirs);
    const differ: string[] = [];
    for (const f of ours) {
      const [a, b] = await Promise.all([readFile(join(OUT, id, f)), readFile(join("dist", id, f))]);
      if (!a.equals(b)) differ.push(f);
    }
    expect(differ, `${id}: files whose bytes differ from dist/${id}`).toEqual([]);
  }
}, 300_000);
