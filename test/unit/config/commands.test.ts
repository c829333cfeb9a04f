import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runList } from "../../../cli/commands/list.ts";
import { paintFor, runValidate } from "../../../cli/commands/validate.ts";
import { TENANT_IDS } from "../fixtures/tenants.ts";
import { BASE_YAML, makeScratch, mutate, type Scratch } from "./fixture.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    opts: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), color: false },
    text: () => ({
      out: out.map((l) => `${l}\n`).join(""),
      err: err.map((l) => `${l}\n`).join(""),
    }),
  };
}

describe("runValidate on tenants/", () => {
  it("prints a tick per tenant and a summary, and exits 0", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: "tenants",
      ids: [],
      json: false,
      verbose: false,
      ...c.opts,
    });
    expect(code).toBe(0);
    expect(c.text().out).toBe(
      `${TENANT_IDS.map((id) => `✓ ${id}${id === "mysport-usa" ? "  extends mysport" : ""}\n`).join("")}${TENANT_IDS.length} tenants valid\n`,
    );
    expect(c.text().err).toBe("");
  });

  it("validates only the ids given, naming the tenant a child extends", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: "tenants",
      ids: ["mysport-usa"],
      json: false,
      verbose: true,
      ...c.opts,
    });
    expect(code).toBe(0);
    expect(c.text().out).toMatch(
      /^✓ mysport-usa {2}extends mysport {2}tenants\/mysport-usa\.yaml {2}sha256 [0-9a-f]{12}\n1 tenant valid\n$/,
    );
  });
});

describe("runValidate with problems", () => {
  let scratch: Scratch;
  beforeAll(() => {
    scratch = makeScratch();
    scratch.write("good", BASE_YAML);
    scratch.write(
      "bad",
      mutate([
        ["picker: true", "picker: NO"],
        ["radius: 8", "radius: 40"],
      ]),
    );
    vi.spyOn(process, "cwd").mockReturnValue(scratch.root);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    scratch.dispose();
  });

  it("prints every problem line, a summary, and exits 1", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: [],
      json: false,
      verbose: false,
      ...c.opts,
    });
    expect(code).toBe(1);
    expect(c.text().out).toBe("✓ good\n");
    expect(c.text().err).toBe(
      [
        "✗ bad  2 problems",
        "tenants/bad.yaml:17:11  theme.radius  expected a number ≤ 32, received 40",
        'tenants/bad.yaml:24:11  languages.picker  expected a boolean, received "NO" — YAML 1.2 reads only true and false as booleans',
        "1 of 2 tenants invalid",
        "",
      ].join("\n"),
    );
  });

  it("writes whole lines, without trailing newlines", async () => {
    const c = capture();
    await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: [],
      json: false,
      verbose: false,
      ...c.opts,
    });
    expect([...c.out, ...c.err].filter((l) => l.endsWith("\n"))).toEqual([]);
    expect(c.err).toHaveLength(4);
  });

  it("prints one JSON object on stdout only", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: ["good", "bad", "nope"],
      json: true,
      verbose: false,
      ...c.opts,
    });
    expect(code).toBe(1);
    expect(c.err).toEqual([]);
    const report = JSON.parse(c.text().out);
    expect(report.ok).toBe(false);
    expect(report.tenants.map((t: { id: string; ok: boolean }) => [t.id, t.ok])).toEqual([
      ["good", true],
      ["bad", false],
      ["nope", false],
    ]);
    expect(report.tenants[0]).toEqual({
      id: "good",
      file: "tenants/good.yaml",
      ok: true,
      problems: [],
    });
    expect(report.tenants[1].problems[0]).toEqual({
      file: "tenants/bad.yaml",
      line: 17,
      col: 11,
      path: "theme.radius",
      message: "expected a number ≤ 32, received 40",
    });
    expect(report.tenants[2].problems[0].message).toMatch(
      /^no such tenant: tenants\/nope\.yaml; known tenants: bad, good$/,
    );
  });

  it("JSON for all valid exits 0", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: ["good"],
      json: true,
      verbose: false,
      ...c.opts,
    });
    expect(code).toBe(0);
    expect(JSON.parse(c.text().out).ok).toBe(true);
  });

  it("refuses a bad id without a stack trace", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: ["../etc"],
      json: false,
      verbose: false,
      ...c.opts,
    });
    expect(code).toBe(1);
    expect(c.text().err).toContain("tenants/../etc.yaml:1:1  (id)  not a valid tenant id");
    expect(c.text().err).not.toMatch(/\n\s+at /);
  });

  it("exits 1 when there are no tenants at all", async () => {
    const c = capture();
    const code = await runValidate({
      tenantsDir: `${scratch.root}/nowhere`,
      ids: [],
      json: false,
      verbose: false,
      ...c.opts,
    });
    expect(code).toBe(1);
    expect(c.text().err).toMatch(/^no tenants found: /);
  });

  it("colours only when asked (or on a TTY without NO_COLOR)", async () => {
    const plain = capture();
    await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: ["good"],
      json: false,
      verbose: false,
      ...plain.opts,
    });
    expect(plain.text().out).not.toContain("\u001b[");
    const coloured = capture();
    await runValidate({
      tenantsDir: scratch.tenantsDir,
      ids: ["good"],
      json: false,
      verbose: false,
      ...coloured.opts,
      color: true,
    });
    expect(coloured.text().out).toContain("\u001b[32m✓\u001b[39m good");
  });
});

