// @vitest-environment node
/**
 * Dependencies declared as used: a production dependency is something the CLI or the bundles
 * run, so cli/ or storefront/src/ names it (an import, or a plugin named by its package); what
 * only tests, fixtures or scripts use is a devDependency. (That every import is declared is the
 * layer check's rule no-non-package-json, over every folder: scripts/layers.sh.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every source file under `dir`, read. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name))
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"));
}

/** The packages named in `texts` as "name" or "name/…" (imports, or plugins named by package). */
const named = (texts: string[], names: string[]) =>
  names.filter((name) => texts.some((t) => t.includes(`"${name}"`) || t.includes(`"${name}/`)));

describe("package.json", () => {
  const shipped = [...sources("cli"), ...sources("storefront/src")];

  it("every production dependency is run by the CLI or the bundles", () => {
    const production = Object.keys(pkg.dependencies);
    expect(production.filter((name) => !named(shipped, [name]).length)).toEqual([]);
  });

  it("the check can fail: the property-test library is named by the tests, not by the CLI or the bundles", () => {
    expect(named(shipped, ["fast-check"])).toEqual([]);
    expect(named(sources("test/unit"), ["fast-check"])).toEqual(["fast-check"]);
    expect(Object.keys(pkg.devDependencies)).toContain("fast-check");
  });

  it("no package is both a production and a development dependency", () => {
    const both = Object.keys(pkg.dependencies).filter((name) => name in pkg.devDependencies);
    expect(both).toEqual([]);
  });
});
