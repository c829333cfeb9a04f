/**
 * Test helpers for publishing: real builds of one tenant in several versions (another brand
 * name, another theme), each in its own tenants folder and dist/, as a CI run would make them.
 */
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { buildTenants } from "../../../cli/build/build.ts";

export interface Version {
  tenantsDir: string;
  distDir: string;
}

/**
 * Builds `id` once per change (a function of its parsed YAML and its copy of the tenants
 * folder, for changing an asset), under `work`/<name>/.
 */
export async function buildVersions(
  work: string,
  id: string,
  changes: Record<
    string,
    (doc: ReturnType<typeof parseDocument>, tenantsDir: string) => void | Promise<void>
  >,
): Promise<Record<string, Version>> {
  const out: Record<string, Version> = {};
  for (const [name, change] of Object.entries(changes)) {
    const tenantsDir = join(work, name, "tenants");
    const distDir = join(work, name, "dist");
    await mkdir(tenantsDir, { recursive: true });
    await cp("tenants", tenantsDir, { recursive: true });
    const file = join(tenantsDir, `${id}.yaml`);
    const doc = parseDocument(await readFile(file, "utf8"));
    await change(doc, tenantsDir);
    await writeFile(file, String(doc));
    const [result] = await buildTenants({ tenantsDir, outDir: distDir, ids: [id] });
    if (!result?.ok) throw new Error(`${name}: ${id} did not build: ${JSON.stringify(result)}`);
    out[name] = { tenantsDir, distDir };
  }
  return out;
}

/** Gives the tenant's logos other bytes (a comment), so their hashed names change. */
export async function newLogo(tenantsDir: string, id = "mysport") {
  for (const name of ["logo.svg", "logo-small.svg"]) {
    const file = join(tenantsDir, id, name);
    const svg = await readFile(file, "utf8");
    await writeFile(file, svg.replace("</svg>", "<!-- refreshed brand --></svg>"));
  }
}
