import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  formatProblem,
  type LoadResult,
  loadTenant,
  MAX_ALIAS_COUNT,
} from "../../../cli/config/load.ts";
import { schemaCases } from "./cases-schema.ts";
import { yamlCases } from "./cases-yaml.ts";
import { makeScratch, mutate, type Scratch } from "./fixture.ts";

const cases = [...yamlCases, ...schemaCases];

describe("invalid tenant configs", () => {
  let scratch: Scratch;
  beforeAll(() => {
    scratch = makeScratch();
    writeFileSync(join(scratch.root, "outside.svg"), "<svg/>");
    symlinkSync(join(scratch.root, "outside.svg"), join(scratch.tenantsDir, "mysport", "evil.svg"));
    for (const c of cases) scratch.write(c.id, c.yaml);
    vi.spyOn(process, "cwd").mockReturnValue(scratch.root);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    scratch.dispose();
  });

  it("has a unique id per case and at least 22 cases", () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(cases.length).toBeGreaterThanOrEqual(22);
  });

  it.each(cases)("$name", async ({ id, problems }) => {
    const result = await loadTenant(scratch.tenantsDir, id);
    expect(result.ok).toBe(false);
    const lines = result.ok ? [] : result.problems.map(formatProblem);
    expect(lines).toHaveLength(problems.length);
    // The whole line an operator reads: file:line:col, the field and every word of the message.
    expect(lines).toEqual(problems.map(([at, path, message]) => `${at}  ${path}  ${message}`));
  });

  it("refuses the alias bomb by counting its expansions, before it grows", async () => {
    // Bounded by a count (MAX_ALIAS_COUNT expansions), not by how fast the machine is.
    const result = await loadTenant(scratch.tenantsDir, "alias-bomb");
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toEqual([
      `too many alias expansions; expected at most ${MAX_ALIAS_COUNT} — write the values out instead of nesting aliases`,
    ]);
  });

  it(`refuses more than ${MAX_ALIAS_COUNT} expansions even when none nests, at the first alias`, async () => {
    const aliases = Array.from({ length: MAX_ALIAS_COUNT + 10 }, () => "*name").join(", ");
    scratch.write(
      "many-aliases",
      `${mutate([["tenantName: MySport", "tenantName: &name MySport"]])}cardNote: [${aliases}]\n`,
    );
    const result = await loadTenant(scratch.tenantsDir, "many-aliases");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^tenants/many-aliases\\.yaml:\\d+:12  \\(yaml\\)  too many alias expansions; expected at most ${MAX_ALIAS_COUNT} `,
        ),
      ),
    ]);
  });

  it("accepts a few aliases within the limit", async () => {
    scratch.write(
      "few-aliases",
      mutate([
        ["  available: [ru, en]", "  available: &langs [ru, en]"],
        ["languages: [ru]\n  copyright", "languages: *langs\n  copyright"],
      ]),
    );
    const result = await loadTenant(scratch.tenantsDir, "few-aliases");
    expect(result.ok && result.config.footer?.socialIcons?.languages).toEqual(["ru", "en"]);
  });

  it.each([
    ["../etc", "tenants/../etc.yaml:1:1  (id)  not a valid tenant id"],
    [
      "My Tenant",
      'tenants/My Tenant.yaml:1:1  (id)  not a valid tenant id; expected lowercase letters and digits, in words joined by single hyphens (e.g. mysport-usa); received "My Tenant"',
    ],
    ["/etc/passwd", "(id)"],
    ["", "(id)  not a valid tenant id"],
    ["mysport--usa", "(id)"],
  ])("refuses the tenant id %j before touching the file system", async (id, fragment) => {
    const result: LoadResult = await loadTenant(scratch.tenantsDir, id);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toHaveLength(1);
      expect(formatProblem(result.problems[0]!)).toContain(fragment);
    }
  });

  it("names the known tenants when the file is missing, with a did-you-mean", async () => {
    const result = await loadTenant(scratch.tenantsDir, "severl");
    const line = result.ok ? "" : formatProblem(result.problems[0]!);
    expect(line).toMatch(
      /^tenants\/severl\.yaml:1:1 {2}\(file\) {2}no such tenant: tenants\/severl\.yaml; known tenants: a-list, alias-bomb, /,
    );
    expect(line).toMatch(/ — did you mean "several"\?$/);
  });

  it("does not run the schema on a document with syntax errors", async () => {
    scratch.write(
      "broken",
      mutate([
        ["picker: true", "picker: NO"],
        ["  default: ru", '  default: "ru'],
      ]),
    );
    const result = await loadTenant(scratch.tenantsDir, "broken");
    expect(result.ok ? [] : result.problems.map((p) => p.path)).not.toContain("languages.picker");
  });
});
