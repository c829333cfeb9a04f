/**
 * The tenants folder: which tenants it holds, how its paths are shown in problems, and what a
 * missing tenant is called (the known ones, and the nearest name to the one asked for).
 */
import { readdir } from "node:fs/promises";
import { relative, sep } from "node:path";
import { didYouMean } from "./errors.ts";
import { TENANT_ID_RE } from "./schema.ts";

/** A path as the user should see it: relative to the working directory, with `/`. */
export function shownPath(abs: string): string {
  const rel = relative(process.cwd(), abs) || ".";
  return rel.split(sep).join("/");
}

/**
 * A value as a message may show it: quoted, with control characters (a newline that would start a
 * forged CI annotation, an escape sequence) escaped.
 */
export const quoted = (value: string): string => JSON.stringify(value);

/**
 * Why `id` cannot be a tenant id (lower-case letters and digits, single hyphens between), or null.
 * Checked wherever an id reaches a path or a key: `../victim` must never name another folder.
 */
export function tenantIdProblem(id: string): string | null {
  return TENANT_ID_RE.test(id)
    ? null
    : `${quoted(id)} is not a tenant id (lower-case letters and digits, single hyphens between)`;
}

/** Throws when `id` is not a tenant id (see tenantIdProblem). */
export function assertTenantId(id: string): void {
  const problem = tenantIdProblem(id);
  if (problem) throw new Error(problem);
}

export async function listTenantIds(tenantsDir: string): Promise<string[]> {
  try {
    const entries = await readdir(tenantsDir, { withFileTypes: true });
    return entries
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith(".yaml"))
      .map((e) => e.name.slice(0, -".yaml".length))
      .filter((id) => TENANT_ID_RE.test(id))
      .sort();
  } catch {
    return [];
  }
}

export async function missingFileMessage(
  tenantsDir: string,
  shown: string,
  id: string,
): Promise<string> {
  const known = await listTenantIds(tenantsDir);
  const guess = didYouMean(id, known);
  const hint = guess ? ` — did you mean ${JSON.stringify(guess)}?` : "";
  const list = known.length ? `known tenants: ${known.join(", ")}` : "no tenants found";
  return `no such tenant: ${shown}; ${list}${hint}`;
}
