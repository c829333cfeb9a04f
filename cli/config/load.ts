/**
 * Loads tenants/<id>.yaml: YAML 1.2 parse → schema (shape and cross-field rules) →
 * asset paths. Never throws for bad input; every problem names file, line, column
 * and field, and all of them are reported at once.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { type Document, LineCounter, parseDocument, type YAMLError } from "yaml";
import { type AssetBytes, checkAssets } from "./assets.ts";
import {
  allowedKeys,
  describeIssue,
  didYouMean,
  formatPath,
  oneLine,
  unknownKeyMessage,
} from "./errors.ts";
import {
  complexKeyOffsets,
  firstAliasOffset,
  keysAt,
  offsetOfKey,
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
   * the bytes read: the YAML (and any file it extends) and its assets. The build records their
   * hashes and skips a tenant none of whose files changed.
   */
  sources: ReadonlyMap<string, Uint8Array>;
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
    .sort((a, b) => a.line - b.line || a.col - b.col);
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

function schemaProblems(doc: Document, lc: LineCounter, file: string, data: unknown) {
  const result = tenantSchema.safeParse(data, { reportInput: true });
  if (result.success) return { config: result.data, problems: [] as ConfigProblem[] };
  const problems: ConfigProblem[] = [];
  const at = (offset: number) => positionAt(lc, offset);
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const allowed = allowedKeys(tenantSchema, issue.path);
      const present = keysAt(doc, issue.path);
      for (const key of issue.keys) {
        const pos = at(offsetOfKey(doc, issue.path, key));
        const message = unknownKeyMessage(key, allowed, present);
        problems.push({ file, ...pos, path: formatPath([...issue.path, key]), message });
      }
      continue;
    }
    const pos = at(offsetOfPath(doc, issue.path));
    problems.push({
      file,
      ...pos,
      path: formatPath(issue.path),
      message: describeIssue(issue, tenantSchema),
    });
  }
  return { config: undefined, problems };
}

async function loadFile(
  tenantsDir: string,
  id: string,
  abs: string,
  file: string,
): Promise<LoadResult> {
  const problem = (message: string, path = "(file)"): FailedTenant =>
    fail(id, file, [{ file, line: 1, col: 1, path, message }]);
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
    if (code === "ENOENT") return problem(await missingFileMessage(tenantsDir, file, id));
    return problem(`cannot read ${file}: ${code ?? (e as Error).message}`);
  }

  const text = bytes.toString("utf8");
  const shape = yamlShapeProblem(text);
  if (shape) {
    // Too big or too deep to parse safely: placed by counting lines, without the parser.
    const before = text.slice(0, shape.offset);
    const line = before.split("\n").length;
    const col = shape.offset - before.lastIndexOf("\n");
    return fail(id, file, [{ file, line, col, path: "(yaml)", message: shape.message }]);
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
  if (syntax.length) return fail(id, file, syntax);
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
    return fail(id, file, [{ file, line, col, path: "(yaml)", message }]);
  }

  const { config, problems } = schemaProblems(doc, lc, file, data);
  const shownDir = shownPath(tenantsDir);
  const assets = await checkAssets(tenantsDir, shownDir, data);
  let all = problems;
  for (const a of assets) {
    if (a.ok) continue;
    const path = formatPath(a.path);
    // An escaping path is the real story; a missing file only matters if the shape was right.
    if (a.kind === "missing" && all.some((p) => p.path === path)) continue;
    if (a.kind === "escapes") all = all.filter((p) => p.path !== path);
    all.push({ file, ...positionAt(lc, offsetOfPath(doc, a.path)), path, message: a.message });
  }
  if (all.length || !config) return fail(id, file, all);

  const hash = createHash("sha256").update(bytes);
  // Stryker disable next-line ConditionalExpression,StringLiteral: here every asset is ok, and the YAML bytes hashed above already name each asset's path.
  for (const a of assets) if (a.ok) hash.update(`\0${a.rel}\0`).update(a.bytes);
  const checked = new Map(assets.flatMap((a) => (a.ok ? [[a.rel, a.bytes] as const] : [])));
  const sources = new Map<string, Uint8Array>([[relative(tenantsDir, abs), bytes], ...checked]);
  return { ok: true, id, file, config, hash: hash.digest("hex"), assets: checked, sources };
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
