/**
 * Loads tenants/<id>.yaml: YAML 1.2 parse → schema (shape and cross-field rules) →
 * asset paths. Never throws for bad input; every problem names file, line, column
 * and field, and all of them are reported at once.
 *
 * Reading one file is tenant-file.ts and following its `extends` is extends-chain.ts; here the
 * merged values are checked (schema, asset files, fonts, contrast) and the tenant is hashed.
 */
import { createHash } from "node:crypto";
import { join, relative, resolve, sep } from "node:path";
import { type AssetBytes, checkAssets } from "./assets.ts";
import { contrastProblems } from "./contrast.ts";
import { allowedKeys, describeIssue, formatPath, oneLine, unknownKeyMessage } from "./errors.ts";
import { isMapValue, type Layer, locateKey, locateValue, mergeLayers } from "./extends.ts";
import { resolveChain } from "./extends-chain.ts";
import { fontMetrics } from "./fonts.ts";
import { type HostClaims, hostClaims, otherClaimants } from "./host-claims.ts";
import type { ConfigProblem } from "./problem.ts";
import { TENANT_ID_RE, type TenantConfig, tenantSchema } from "./schema.ts";
import { linkedOut, readLayer } from "./tenant-file.ts";
import { listTenantIds, missingFileMessage, quoted, shownPath } from "./tenants-dir.ts";

// The names the commands and the tests know the loader's parts by.
export { type ConfigProblem, formatProblem } from "./problem.ts";
export { MAX_ALIAS_COUNT, MAX_CONFIG_BYTES } from "./tenant-file.ts";
export { listTenantIds } from "./tenants-dir.ts";

export type LoadedTenant = {
  ok: true;
  id: string;
  file: string;
  config: TenantConfig;
  hash: string;
  /** The asset files as they were checked: the build ships these bytes, never re-reads a path. */
  assets: AssetBytes;
  /**
   * Every file this tenant was made from, by its path relative to the tenants folder, with
   * the bytes read: the YAML, every file it extends, and its assets. The build records their
   * hashes and skips a tenant none of whose files changed.
   */
  sources: ReadonlyMap<string, Uint8Array>;
  /** The ids of the tenants this one extends, nearest first (empty without `extends`). */
  bases: string[];
  /** Every file the tenant was made from (see tenantInputs). */
  inputs: TenantInput[];
};
/** One file a tenant was made from. */
export type TenantInput = {
  /** Relative to the tenants directory, with `/`: `mysport.yaml`, `mysport/logo.svg`. */
  path: string;
  abs: string;
  /** sha256 of the bytes that were checked (hex). */
  sha256: string;
};
export type FailedTenant = { ok: false; id: string; file: string; problems: ConfigProblem[] };
export type LoadResult = LoadedTenant | FailedTenant;

function fail(id: string, file: string, problems: ConfigProblem[]): FailedTenant {
  const sorted = problems
    .map((p) => ({ ...p, path: oneLine(p.path), message: oneLine(p.message) }))
    // The tenant's own file first, then each base's, each in the order of its lines.
    .sort(
      (a, b) =>
        Number(a.file !== file) - Number(b.file !== file) ||
        (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
        a.line - b.line ||
        a.col - b.col,
    );
  return { ok: false, id, file, problems: sorted };
}

function schemaProblems(layers: readonly Layer[], data: unknown) {
  const result = tenantSchema.safeParse(data, { reportInput: true });
  if (result.success) return { config: result.data, problems: [] as ConfigProblem[] };
  const problems: ConfigProblem[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const allowed = allowedKeys(tenantSchema, issue.path);
      const present = isMapValue(valueAt(data, issue.path))
        ? Object.keys(valueAt(data, issue.path) as object)
        : // Stryker disable next-line ArrayDeclaration: an unknown key is always found in a map
          [];
      for (const key of issue.keys) {
        const at = locateKey(layers, issue.path, key);
        const message = unknownKeyMessage(key, allowed, present);
        problems.push({ ...at, path: formatPath([...issue.path, key]), message });
      }
      continue;
    }
    problems.push({
      ...locateValue(layers, issue.path),
      path: formatPath(issue.path),
      message: describeIssue(issue, tenantSchema),
    });
  }
  return { config: undefined, problems };
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur = data;
  // Stryker disable next-line OptionalChaining: an unknown key's path leads to a map of the data
  for (const seg of path) cur = (cur as Record<PropertyKey, unknown> | undefined)?.[seg];
  return cur;
}

/** A host this tenant names that another tenant file of the folder names too. */
function hostProblems(
  tenantsDir: string,
  layers: readonly Layer[],
  id: string,
  file: string,
  config: TenantConfig,
  claims: HostClaims,
): ConfigProblem[] {
  return config.hosts.flatMap((h, i) => {
    const others = otherClaimants(claims, h.host, id);
    if (!others.length) return [];
    const where = locateValue(layers, ["hosts", i, "host"]);
    const named = others
      .map((o) => `tenant ${quoted(o)} (${shownPath(join(tenantsDir, `${o}.yaml`))})`)
      .join(", ");
    const inherited =
      where.file === file ? "" : ` (inherited through extends: write hosts of its own in ${file})`;
    return [
      {
        ...where,
        path: formatPath(["hosts", i, "host"]),
        message: `host ${quoted(h.host)} is also a host of ${named}${inherited}; a host is served by one tenant only`,
      },
    ];
  });
}

