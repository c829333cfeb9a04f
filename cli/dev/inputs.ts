/**
 * The files a tenant's bundle is made from, as the loader read them: its YAML and every asset
 * it references (logos, favicon, hero). `storefront dev` watches exactly these, so whatever the
 * loader learns to read (a base tenant the YAML `extends`, a font) is watched once the loader
 * reports it in its result: add it here, nowhere else.
 */
import { resolve } from "node:path";
import type { LoadResult } from "../config/load.ts";

export function loaderInputs(tenantsDir: string, result: LoadResult): string[] {
  const dir = resolve(tenantsDir);
  const files = [resolve(dir, `${result.id}.yaml`)];
  if (result.ok) for (const rel of result.assets.keys()) files.push(resolve(dir, rel));
  // A loader that reports more of its inputs (a base tenant it extends) lists them here.
  const more = (result as { inputs?: unknown }).inputs;
  if (Array.isArray(more)) {
    for (const file of more) if (typeof file === "string") files.push(resolve(dir, file));
  }
  return [...new Set(files)];
}
