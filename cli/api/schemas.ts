/**
 * JSON Schema (2020-12, as OpenAPI 3.1 takes it) of the contracts the client checks replies
 * with: zod's own conversion for the zod/mini contracts, and for the first screen's plain checks
 * (storefront/src/api/contracts/plain.ts, no zod in that JavaScript) a reading of what they
 * report: each is asked about an empty value, a null, an empty object and a one-item list at
 * each place, and the issues it names are its fields, their types and what may be null. Nothing
 * is written twice by hand: a contract that changes changes the document.
 */
import * as z from "zod";
import type { Contract } from "../../storefront/src/api/http.ts";

export type JsonSchema = Record<string, unknown>;

interface Issue {
  readonly path?: readonly PropertyKey[] | undefined;
  readonly expected?: string;
}

/** The JSON Schema of a reply's contract. */
export function contractSchema(contract: Contract<unknown>): JsonSchema {
  if (contract["~standard"] && "_zod" in (contract as object)) {
    const schema = z.toJSONSchema(contract as unknown as z.ZodType, {
      io: "output",
      unrepresentable: "any",
    }) as JsonSchema;
    delete schema.$schema;
    return schema;
  }
  const validate = (value: unknown): Issue[] => {
    const result = contract["~standard"].validate(value);
    if (result instanceof Promise) throw new Error("an asynchronous contract");
    return [...((result.issues ?? []) as readonly Issue[])];
  };
  return plainSchema(validate, (x) => x, []);
}

/** What a plain check's `expected` says, as JSON Schema. */
const PLAIN_TYPES: Record<string, JsonSchema> = {
  string: { type: "string" },
  "non-empty string": { type: "string", minLength: 1 },
  boolean: { type: "boolean" },
  int: { type: "integer" },
  "nonnegative int": { type: "integer", minimum: 0 },
};

/** Deeper than any reply the shop reads: a contract that recurses is refused, not followed. */
const MAX_DEPTH = 12;

function plainSchema(
  validate: (value: unknown) => Issue[],
  place: (inner: unknown) => unknown,
  path: readonly PropertyKey[],
): JsonSchema {
  if (path.length > MAX_DEPTH) throw new Error(`a plain contract deeper than ${MAX_DEPTH}`);
  const here = (issues: Issue[]) => issues.find((i) => samePath(i.path ?? [], path));
  const expected = here(validate(place(undefined)))?.expected;
  const nullable = here(validate(place(null))) === undefined;
  let schema: JsonSchema;
  if (expected === "object") {
    const keys = validate(place({}))
      .map((i) => i.path ?? [])
      .filter((p) => p.length === path.length + 1 && samePath(p.slice(0, path.length), path))
      .map((p) => String(p[path.length]));
    const properties: Record<string, JsonSchema> = {};
    for (const key of keys) {
      properties[key] = plainSchema(validate, (x) => place({ [key]: x }), [...path, key]);
    }
    schema = { type: "object", properties, required: keys };
  } else if (expected === "array") {
    schema = { type: "array", items: plainSchema(validate, (x) => place([x]), [...path, 0]) };
  } else {
    const leaf = expected === undefined ? undefined : PLAIN_TYPES[expected];
    if (!leaf) throw new Error(`a plain check expecting ${String(expected)} at ${path.join(".")}`);
    schema = { ...leaf };
  }
  return nullable ? { anyOf: [schema, { type: "null" }] } : schema;
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
