import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tenantFieldRows, tenantReference } from "../../../cli/commands/docs.ts";
import { tenantJsonSchema } from "../../../cli/config/json-schema.ts";
import { TENANT_IDS as TENANTS } from "../fixtures/tenants.ts";

/** Every key path a YAML value uses, lists of maps written as `list[].key`. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keyPaths(v, `${prefix}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return [path, ...keyPaths(v, path)];
  });
}

/** Counts property definitions in a JSON Schema, independently of the generator's walk. */
function countProperties(node: unknown): number {
  if (node === null || typeof node !== "object") return 0;
  const n = node as Record<string, unknown>;
  const own = n.properties ? Object.keys(n.properties as object).length : 0;
  return own + Object.values(n).reduce<number>((sum, v) => sum + countProperties(v), 0);
}

describe("docs/tenant-config.md, the reference of every tenant field", () => {
  it("is in sync with the schema (run `npm run docs` after changing cli/config/schema.ts)", async () => {
    const committed = await readFile("docs/tenant-config.md", "utf8");
    expect(committed).toBe(tenantReference());
  });

  it("has one row per field the JSON Schema defines", () => {
    const rows = tenantFieldRows();
    // The whole tenant's fields (`else`), plus `extends`; the root's own properties are the same
    // fields again, as a file that extends another may give them (none required).
    const schema = tenantJsonSchema() as { else: unknown };
    expect(rows).toHaveLength(countProperties(schema.else) + 1);
    expect(rows[0]?.path).toBe("extends");
    expect(new Set(rows.map((r) => r.path)).size).toBe(rows.length);
  });

  it("documents every field the tenants of tenants/ use", async () => {
    const documented = new Set(tenantFieldRows().map((r) => r.path));
    for (const id of TENANTS) {
      const data = parse(await readFile(`tenants/${id}.yaml`, "utf8"));
      for (const path of keyPaths(data)) expect(documented, `${id}: ${path}`).toContain(path);
    }
  });

  it("gives type, required, allowed values and description as the schema has them", () => {
    const row = (path: string) => tenantFieldRows().find((r) => r.path === path);
    expect(row("currencyId")).toMatchObject({
      type: "number",
      required: true,
      allowed: ["one of `643`, `840`, `978`"],
    });
    expect(row("footer")).toMatchObject({ type: "object or null", required: true });
    expect(row("auth")).toMatchObject({ type: "object", required: false });
    expect(row("auth.realm")).toMatchObject({ required: true, description: "Keycloak realm." });
    expect(row("languages.available")?.allowed).toContain("each one of `ru`, `en`, `es`");
    expect(row("theme.typography.baseSize")?.allowed).toEqual(["12 to 20"]);
    expect(row("hosts[].host")?.type).toBe("string");
    expect(row("api.origin")).toMatchObject({ type: "string (URL)", required: false });
  });

  it("keeps pipes in patterns from splitting a table cell", () => {
    const line = tenantReference()
      .split("\n")
      .find((l) => l.startsWith("| `theme.logo` "));
    expect(line).toContain("(svg\\|png\\|ico\\|webp)");
    expect(line?.split(/(?<!\\)\|/).length).toBe(7);
  });
});
