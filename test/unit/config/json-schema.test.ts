import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { tenantJsonSchema } from "../../../cli/config/json-schema.ts";
import { TENANT_IDS } from "../fixtures/tenants.ts";

describe("tenant JSON Schema for editors", () => {
  it("docs/tenant.schema.json is in sync with the zod schema (run `npm run schema`)", async () => {
    const committed = JSON.parse(await readFile("docs/tenant.schema.json", "utf8"));
    expect(committed).toEqual(tenantJsonSchema());
  });
  it("every tenant YAML points editors at it", async () => {
    for (const id of TENANT_IDS) {
      const text = await readFile(`tenants/${id}.yaml`, "utf8");
      expect(text.split("\n")[0]).toBe(
        "# yaml-language-server: $schema=../docs/tenant.schema.json",
      );
    }
  });
  it("describes every top-level field", () => {
    const schema = tenantJsonSchema() as { properties: Record<string, { description?: string }> };
    for (const [key, prop] of Object.entries(schema.properties)) {
      expect(prop.description ?? "", key).not.toBe("");
    }
  });
});
