// @vitest-environment node
/** Every error code the demo backend sends is documented for the storefront's engineers. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [readFileSync(path, "utf8")] : [];
  });
}

describe("error codes", () => {
  it("are all listed in storefront/src/api/README.md", () => {
    const codes = new Set<string>();
    for (const text of sources(join(root, "cli/preview/demo"))) {
      for (const m of text.matchAll(/fail\(\s*\d{3},\s*"([A-Za-z]+)"/g)) codes.add(m[1] ?? "");
      for (const m of text.matchAll(/unauthorized\(\s*"([A-Za-z]+)"/g)) codes.add(m[1] ?? "");
      for (const m of text.matchAll(/no\(\s*\d{3},\s*"([A-Za-z]+)"/g)) codes.add(m[1] ?? "");
    }
    expect(codes.size).toBeGreaterThan(30);
    const readme = readFileSync(join(root, "storefront/src/api/README.md"), "utf8");
    expect([...codes].filter((code) => !readme.includes(`\`${code}\``)).sort()).toEqual([]);
  });
});
