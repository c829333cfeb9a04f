/**
 * The preview's CSP names the inline styles of the bundle it serves now. A `storefront build`
 * while a preview runs writes pages with a new inline style; served under the hashes the
 * preview read at start, every page would be refused its style and shown unstyled.
 */
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { MANIFEST_FILE } from "../../../cli/build/manifest.ts";
import { bundleSite } from "../../../cli/preview/hook.ts";

const HASH_A = `'sha256-${"A".repeat(43)}='`;
const HASH_B = `'sha256-${"B".repeat(43)}='`;

let root = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "built-styles-"));
  await writeFile(join(root, "index.html"), "<!doctype html><title>shop</title>");
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Writes the manifest with a given modification time (seconds), as a later build would. */
async function writeManifest(body: string, mtime: number) {
  await writeFile(join(root, MANIFEST_FILE), body);
  await utimes(join(root, MANIFEST_FILE), mtime, mtime);
}

const styleSrc = (site: ReturnType<typeof bundleSite>) =>
  site
    .headersFor("/")
    .find((h) => h.name === "Content-Security-Policy")
    ?.value.split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("style-src "));

it("follows the bundle's manifest: a rebuild's hashes replace the old ones on the next request", async () => {
  await writeManifest(JSON.stringify({ styleHashes: [HASH_A] }), 1_000);
  const site = bundleSite(root, { api: {} });
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_A}`);
  await writeManifest(JSON.stringify({ styleHashes: [HASH_B] }), 2_000);
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_B}`);
});

it("keeps the last good hashes while the manifest is half-written, malformed or gone", async () => {
  await writeManifest(JSON.stringify({ styleHashes: [HASH_A] }), 1_000);
  const site = bundleSite(root, { api: {} });
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_A}`);
  await writeManifest('{"styleHashes": ["', 2_000);
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_A}`);
  await writeManifest(JSON.stringify({ styleHashes: ["'unsafe-inline'"] }), 3_000);
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_A}`);
  await rm(join(root, MANIFEST_FILE));
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_A}`);
  // The build finishes: its hashes are read although an earlier stamp failed.
  await writeManifest(JSON.stringify({ styleHashes: [HASH_B] }), 4_000);
  expect(styleSrc(site)).toBe(`style-src 'self' ${HASH_B}`);
});
