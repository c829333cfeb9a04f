import { z } from "zod";
import { EXTENDS_KEY, MAX_EXTENDS_DEPTH } from "./extends.ts";
import { TENANT_ID_RE, tenantSchema } from "./schema.ts";

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === "object" && !Array.isArray(v);

export const EXTENDS_DESCRIPTION = `Id of another tenant in the same folder whose values this file takes unless it sets them: maps merge key by key, lists and scalars replace, null removes an inherited optional field. Chains of up to ${MAX_EXTENDS_DEPTH} steps; a cycle is an error.`;

/**
 * What a file that extends another may hold: the same fields, none required (at any depth
 * reached through maps; a list replaces the base's list, so its items stay complete), and null
 * for an optional field, which removes the inherited one.
 */
function partial(node: Node): Node {
  const { required, ...rest } = node;
  const requiredKeys = new Set(Array.isArray(required) ? (required as string[]) : []);
  const out: Node = { ...rest };
  if (Array.isArray(node.anyOf)) {
    out.anyOf = node.anyOf.map((o) => (isNode(o) && o.type === "object" ? partial(o) : o));
  }
  if (isNode(node.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, value]) => {
        const inner = isNode(value) ? partial(value) : value;
        if (requiredKeys.has(key) || !isNode(inner) || Array.isArray(inner.anyOf)) {
          return [key, inner];
        }
        const { description, ...schema } = inner;
        return [key, { description, anyOf: [schema, { type: "null" }] }];
      }),
    );
  }
  return out;
}

/**
 * The tenant schema as JSON Schema, for editors (yaml-language-server) and the field reference.
 * A file with `extends` is checked as a partial tenant (the merged result is checked by
 * `storefront validate`); any other file as a whole tenant (`else`).
 */
export function tenantJsonSchema(): Record<string, unknown> {
  const { $schema, ...whole } = z.toJSONSchema(tenantSchema, {
    io: "input",
    unrepresentable: "any",
  }) as Node;
  const child = partial(whole);
  const extendsField = {
    type: "string",
    pattern: TENANT_ID_RE.source,
    description: EXTENDS_DESCRIPTION,
  };
  return {
    $schema,
    ...child,
    properties: { [EXTENDS_KEY]: extendsField, ...(child.properties as Node) },
    if: { required: [EXTENDS_KEY] },
    else: whole,
    title: "Storefront tenant",
    $id: "https://storefront.local/tenant.schema.json",
  };
}