async function loadFile(
  tenantsDir: string,
  id: string,
  abs: string,
  file: string,
  claims: HostClaims | undefined,
): Promise<LoadResult> {
  const missing = async (): Promise<ConfigProblem> => ({
    file,
    line: 1,
    col: 1,
    path: "(file)",
    message: await missingFileMessage(tenantsDir, file, id),
  });
  if (await linkedOut(tenantsDir, abs)) {
    const message = `${file} leads outside ${shownPath(tenantsDir)}/ through a symbolic link and was not read; a tenant file must be inside it`;
    return fail(id, file, [{ file, line: 1, col: 1, path: "(file)", message }]);
  }
  const first = await readLayer(id, abs, file, missing);
  if (!first.ok) return fail(id, file, first.problems);
  const chain = await resolveChain(tenantsDir, first.layer);
  if (!chain.ok) return fail(id, file, chain.problems);
  const { layers } = chain;
  const data = mergeLayers(layers, tenantSchema);

  const { config, problems } = schemaProblems(layers, data);
  const shownDir = shownPath(tenantsDir);
  const assets = await checkAssets(tenantsDir, shownDir, data);
  let all = problems;
  for (const a of assets) {
    if (a.ok) continue;
    const path = formatPath(a.path);
    // An escaping path is the real story; a missing file only matters if the shape was right.
    if (a.kind === "missing" && all.some((p) => p.path === path)) continue;
    if (a.kind === "escapes") all = all.filter((p) => p.path !== path);
    all.push({ ...locateValue(layers, a.path), path, message: a.message });
  }
  // A font file that passed its header check must also be a font the build can measure.
  for (const a of assets) {
    if (!a.ok || !a.rel.endsWith(".woff2")) continue;
    const metrics = await fontMetrics(a.bytes);
    if (typeof metrics === "string") {
      const path = formatPath(a.path);
      all.push({
        ...locateValue(layers, a.path),
        path,
        message: `${shownDir}/${a.rel}: ${metrics}`,
      });
    }
  }
  // Readable colours are a rule across the palette's fields, checked once its shape is right.
  if (config) {
    for (const c of contrastProblems(config.theme.palette)) {
      all.push({ ...locateValue(layers, c.path), path: formatPath(c.path), message: c.message });
    }
    if (config.hosts.length) {
      all.push(
        ...hostProblems(
          tenantsDir,
          layers,
          id,
          file,
          config,
          claims ?? (await hostClaims(tenantsDir)),
        ),
      );
    }
  }
  if (all.length || !config) return fail(id, file, all);

  // The tenant file first: a tenant without a base hashes exactly as it always did.
  const hash = createHash("sha256").update(first.layer.bytes);
  for (const base of layers.slice(1)) hash.update(`\0extends\0${base.id}\0`).update(base.bytes);
  // Stryker disable next-line ConditionalExpression,StringLiteral: here every asset is ok, and the YAML bytes hashed above already name each asset's path.
  for (const a of assets) if (a.ok) hash.update(`\0${a.rel}\0`).update(a.bytes);
  const checked = new Map(assets.flatMap((a) => (a.ok ? [[a.rel, a.bytes] as const] : [])));
  const read = [
    ...layers.map((l) => ({
      // Stryker disable next-line StringLiteral: a tenant file lies directly in the tenants folder
      path: relative(tenantsDir, l.abs).split(sep).join("/"),
      bytes: l.bytes,
    })),
    ...[...checked].map(([rel, bytes]) => ({ path: rel, bytes })),
  ];
  const sources = new Map(read.map((r) => [r.path, r.bytes] as const));
  const inputs: TenantInput[] = read.map(({ path, bytes }) => ({
    path,
    abs: join(tenantsDir, path),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  }));
  return {
    ok: true,
    id,
    file,
    config,
    hash: hash.digest("hex"),
    assets: checked,
    sources,
    bases: layers.slice(1).map((l) => l.id),
    inputs,
  };
}

/**
 * Every file a loaded tenant was made from, as read: its YAML, the YAML of each base it extends
 * (nearest first) and each asset. A build records them so that whatever decides whether a bundle
 * is stale sees a change to any of them; `dev` watches them.
 */
export function tenantInputs(tenant: LoadedTenant): readonly TenantInput[] {
  return tenant.inputs;
}

/**
 * Loads one tenant. `claims` (every host the folder's tenant files name) is read from the folder
 * when not given; `loadTenants` reads it once for all.
 */
export async function loadTenant(
  tenantsDir: string,
  id: string,
  claims?: HostClaims,
): Promise<LoadResult> {
  const dir = resolve(tenantsDir);
  if (typeof id !== "string" || !TENANT_ID_RE.test(id)) {
    // Shown as typed (on one line), never joined into a path that is touched.
    const file = `${shownPath(dir)}/${oneLine(String(id))}.yaml`;
    const message = `not a valid tenant id; expected lowercase letters and digits, in words joined by single hyphens (e.g. mysport-usa); received ${JSON.stringify(String(id))}`;
    return fail(String(id), file, [{ file, line: 1, col: 1, path: "(id)", message }]);
  }
  const abs = join(dir, `${id}.yaml`);
  const file = shownPath(abs);
  try {
    return await loadFile(dir, id, abs, file, claims);
  } catch (e) {
    const message = `could not be checked: ${(e as Error)?.message ?? String(e)}`;
    return fail(id, file, [{ file, line: 1, col: 1, path: "(file)", message }]);
  }
}

export async function loadTenants(tenantsDir: string, ids?: string[]): Promise<LoadResult[]> {
  const wanted = ids?.length ? [...new Set(ids)] : await listTenantIds(tenantsDir);
  const claims = await hostClaims(resolve(tenantsDir));
  return Promise.all(wanted.map((id) => loadTenant(tenantsDir, id, claims)));
}
