/**
 * Turns zod issues into one readable line each: what is wrong, what was expected,
 * what was received. The wording is pinned by test/unit/config tests.
 */
import type { core, ZodType } from "zod";

export type Issue = core.$ZodIssue;
export type PathSegment = string | number;

/**
 * Text of a problem line as one safe line: control characters and line separators a
 * hostile file may carry (in a key, in a quoted value) are shown escaped, so they can neither
 * break the `file:line:col  field  message` line nor drive the terminal.
 */
export function oneLine(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped.
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `hosts[1].language`; the whole document is `(root)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(String(seg))) out += out ? `.${String(seg)}` : String(seg);
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}

/** A value as the user wrote it in YAML, short enough for one line. */
export function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null (an empty value)";
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (v instanceof Uint8Array) return "binary data";
  if (Array.isArray(v)) {
    if (v.length === 0) return "an empty list";
    const scalars = v.every(
      (x) => x === null || ["string", "number", "boolean"].includes(typeof x),
    );
    const text = `[${v.map((x) => describeValue(x)).join(", ")}]`;
    return scalars && text.length <= 80
      ? text
      : `a list of ${v.length} item${v.length === 1 ? "" : "s"}`;
  }
  return "a map";
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "a boolean",
  object: "a map of keys",
  array: "a list",
  null: "null",
};

/** Words YAML 1.1 read as booleans; YAML 1.2 (what we parse) keeps them as strings. */
const YAML11_BOOLS = /^(y|yes|n|no|on|off|true|false)$/i;

export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** The closest candidate, if it is close enough to be a likely typo. */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = c.toLowerCase() === word.toLowerCase() ? 0 : levenshtein(word, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  const limit = Math.max(1, Math.floor(word.length / 3));
  return bestDistance <= limit ? best : undefined;
}

type Def = {
  type?: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
};
const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(s: ZodType, onWrapper?: (type: string | undefined) => void): ZodType {
  let cur = s;
  for (;;) {
    const def = defOf(cur);
    // Wrappers hold their schema in innerType; a pipe (the only def with `in`) in `in`.
    const next = def.innerType ?? def.in;
    if (!next) return cur;
    onWrapper?.(def.type);
    cur = next;
  }
}

/** The schema at a data path, wrappers (optional, nullable, pipe) of the last step kept. */
function rawSchemaAt(root: ZodType, path: readonly PropertyKey[]): ZodType | undefined {
  let s: ZodType | undefined = root;
  for (const seg of path) {
    if (!s) return undefined;
    const def = defOf(unwrap(s));
    // Stryker disable next-line LogicalOperator,OptionalChaining: only an object schema has a shape
    if (def.type === "object" && typeof seg === "string") s = def.shape?.[seg];
    else if (def.type === "array" && typeof seg === "number") s = def.element;
    else return undefined;
  }
  return s;
}

/** Keys an object schema allows at a data path. */
export function allowedKeys(root: ZodType, path: readonly PropertyKey[]): string[] {
  const s = rawSchemaAt(root, path);
  const shape = s ? defOf(unwrap(s)).shape : undefined;
  return shape ? Object.keys(shape) : [];
}

/** Whether the field at a data path is wrapped in `kind` (optional or nullable). */
function wrappedAt(root: ZodType, path: readonly PropertyKey[], kind: string): boolean {
  const s = rawSchemaAt(root, path);
  let found = false;
  if (s)
    unwrap(s, (type) => {
      if (type === kind) found = true;
    });
  return found;
}

const isNullableAt = (root: ZodType, path: readonly PropertyKey[]) =>
  wrappedAt(root, path, "nullable");

/** Whether null is a value of its own for the field at a data path (`footer: null`). */
export const acceptsNull = isNullableAt;

/** Whether the field at a data path may be left out. */
export const isOptionalAt = (root: ZodType, path: readonly PropertyKey[]) =>
  wrappedAt(root, path, "optional");

export function unknownKeyMessage(key: string, allowed: string[], present: string[]): string {
  const free = allowed.filter((k) => !present.includes(k));
  const guess = didYouMean(key, free);
  if (guess) return `unknown key ${JSON.stringify(key)} — did you mean ${JSON.stringify(guess)}?`;
  return `unknown key ${JSON.stringify(key)}; expected one of ${allowed.join(", ")}`;
}

/** Values of a union of literals, or undefined if the union is anything else. */
function unionLiterals(issue: Issue & { code: "invalid_union" }): unknown[] | undefined {
  const values: unknown[] = [];
  for (const branch of issue.errors) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (only?.code !== "invalid_value" || only.path.length > 0) return undefined;
    values.push(...only.values);
  }
  return values.length ? values : undefined;
}

function received(issue: Issue): string {
  return `received ${describeValue(issue.input)}`;
}

function isDefaultMessage(message: string): boolean {
  return message.startsWith("Invalid");
}

/** One human line for one zod issue (unrecognized_keys is handled per key by the loader). */
export function describeIssue(issue: Issue, schema: ZodType): string {
  switch (issue.code) {
    case "invalid_type": {
      let expected = TYPE_NAMES[issue.expected] ?? `a value of type ${issue.expected}`;
      if (isNullableAt(schema, issue.path)) expected += " or null";
      if (issue.input === undefined) return `missing required field; expected ${expected}`;
      const hint =
        issue.expected === "boolean" &&
        typeof issue.input === "string" &&
        YAML11_BOOLS.test(issue.input)
          ? " — YAML 1.2 reads only true and false as booleans"
          : "";
      return `expected ${expected}, ${received(issue)}${hint}`;
    }
    case "invalid_value":
    case "invalid_union": {
      const values = issue.code === "invalid_value" ? issue.values : unionLiterals(issue);
      if (!values) return `does not match any allowed form; ${received(issue)}`;
      const expected =
        values.length === 1
          ? `expected ${String(values[0])}`
          : `expected one of ${values.map(String).join(", ")}`;
      const strings = values.filter((v): v is string => typeof v === "string");
      const guess = typeof issue.input === "string" ? didYouMean(issue.input, strings) : undefined;
      return `${expected}; ${received(issue)}${guess ? ` — did you mean ${JSON.stringify(guess)}?` : ""}`;
    }
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = Number(small ? issue.minimum : issue.maximum);
      const bound = small ? "at least" : "at most";
      if (issue.origin === "array") {
        return `expected ${bound} ${limit} item${limit === 1 ? "" : "s"}, ${received(issue)}`;
      }
      if (issue.origin === "string") {
        if (small && limit === 1) return `expected a non-empty string, ${received(issue)}`;
        return `expected ${bound} ${limit} characters, ${received(issue)}`;
      }
      const op = small
        ? issue.inclusive === false
          ? ">"
          : "≥"
        : issue.inclusive === false
          ? "<"
          : "≤";
      return `expected a number ${op} ${limit}, ${received(issue)}`;
    }
    case "invalid_format": {
      const custom = !isDefaultMessage(issue.message);
      const what = custom
        ? issue.message
        : issue.format === "regex"
          ? `text matching ${issue.pattern ?? "the pattern"}`
          : `a valid ${issue.format}`;
      return `expected ${what}, ${received(issue)}`;
    }
    case "custom":
      return issue.input === undefined ? issue.message : `${issue.message}; ${received(issue)}`;
    default:
      return `${issue.message}; ${received(issue)}`;
  }
}
