/**
 * The offline audit covers every production dependency (a known-fixed minimum or
 * a written decision) and fails a lockfile that holds a version below its fix.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  atLeast,
  DECISIONS,
  FIXED,
  MALICIOUS,
  minimumFor,
  offlineProblems,
} from "../../../scripts/audit-policy.mjs";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version: string; dev?: boolean }>;
};

/** The lockfile with one package's version replaced wherever it is installed for production. */
function withVersion(name: string, version: string) {
  const packages = structuredClone(lock.packages);
  let found = false;
  for (const [path, info] of Object.entries(packages)) {
    if (path.endsWith(`node_modules/${name}`) && !info.dev) {
      info.version = version;
      found = true;
    }
  }
  if (!found) packages[`node_modules/${name}`] = { version };
  return { packages };
}

describe("the offline audit policy", () => {
  it("passes today's package.json and lockfile", () => {
    expect(offlineProblems(lock, pkg)).toEqual([]);
  });

  it("has a minimum or a decision for every production dependency, and not both", () => {
    for (const name of Object.keys(pkg.dependencies)) {
      expect([
        name,
        Boolean(FIXED[name as keyof typeof FIXED]) !==
          Boolean(DECISIONS[name as keyof typeof DECISIONS]),
      ]).toEqual([name, true]);
    }
  });

  it("covers the notable production packages with past advisories", () => {
    for (const name of [
      "koa",
      "jose",
      "handlebars",
      "vite",
      "react-router",
      "yaml",
      "zod",
      "cookie",
      "esbuild",
    ]) {
      expect(Object.keys(FIXED)).toContain(name);
    }
    expect(Object.keys(DECISIONS)).toEqual(expect.arrayContaining(["oidc-provider", "sass"]));
  });

  it("fails a production dependency with neither", () => {
    const grown = { dependencies: { ...pkg.dependencies, "left-pad": "^1.3.0" } };
    expect(offlineProblems(lock, grown)).toEqual([
      "left-pad: a production dependency with no known-fixed minimum and no decision in scripts/audit-policy.mjs",
    ]);
  });

  it.each([
    ["koa", "3.0.0"],
    ["koa", "2.16.1"],
    ["jose", "4.15.4"],
    ["handlebars", "4.7.8"],
    ["vite", "8.0.15"],
    ["vite", "5.4.0"],
    ["react-router", "7.18.1"],
    ["yaml", "2.2.1"],
    ["cookie", "0.6.0"],
  ])("fails %s downgraded to %s", (name, version) => {
    const problems = offlineProblems(withVersion(name, version), pkg);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.includes(`${name} ${version} <`))).toBe(true);
  });

  it("fails a known-malicious release", () => {
    const [name, versions] = Object.entries(MALICIOUS)[0] ?? ["", []];
    const problems = offlineProblems(withVersion(name, versions[0] ?? ""), pkg);
    expect(problems.some((p) => p.includes("known-malicious"))).toBe(true);
  });

  it("compares versions per major line", () => {
    expect(minimumFor("2.16.1", ["2.16.2", "3.0.1"])).toBe("2.16.2");
    expect(minimumFor("3.3.0", ["2.16.2", "3.0.1"])).toBe("3.0.1");
    expect(minimumFor("4.0.0", ["2.16.2", "3.0.1"])).toBeNull();
    expect(minimumFor("1.9.0", ["2.16.2", "3.0.1"])).toBe("2.16.2");
    expect(atLeast("10.0.0", "9.9.9")).toBe(true);
    expect(atLeast("1.2.2", "1.2.3")).toBe(false);
    expect(atLeast("1.2.3", "1.2.3")).toBe(true);
  });

  it("counts a pre-release before its release: a vulnerable beta does not pass", () => {
    expect(atLeast("8.0.16-beta.1", "8.0.16")).toBe(false);
    expect(atLeast("8.0.17-beta.1", "8.0.16")).toBe(true);
    expect(minimumFor("8.0.16-beta.1", ["6.4.3", "7.3.5", "8.0.16"])).toBe("8.0.16");
    const lock = { packages: { "node_modules/vite": { version: "8.0.16-beta.1" } } };
    expect(offlineProblems(lock, { dependencies: {} })).toEqual([
      expect.stringMatching(/^node_modules\/vite 8\.0\.16-beta\.1 < 8\.0\.16: /),
    ]);
  });
});
