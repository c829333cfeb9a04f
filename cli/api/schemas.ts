/**
 * JSON Schema (2020-12, as OpenAPI 3.1 takes it) of the contracts the client checks replies
 * with (storefront/src/api/contracts/plain.ts and shop-checks.ts), read from what they report.
 * At each place a check is given a value of no JSON type (a symbol): the `expected` it names is
 * its rule, and an enum names its values. An object is given a stand-in whose every key reads
 * that value, so it names all its keys, the optional ones too; a key where `undefined` passes is
 * optional, a place where `null` passes may be null. Nothing is written twice by hand: a contract
 * that changes changes the document.
 */
import type { Contract } from "../../storefront/src/api/http.ts";

export type JsonSchema = Record<string, unknown>;

interface Issue {
  readonly path?: readonly PropertyKey[] | undefined;
  readonly expected?: string;
  readonly values?: readonly unknown[];
}

/** The JSON Schema of a reply's contract. */
export function contractSchema(contract: Contract<unknown>): JsonSchema {
  const validate = (value: unknown): Issue[] => {
    const result = contract["~standard"].validate(value);
    if (result instanceof Promise) throw new Error("an asynchronous contract");
    return [...((result.issues ?? []) as readonly Issue[])];
  };
  return plainSchema(validate, (x) => x, []).schema;
}

/** What a plain check's `expected` says, as JSON Schema. */
const PLAIN_TYPES: Record<string, JsonSchema> = {
  string: { type: "string" },
  "non-empty string": { type: "string", minLength: 1 },
  boolean: { type: "boolean" },
  int: { type: "integer" },
  "nonnegative int": { type: "integer", minimum: 0 },
  "nonnegative number": { type: "number", minimum: 0 },
  "number from 0 to 100": { type: "number", minimum: 0, maximum: 100 },
  "ISO 8601 date-time with offset": { type: "string", format: "date-time" },
};

/** A value no check takes: what each one then says it expected is its rule. */
const PROBE = Symbol("probe");

/** An object whose every key holds `probe`, but `key`, which holds `value`. */
function everyKey(key?: string, value?: unknown): object {
  return new Proxy({}, { get: (_, k) => (k === key ? value : PROBE) });
}

/** Deeper than any reply the shop reads: a contract that recurses is refused, not followed. */
const MAX_DEPTH = 12;

function plainSchema(
  validate: (value: unknown) => Issue[],
  place: (inner: unknown) => unknown,
  path: readonly PropertyKey[],
): { schema: JsonSchema; optional: boolean } {
  if (path.length > MAX_DEPTH) throw new Error(`a plain contract deeper than ${MAX_DEPTH}`);
  const here = (value: unknown) => validate(place(value)).find((i) => samePath(i.path ?? [], path));
  const probed = here(PROBE);
  const optional = here(undefined) === undefined;
  const nullable = here(null) === undefined;
  const expected = probed?.expected;
  let schema: JsonSchema;
  if (probed?.values) {
    schema = { type: "string", enum: [...probed.values] };
  } else if (expected === "object") {
    const keys = new Set(
      validate(place(everyKey()))
        .map((i) => i.path ?? [])
        .filter((p) => p.length === path.length + 1 && samePath(p.slice(0, path.length), path))
        .map((p) => String(p[path.length])),
    );
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const key of keys) {
      const field = plainSchema(validate, (x) => place(everyKey(key, x)), [...path, key]);
      properties[key] = field.schema;
      if (!field.optional) required.push(key);
    }
    schema = { type: "object", properties, required };
  } else if (expected === "array") {
    schema = {
      type: "array",
      items: plainSchema(validate, (x) => place([x]), [...path, 0]).schema,
    };
  } else {
    const leaf = expected === undefined ? undefined : PLAIN_TYPES[expected];
    if (!leaf) throw new Error(`a plain check expecting ${String(expected)} at ${path.join(".")}`);
    schema = { ...leaf };
  }
  return { schema: nullable ? { anyOf: [schema, { type: "null" }] } : schema, optional };
}

function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((k, i) => String(k) === String(b[i]));
}
/** The JSON Schema of a request body as the client sends it (its types, from the sample). */
export function sampleSchema(value: unknown): JsonSchema {
  if (value === null) return { type: "null" };
  if (Array.isArray(value))
    return { type: "array", items: value.length ? sampleSchema(value[0]) : {} };
  switch (typeof value) {
    case "string":
      return { type: "string" };
    case "number":
      return Number.isInteger(value) ? { type: "integer" } : { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "object": {
      const entries = Object.entries(value as Record<string, unknown>);
      return {
        type: "object",
        properties: Object.fromEntries(entries.map(([k, v]) => [k, sampleSchema(v)])),
        required: entries.map(([k]) => k),
      };
    }
    default:
      return {};
  }
}
