/**
 * The core's cache key: a change to any module of the build that shapes the core's files (the
 * Vite config, each plugin it imports, the boot script, the service worker) builds the core
 * again. A plugin left out of the key once kept serving a core built before its change.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { CORE_BUILD_INPUTS } from "../../../cli/build/core.ts";
import { PACKAGE_ROOT, STOREFRONT_DIR } from "../../../cli/build/paths.ts";

/** The relative modules `file` imports or re-exports (types too), read from its syntax tree. */
function localImports(file: string): string[] {
  const program = parseAst(readFileSync(file, "utf8"), { lang: "ts" });
  return program.body
    .flatMap((node) => ("source" in node && node.source ? [String(node.source.value)] : []))
    .filter((name) => name.startsWith("./") || name.startsWith("../"))
    .map((name) => resolve(dirname(file), name));
}

describe("the core's cache key", () => {
  it("covers every build module the Vite config, the boot script and the service worker import", () => {
    const roots = [
      "cli/build/vite-config.ts",
      "cli/build/boot-script.ts",
      "cli/build/service-worker.ts",
    ];
    const seen = new Set<string>();
    const queue = roots.map((f) => join(PACKAGE_ROOT, f));
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      // The storefront's own modules are in the key as sources, whoever imports them.
      queue.push(...localImports(file).filter((f) => !f.startsWith(STOREFRONT_DIR)));
    }
    const reached = [...seen].map((f) => relative(PACKAGE_ROOT, f).split("\\").join("/")).sort();
    expect(reached.length).toBeGreaterThanOrEqual(roots.length + 3);
    const listed: readonly string[] = CORE_BUILD_INPUTS;
    expect(reached.filter((f) => !listed.includes(f))).toEqual([]);
  });

  it("holds the package's own description, whose sideEffects decide what the bundler drops", () => {
    expect(CORE_BUILD_INPUTS).toContain("package.json");
    expect(CORE_BUILD_INPUTS).toContain("package-lock.json");
  });
});