describe("paintFor", () => {
  it("colours a TTY unless NO_COLOR is set, and never a pipe", () => {
    const tty = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      vi.stubEnv("NO_COLOR", "");
      expect(paintFor().ok("x")).toBe("\u001b[32mx\u001b[39m");
      vi.stubEnv("NO_COLOR", "1");
      expect(paintFor().ok("x")).toBe("x");
      vi.stubEnv("NO_COLOR", "");
      process.stdout.isTTY = false;
      expect(paintFor().ok("x")).toBe("x");
      expect(paintFor(true).ok("x")).toBe("\u001b[32mx\u001b[39m");
    } finally {
      process.stdout.isTTY = tty;
      vi.unstubAllEnvs();
    }
  });
});

describe("runList", () => {
  it("prints a table of ids, names and languages", async () => {
    const c = capture();
    const code = await runList({ tenantsDir: "tenants", json: false, out: c.opts.out });
    expect(code).toBe(0);
    expect(c.text().out).toBe(
      [
        "ID            NAME          LANGUAGES",
        "ironstar      IronStar      ru*, en",
        "myeventphoto  MyEventPhoto  ru*, en",
        "mysport       MySport       ru*, en",
        "mysport-usa   MySport USA   en*",
        "timerman      TimerMan      ru*, en, es",
        "* default language",
        "",
      ].join("\n"),
    );
  });

  it("prints JSON", async () => {
    const c = capture();
    const code = await runList({ tenantsDir: "tenants", json: true, out: c.opts.out });
    expect(code).toBe(0);
    const { tenants } = JSON.parse(c.text().out);
    expect(tenants).toHaveLength(5);
    expect(tenants[3]).toEqual({
      id: "mysport-usa",
      file: "tenants/mysport-usa.yaml",
      ok: true,
      tenantName: "MySport USA",
      languages: ["en"],
      defaultLanguage: "en",
    });
  });

  it("still lists an invalid tenant, points at validate, and exits 1", async () => {
    const scratch = makeScratch();
    try {
      scratch.write("bad", "tenantName: Bad\n");
      const c = capture();
      const code = await runList({ tenantsDir: scratch.tenantsDir, json: false, out: c.opts.out });
      expect(code).toBe(1);
      expect(c.text().out).toContain("bad  (invalid)  ");
      expect(c.text().out).toContain("run storefront validate bad");
    } finally {
      scratch.dispose();
    }
  });
});
