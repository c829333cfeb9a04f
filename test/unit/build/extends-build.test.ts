/**
 * A brand family's child builds to the very bundle of the same tenant written out in full, and
 * its build records the base among the files it was made from.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { loadTenant, tenantInputs } from "../../../cli/config/load.ts";

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-extends-"));
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Applies text edits; each `from` must occur exactly once. */
function edit(text: string, edits: [string, string][]): string {
  let out = text;
  for (const [from, to] of edits) {
    expect(out.split(from).length - 1, from).toBe(1);
    out = out.replace(from, () => to);
  }
  return out;
}

async function files(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out.set(relative(dir, full), await readFile(full));
  }
  return out;
}

const CHILD = `extends: mysport
tenantName: MySport Blue
theme:
  id: MySportBlue
  palette:
    primary: "#0d47a1"
  radius: 4
hosts:
  - host: blue.mysport.example
menu: [participants, contacts]
auth: null
cardNote: null
support:
  hours:
    timeZone:
      en: Moscow time (MSK)
`;

describe("a tenant built from extends", () => {
  it("gives the same bundle, byte for byte, as the tenant written out in full", async () => {
    const mysport = await readFile("tenants/mysport.yaml", "utf8");
    const full = edit(mysport, [
      ["tenantName: MySport\n", "tenantName: MySport Blue\n"],
      ["  id: MySport\n", "  id: MySportBlue\n"],
      ['primary: "#1565c0"', 'primary: "#0d47a1"'],
      ["radius: 8", "radius: 4"],
      [
        "  - host: mysport.ru\n  - host: en.mysport.ru\n    language: en\n",
        "  - host: blue.mysport.example\n",
      ],
      [
        "menu: [participants, photographers, organizers, business, contacts]",
        "menu: [participants, contacts]",
      ],
      ["auth:\n  realm: mysport\n  clientId: storefront\n", ""],
      [mysport.slice(mysport.indexOf("cardNote:"), mysport.indexOf("support:")), ""],
      ["en: Moscow time\n", "en: Moscow time (MSK)\n"],
    ]);
    const bundles: Map<string, Buffer>[] = [];
    const manifests: BuildManifest[] = [];
    for (const [name, yaml] of [
      ["child", CHILD],
      ["full", full],
    ] as const) {
      const tenantsDir = join(work, name, "tenants");
      const outDir = join(work, name, "dist");
      await cp("tenants", tenantsDir, { recursive: true });
      await writeFile(join(tenantsDir, "blue.yaml"), yaml);
      const [result] = await buildTenants({ tenantsDir, outDir, ids: ["blue"] });
      expect(result?.problems).toEqual([]);
      expect(result?.ok, result?.error).toBe(true);
      const bundle = await files(join(outDir, "blue"));
      const manifest = bundle.get("build-manifest.json");
      bundle.delete("build-manifest.json");
      manifests.push(JSON.parse(String(manifest)) as BuildManifest);
      bundles.push(bundle);
    }
    const [child, whole] = bundles as [Map<string, Buffer>, Map<string, Buffer>];
    expect([...child.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [path, bytes] of child)
      expect(bytes.equals(whole.get(path) as Buffer), path).toBe(true);
    // Only what records the sources differs: one is two files (the child and its base), the
    // other one.
    const [a, b] = manifests as [BuildManifest, BuildManifest];
    expect({ ...a, configHash: "", inputs: [] }).toEqual({ ...b, configHash: "", inputs: [] });
    expect(a.configHash).not.toBe(b.configHash);
    expect(a.inputs?.map((i) => i.path)).toContain("mysport.yaml");
  }, 180_000);

  it("names the base's file among the child's inputs, so a change to the base makes it stale", async () => {
    const tenantsDir = join(work, "child", "tenants");
    const before = await loadTenant(tenantsDir, "blue");
    if (!before.ok) throw new Error("blue loads");
    expect(tenantInputs(before).map((i) => i.path)).toContain("mysport.yaml");
    const manifest = JSON.parse(
      await readFile(join(work, "child", "dist", "blue", "build-manifest.json"), "utf8"),
    ) as BuildManifest;
    expect(manifest.configHash).toBe(before.hash);
    await writeFile(
      join(tenantsDir, "mysport.yaml"),
      `${await readFile(join(tenantsDir, "mysport.yaml"), "utf8")}# edited\n`,
    );
    const after = await loadTenant(tenantsDir, "blue");
    expect(after.ok && after.hash).not.toBe(manifest.configHash);
  });
});
