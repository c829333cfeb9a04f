/**
 * Tools that need a newer Node than the machines' (or weigh on every `npm ci`) live in their
 * own pinned folders, scripts/tools/<name>, installed by scripts/ensure-tool.sh under the
 * newest Node LTS: dependency-cruiser, the hosts' runtimes and StrykerJS 10. Each pins exact
 * versions in its own lock; StrykerJS runs the project's own vitest, never a second copy.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const TOOLS = join(ROOT, "scripts/tools");
const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const folders = readdirSync(TOOLS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe("pinned tool folders", () => {
  it("each pins exact versions, the same in its package.json and its lock", () => {
    expect(folders).toEqual(expect.arrayContaining(["depcruise", "hosts", "mutation"]));
    for (const name of folders) {
      const pkg = json(join(TOOLS, name, "package.json"));
      const lock = json(join(TOOLS, name, "package-lock.json"));
      for (const [dep, version] of Object.entries<string>(pkg.dependencies)) {
        expect(version, `${name}: ${dep}`).toMatch(/^\d+\.\d+\.\d+$/);
        expect(lock.packages[`node_modules/${dep}`]?.version, `${name}: ${dep}`).toBe(version);
      }
    }
  });

  it("StrykerJS 10 comes from its folder, not the project's devDependencies, and uses the project's vitest", () => {
    const root = json(join(ROOT, "package.json"));
    const all = { ...root.dependencies, ...root.devDependencies };
    expect(Object.keys(all).filter((d) => d.startsWith("@stryker-mutator/"))).toEqual([]);
    const pkg = json(join(TOOLS, "mutation/package.json"));
    expect(pkg.dependencies["@stryker-mutator/core"]).toMatch(/^10\./);
    expect(pkg.dependencies["@stryker-mutator/vitest-runner"]).toBe(
      pkg.dependencies["@stryker-mutator/core"],
    );
    // The runner's peer is left out, so Node finds the project's vitest above .cache/.
    expect(readFileSync(join(TOOLS, "mutation/.npmrc"), "utf8")).toMatch(
      /^legacy-peer-deps=true$/m,
    );
    const lock = json(join(TOOLS, "mutation/package-lock.json"));
    expect(Object.keys(lock.packages)).not.toContain("node_modules/vitest");
    expect(root.devDependencies.vitest).toBeDefined();
  });

  it("npm run mutation runs Stryker from its folder under the newest Node LTS", () => {
    const script = readFileSync(join(ROOT, "scripts/mutation.sh"), "utf8");
    expect(script).toContain("bash scripts/ensure-tool.sh mutation");
    expect(script).toContain("bash scripts/ensure-node-lts.sh");
    expect(json(join(ROOT, "package.json")).scripts.mutation).toBe("bash scripts/mutation.sh");
  });
});
