import { z } from "zod";
import { tenantSchema } from "./schema.ts";

/** The tenant schema as JSON Schema, for editors (yaml-language-server) and the field reference. */
export function tenantJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(tenantSchema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return {
    ...schema,
    title: "Storefront tenant",
    $id: "https://storefront.local/tenant.schema.json",
  };
}
