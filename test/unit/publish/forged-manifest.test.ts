/**
 * A build manifest is data from someone else's hands (a CI artifact, a merged shard): publish
 * uploads a bundle only once `dist/<id>/` is exactly what its manifest lists, byte for byte. A
 * manifest naming a file outside the bundle (`../../deploy-key.pem`), a "sha256" that is not one
 * (it would become part of an object key), a hash that does not match the bytes, a symbolic link
 * or a file the manifest leaves out: each is refused, naming the file, before the target is
 * asked to store anything.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { bundleManifest, verifyBundle } from "../../../cli/publish/bundle.ts";
import { publishTenant } from "../../../cli/publish/publish.ts";
import type { Target } from "../../../cli/publish/target.ts";

const ID = "mysport";
let work: string;
let n = 0;

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** A small bundle in a fresh dist/ of its own; `edit` forges its manifest or its folder. */
async function bundle(
  edit: (m: BuildManifest, dir: string) => Promise<void> | void = () => {},
): Promise<string> {
  const dist = join(work, `dist-${++n}`);
  const dir = join(dist, ID);
  const files: Record<string, string> = {
    "index.html": "<!doctype html><title>MySport</title>",
    "assets/app-1a2b.js": "console.log(1)",
  };
  const manifest = {
    tenant: ID,
    files: Object.entries(files).map(([path, text]) => ({
      path,
      bytes: Buffer.byteLength(text),
      gzipBytes: 0,
      sha256: sha(text),
    })),
  } as unknown as BuildManifest;
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await edit(manifest, dir);
  await writeFile(join(dir, "build-manifest.json"), JSON.stringify(manifest));
  return dist;
}

async function refusal(dist: string): Promise<string> {
  try {
    await verifyBundle(dist, ID, await bundleManifest(dist, ID));
  } catch (e) {
    return (e as Error).message;
  }
  return "accepted";
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-forged-"));
  await writeFile(join(work, "deploy-key.pem"), "-----BEGIN OPENSSH PRIVATE KEY-----");
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("a bundle is published only as its manifest lists it", () => {
  it("accepts a bundle exactly as built", async () => {
    expect(await refusal(await bundle())).toBe("accepted");
  });

  it("refuses a manifest entry outside the bundle, whatever its spelling", async () => {
    for (const path of [
      "../../deploy-key.pem",
      "/etc/passwd",
      "assets/../../x",
      "./index.html",
      "assets//a.js",
      "a\\..\\b",
    ]) {
      const dist = await bundle((m) => {
        m.files.push({ path, bytes: 1, gzipBytes: 0, sha256: sha("x") });
      });
      expect(await refusal(dist), path).toMatch(/not a relative path inside the bundle/);
    }
  });

  it("refuses a sha256 that is not one (it would become part of an object key)", async () => {
    const dist = await bundle((m) => {
      (m.files[0] as { sha256: string }).sha256 = "revalidate/../../tenants/victim/current.json";
    });
    expect(await refusal(dist)).toMatch(/its sha256 is not 64 hexadecimal digits/);
  });

  it("refuses a hash or size that does not match the bytes", async () => {
    const other = await bundle((m) => {
      (m.files[1] as { sha256: string }).sha256 = sha("something else");
    });
    expect(await refusal(other)).toMatch(/assets\/app-1a2b\.js differs from its build manifest/);
  });

  it("refuses a symbolic link, a file left out of the manifest and a listed file missing", async () => {
    const link = await bundle(async (_m, dir) => {
      await symlink(join(work, "deploy-key.pem"), join(dir, "leak.txt"));
    });
    expect(await refusal(link)).toMatch(/leak\.txt is a symbolic link/);
    const extra = await bundle(async (_m, dir) => {
      await writeFile(join(dir, "notes.txt"), "not built");
    });
    expect(await refusal(extra)).toMatch(/notes\.txt is not in its build manifest/);
    const missing = await bundle(async (m) => {
      m.files.push({ path: "gone.js", bytes: 1, gzipBytes: 0, sha256: sha("x") });
    });
    expect(await refusal(missing)).toMatch(/gone\.js is listed in its build manifest but missing/);
  });

  it("refuses another tenant's manifest", async () => {
    const dist = await bundle((m) => {
      m.tenant = "victim";
    });
    expect(await refusal(dist)).toMatch(/is the manifest of "victim", not of mysport/);
  });

  it("stops the publish before the target is asked to store anything", async () => {
    const asked: string[] = [];
    const target = {
      label: "a recording target",
      state: async () => ({ releases: [], current: null }),
      manifest: async () => null,
      ...Object.fromEntries(
        ["putRelease", "shareAssets", "writeState", "prepareServer", "activate", "prune"].map(
          (name) => [name, async () => void asked.push(name)],
        ),
      ),
      close: async () => {},
    } as unknown as Target;
    const dist = await bundle(async (_m, dir) => {
      await symlink(join(work, "deploy-key.pem"), join(dir, "leak.txt"));
    });
    const options = { target, distDir: dist, tenantsDir: "tenants", keep: 5, dryRun: false };
    await expect(publishTenant(options, ID)).rejects.toThrow(/leak\.txt is a symbolic link/);
    expect(asked).toEqual([]);
  });
});
