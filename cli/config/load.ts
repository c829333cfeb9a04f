/**
 * Loads tenants/<id>.yaml: YAML 1.2 parse → schema (shape and cross-field rules) →
 * asset paths. Never throws for bad input; every problem names file, line, column
 * and field, and all of them are reported at once.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { type Document, LineCounter, parseDocument, type YAMLError } from "yaml";
import { type AssetBytes, checkAssets, inside } from "./assets.ts";
import { contrastProblems } from "./contrast.ts";
import {
  allowedKeys,
  describeIssue,
  describeValue,
  didYouMean,
  formatPath,
  oneLine,
  unknownKeyMessage,
} from "./errors.ts";
import {
  EXTENDS_KEY,
  type Layer,
  locateKey,
  locateValue,
  MAX_EXTENDS_DEPTH,
  mergeLayers,
} from "./extends.ts";
import { fontMetrics } from "./fonts.ts";
import {
  complexKeyOffsets,
  firstAliasOffset,
  offsetOfPath,
  pathAtOffset,
  positionAt,
} from "./locate.ts";
import { TENANT_ID_RE, type TenantConfig, tenantSchema } from "./schema.ts";
import { yamlShapeProblem } from "./shape.ts";

export type ConfigProblem = {
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
};
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

export const MAX_CONFIG_BYTES = 1024 * 1024;
export const MAX_ALIAS_COUNT = 50;

/** `tenants/mysport.yaml:12:5  theme.palette.primary  expected …` */
export function formatProblem(p: ConfigProblem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.path}  ${p.message}`;
}

/** A path as the user should see it: relative to the working directory, with `/`. */
function shownPath(abs: string): string {
  const rel = relative(process.cwd(), abs) || ".";
  return rel.split(sep).join("/");
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

async function missingFileMessage(tenantsDir: string, shown: string, id: string): Promise<string> {
  const known = await listTenantIds(tenantsDir);
  const guess = didYouMean(id, known);
  const hint = guess ? ` — did you mean ${JSON.stringify(guess)}?` : "";
  const list = known.length ? `known tenants: ${known.join(", ")}` : "no tenants found";
  return `no such tenant: ${shown}; ${list}${hint}`;
}

function yamlProblem(doc: Document, lc: LineCounter, file: string, e: YAMLError): ConfigProblem {
  const offset = e.pos[0];
  const { line, col } = positionAt(lc, offset);
  if (e.code === "DUPLICATE_KEY") {
    const path = pathAtOffset(doc, offset);
    const key = JSON.stringify(String(path.at(-1) ?? ""));
    const message = `duplicate key ${key}; expected each key once in a map`;
    return { file, line, col, path: path.length ? formatPath(path) : "(yaml)", message };
  }
  // In a broken document a data path would mislead, so syntax errors name none.
  const text = (e.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  return { file, line, col, path: "(yaml)", message: `invalid YAML: ${text}` };
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
        : [];
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

const isMapValue = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur = data;
  for (const seg of path) cur = (cur as Record<PropertyKey, unknown> | undefined)?.[seg];
  return cur;
}

type Parsed = { ok: true; layer: Layer } | { ok: false; problems: ConfigProblem[] };

/** Reads and parses one tenant file; what is wrong with it is placed in that file. */
async function readLayer(
  id: string,
  abs: string,
  file: string,
  missing: () => Promise<ConfigProblem>,
): Promise<Parsed> {
  const problem = (message: string, path = "(file)"): Parsed => ({
    ok: false,
    problems: [{ file, line: 1, col: 1, path, message }],
  });
  let bytes: Buffer;
  try {
    const info = await stat(abs);
    if (!info.isFile()) return problem(`not a file: ${file}; expected a YAML file`);
    if (info.size > MAX_CONFIG_BYTES) {
      return problem(`the file is ${info.size} bytes; expected at most ${MAX_CONFIG_BYTES} bytes`);
    }
    bytes = await readFile(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, problems: [await missing()] };
    return problem(`cannot read ${file}: ${code ?? (e as Error).message}`);
  }

  const text = bytes.toString("utf8");
  const shape = yamlShapeProblem(text);
  if (shape) {
    // Too big or too deep to parse safely: placed by counting lines, without the parser.
    const before = text.slice(0, shape.offset);
    const line = before.split("\n").length;
    const col = shape.offset - before.lastIndexOf("\n");
    return { ok: false, problems: [{ file, line, col, path: "(yaml)", message: shape.message }] };
  }
  const lc = new LineCounter();
  const doc = parseDocument(text, {
    version: "1.2",
    schema: "core",
    uniqueKeys: true,
    prettyErrors: true,
    lineCounter: lc,
    logLevel: "error",
  });
  const syntax = [...doc.errors, ...doc.warnings].map((e) => yamlProblem(doc, lc, file, e));
  for (const offset of complexKeyOffsets(doc)) {
    const message = "a list or map used as a key; expected a plain key such as tenantName";
    syntax.push({ file, ...positionAt(lc, offset), path: "(yaml)", message });
  }
  if (syntax.length) return { ok: false, problems: syntax };
  if (doc.contents === null) {
    return problem(
      "the file is empty; expected a map of tenant settings (tenantName: …)",
      "(root)",
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // yaml refuses documents whose aliases expand too much (the "billion laughs" attack).
    const { line, col } = positionAt(lc, firstAliasOffset(doc));
    const message = /alias/i.test(String((e as Error)?.message))
      ? `too many alias expansions; expected at most ${MAX_ALIAS_COUNT} — write the values out instead of nesting aliases`
      : `invalid YAML: ${(e as Error)?.message ?? String(e)}`;
    return { ok: false, problems: [{ file, line, col, path: "(yaml)", message }] };
  }
  return { ok: true, layer: { id, abs, file, bytes, doc, lc, data } };
}

type Chain = { ok: true; layers: Layer[] } | { ok: false; problems: ConfigProblem[] };

/**
 * The tenant file and the files it extends, child first. A base is another tenant of the same
 * folder, named by its id (so no path can reach outside it), and its real file must be inside
 * the folder too (no symbolic link out); a cycle and a chain longer than MAX_EXTENDS_DEPTH are
 * refused where the `extends` that closes or lengthens it is written.
 */
async function resolveChain(tenantsDir: string, first: Layer): Promise<Chain> {
  const layers = [first];
  const shownDir = shownPath(tenantsDir);
  let realDir = tenantsDir;
  try {
    realDir = await realpath(tenantsDir);
  } catch {
    // The folder was readable a moment ago; keep the resolved path.
  }
  for (;;) {
    const cur = layers.at(-1) as Layer;
    if (!isMapValue(cur.data) || !Object.hasOwn(cur.data, EXTENDS_KEY)) return { ok: true, layers };
    const value = cur.data[EXTENDS_KEY];
    const refuse = async (message: string): Promise<ConfigProblem> => ({
      file: cur.file,
      ...positionAt(cur.lc, offsetOfPath(cur.doc, [EXTENDS_KEY])),
      path: EXTENDS_KEY,
      message,
    });
    const stop = async (message: string): Promise<Chain> => ({
      ok: false,
      problems: [await refuse(message)],
    });
    if (typeof value !== "string" || !TENANT_ID_RE.test(value)) {
      return stop(
        `expected the id of another tenant in ${shownDir}/ (e.g. mysport), received ${describeValue(value)}`,
      );
    }
    if (layers.some((l) => l.id === value)) {
      const cycle = [...layers.map((l) => l.id), value].join(" → ");
      return stop(`extends makes a cycle (${cycle}); a tenant cannot inherit from itself`);
    }
    if (layers.length > MAX_EXTENDS_DEPTH) {
      const chain = [...layers.map((l) => l.id), value].join(" → ");
      return stop(
        `a chain of more than ${MAX_EXTENDS_DEPTH} extends (${chain}); expected at most ${MAX_EXTENDS_DEPTH} — write the values in a nearer base`,
      );
    }
    const abs = join(tenantsDir, `${value}.yaml`);
    const file = shownPath(abs);
    const missing = async () =>
      refuse(`${await missingFileMessage(tenantsDir, file, value)}; extends names a tenant id`);
    try {
      if (!inside(realDir, await realpath(abs))) {
        return stop(
          `${file} leads outside ${shownDir}/ through a symbolic link; a base must be a tenant file inside it`,
        );
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT")
        return { ok: false, problems: [await missing()] };
      return stop(
        `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    const parsed = await readLayer(value, abs, file, missing);
    if (!parsed.ok) return parsed;
    layers.push(parsed.layer);
  }
}

async function loadFile(
  tenantsDir: string,
  id: string,
  abs: string,
  file: string,
): Promise<LoadResult> {
  const missing = async (): Promise<ConfigProblem> => ({
    file,
    line: 1,
    col: 1,
    path: "(file)",
    message: await missingFileMessage(tenantsDir, file, id),
  });
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

export async function loadTenant(tenantsDir: string, id: string): Promise<LoadResult> {
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
    return await loadFile(dir, id, abs, file);
  } catch (e) {
    const message = `could not be checked: ${(e as Error)?.message ?? String(e)}`;
    return fail(id, file, [{ file, line: 1, col: 1, path: "(file)", message }]);
  }
}

export async function loadTenants(tenantsDir: string, ids?: string[]): Promise<LoadResult[]> {
  const wanted = ids?.length ? [...new Set(ids)] : await listTenantIds(tenantsDir);
  return Promise.all(wanted.map((id) => loadTenant(tenantsDir, id)));
}
