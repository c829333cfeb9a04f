/**
 * Reads one tenant file: a bounded size and shape, parsed as YAML 1.2 (core schema, each key
 * once), every problem placed in that file. A problem of the YAML itself names no data path,
 * but for a duplicate key.
 */
import { readFile, realpath, stat } from "node:fs/promises";
import { type Document, LineCounter, parseDocument, type YAMLError } from "yaml";
import { inside } from "./assets.ts";
import { formatPath } from "./errors.ts";
import type { Layer } from "./extends.ts";
import { complexKeyOffsets, firstAliasOffset, pathAtOffset, positionAt } from "./locate.ts";
import type { ConfigProblem } from "./problem.ts";
import { yamlShapeProblem } from "./shape.ts";

export const MAX_CONFIG_BYTES = 1024 * 1024;
export const MAX_ALIAS_COUNT = 50;

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
  // yaml's pretty errors end their first line with " at line N, column M:" (the context follows).
  // Stryker disable next-line Regex: see above
  const text = (e.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  return { file, line, col, path: "(yaml)", message: `invalid YAML: ${text}` };
}

/**
 * Whether a tenant's own file really is outside the tenants folder (a symbolic link to
 * `~/secret.env` or `/proc/self/environ`): such a file is never read, so nothing of it can be
 * echoed in a problem. Missing or unreadable files are not: reading them says which.
 */
export async function linkedOut(tenantsDir: string, abs: string): Promise<boolean> {
  try {
    return !inside(await realpath(tenantsDir), await realpath(abs));
  } catch {
    return false;
  }
}

type Parsed = { ok: true; layer: Layer } | { ok: false; problems: ConfigProblem[] };

/** Reads and parses one tenant file; what is wrong with it is placed in that file. */
export async function readLayer(
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
  // Equivalent as far as a problem shows: "core" is YAML 1.2's default schema, the pretty suffix
  // is cut from the message above, and no log level but "warn" or "debug" writes to the console.
  const doc = parseDocument(text, {
    version: "1.2",
    // Stryker disable next-line StringLiteral: see above
    schema: "core",
    uniqueKeys: true,
    // Stryker disable next-line BooleanLiteral: see above
    prettyErrors: true,
    lineCounter: lc,
    // Stryker disable next-line StringLiteral: see above
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
    // Stryker disable next-line OptionalChaining: yaml throws Error objects, never null
    const message = /alias/i.test(String((e as Error)?.message))
      ? `too many alias expansions; expected at most ${MAX_ALIAS_COUNT} — write the values out instead of nesting aliases`
      : `invalid YAML: ${(e as Error)?.message ?? String(e)}`;
    return { ok: false, problems: [{ file, line, col, path: "(yaml)", message }] };
  }
  return { ok: true, layer: { id, abs, file, bytes, doc, lc, data } };
}
