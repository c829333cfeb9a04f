/**
 * What the loader answers for a tenant file it cannot take, line by line (README "Tenant config":
 * every problem names the file, line, column and field, all at once, and the loader never
 * throws), and what it reads from the asset files beside it: each asset field's size limit,
 * paths that leave tenants/ and files that are not files.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { inside } from "../../../cli/config/assets.ts";
import { formatProblem, listTenantIds, loadTenant, loadTenants } from "../../../cli/config/load.ts";
import { BASE_YAML, mutate, scratchPerFile } from "./fixture.ts";

const scratch = scratchPerFile();

async function linesOf(id: string): Promise<string[]> {
  const result = await loadTenant(scratch().tenantsDir, id);
  return result.ok ? [] : result.problems.map(formatProblem);
}

async function linesFor(id: string, edits: [string, string][] | string): Promise<string[]> {
  scratch().write(id, typeof edits === "string" ? edits : mutate(edits));
  return linesOf(id);
}

const MIB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A file of exactly `size` bytes that passes the content check of its kind. */
function asset(name: string, size: number): string {
  const head = name.endsWith(".png")
    ? PNG
    : Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><!--');
  const tail = name.endsWith(".png") ? Buffer.alloc(0) : Buffer.from("--></svg>");
  const body = Buffer.alloc(size - head.length - tail.length, "x");
  writeFileSync(join(scratch().tenantsDir, "mysport", name), Buffer.concat([head, body, tail]));
  return `mysport/${name}`;
}

describe("the file itself", () => {
  it("takes a file of exactly 1 MiB and refuses one byte more, naming both sizes", async () => {
    // Hosts of its own, so that the scratch folder writes the bytes as they are.
    const own = mutate([
      ["- host: mysport.ru\n", "- host: limit.example\n"],
      ["- host: en.mysport.ru\n", "- host: en.limit.example\n"],
    ]);
    const padded = (size: number) => `${own}#${"x".repeat(size - own.length - 2)}\n`;
    expect(padded(MIB)).toHaveLength(MIB);
    expect(await linesFor("at-limit", padded(MIB))).toEqual([]);
    expect(await linesFor("over-limit", padded(MIB + 1))).toEqual([
      "tenants/over-limit.yaml:1:1  (file)  the file is 1048577 bytes; expected at most 1048576 bytes",
    ]);
  });

  it("names the known tenants, or says there are none", async () => {
    const empty = join(scratch().root, "empty-tenants");
    mkdirSync(empty);
    const none = await loadTenant(empty, "mysport");
    expect(none.ok ? [] : none.problems.map(formatProblem)).toEqual([
      "empty-tenants/mysport.yaml:1:1  (file)  no such tenant: empty-tenants/mysport.yaml; no tenants found",
    ]);
    const alone = join(scratch().root, "one-tenant");
    mkdirSync(alone);
    writeFileSync(join(alone, "timerman.yaml"), "");
    writeFileSync(join(alone, "mysport-usa.yaml"), "");
    const far = await loadTenant(alone, "other");
    expect(far.ok ? [] : far.problems.map(formatProblem)).toEqual([
      "one-tenant/other.yaml:1:1  (file)  no such tenant: one-tenant/other.yaml; known tenants: mysport-usa, timerman",
    ]);
    const near = await loadTenant(alone, "timerma");
    expect(near.ok ? [] : near.problems.map(formatProblem)).toEqual([
      'one-tenant/timerma.yaml:1:1  (file)  no such tenant: one-tenant/timerma.yaml; known tenants: mysport-usa, timerman — did you mean "timerman"?',
    ]);
  });

  it("says why a file it cannot read is unreadable", async () => {
    symlinkSync("loop.yaml", join(scratch().tenantsDir, "loop.yaml"));
    expect(await linesOf("loop")).toEqual([
      "tenants/loop.yaml:1:1  (file)  cannot read tenants/loop.yaml: ELOOP",
    ]);
  });

  it("shows a tenant id it refuses as typed, under the folder as the operator names it", async () => {
    const typed = async (id: unknown) => {
      const result = await loadTenant(scratch().tenantsDir, id as string);
      return result.ok ? [] : result.problems.map(formatProblem);
    };
    const rule =
      "not a valid tenant id; expected lowercase letters and digits, in words joined by single hyphens (e.g. mysport-usa)";
    expect(await typed("../etc")).toEqual([
      `tenants/../etc.yaml:1:1  (id)  ${rule}; received "../etc"`,
    ]);
    expect(await typed(42)).toEqual([`tenants/42.yaml:1:1  (id)  ${rule}; received "42"`]);
    expect(await typed("a\u2028b")).toEqual([
      `tenants/a\\u2028b.yaml:1:1  (id)  ${rule}; received "a\\u2028b"`,
    ]);
    vi.mocked(process.cwd).mockReturnValue(scratch().tenantsDir);
    try {
      expect(await typed("Upper")).toEqual([`./Upper.yaml:1:1  (id)  ${rule}; received "Upper"`]);
    } finally {
      vi.mocked(process.cwd).mockReturnValue(scratch().root);
    }
  });

  it("loads every tenant of the folder when no ids are given", async () => {
    const dir = join(scratch().root, "two");
    mkdirSync(dir);
    writeFileSync(join(dir, "b.yaml"), "");
    writeFileSync(join(dir, "a.yaml"), "");
    expect((await loadTenants(dir, [])).map((r) => r.id)).toEqual(["a", "b"]);
    expect((await loadTenants(dir)).map((r) => r.id)).toEqual(["a", "b"]);
  });
});

describe("YAML the parser refuses", () => {
  it("names a duplicate key by its path, at its second place", async () => {
    expect(await linesFor("dup-top", `${BASE_YAML}tenantName: Again\n`)).toEqual([
      'tenants/dup-top.yaml:62:1  tenantName  duplicate key "tenantName"; expected each key once in a map',
    ]);
    expect(
      await linesFor("dup-list", [
        ["  - host: mysport.ru", "  - host: mysport.ru\n    host: x.ru"],
      ]),
    ).toEqual([
      'tenants/dup-list.yaml:28:5  hosts[0].host  duplicate key "host"; expected each key once in a map',
    ]);
  });

  it("gives the parser's reason without its own line and column", async () => {
    expect(await linesFor("flow", [["menu: [participants,", "menu: [participants,,"]])).toEqual([
      "tenants/flow.yaml:35:21  (yaml)  invalid YAML: Unexpected , in flow sequence",
    ]);
  });

  it("reports every syntax problem at once, in file order, and no schema problem", async () => {
    expect(
      await linesFor("two-faults", [
        ["tenantName: MySport", "tenantName: !brand MySport"],
        ["api: {}", "api: {}\n? {a: 1}\n: c"],
        ["baseSize: 16", "baseSize: 16px"],
      ]),
    ).toEqual([
      "tenants/two-faults.yaml:1:13  (yaml)  invalid YAML: Unresolved tag: !brand",
      "tenants/two-faults.yaml:59:3  (yaml)  a list or map used as a key; expected a plain key such as tenantName",
    ]);
  });

  it("places a file too deep to parse by counting lines", async () => {
    const deep = `tenantName: x\nmenu:\n  ${"[".repeat(40)}\n`;
    expect(await linesFor("deep", deep)).toEqual([
      "tenants/deep.yaml:3:34  (yaml)  nested more than 32 levels deep; expected a tenant's few levels of maps and lists",
    ]);
  });
});

describe("asset files", () => {
  it.each([
    ["logo", "logo.png", 512 * 1024, "a logo as a raster image", "512 KiB (524288 bytes)"],
    ["logoSmall", "small.svg", 256 * 1024, "a logo as an SVG", "256 KiB (262144 bytes)"],
    ["logoSmall", "small.png", 512 * 1024, "a logo as a raster image", "512 KiB (524288 bytes)"],
    ["favicon", "icon.png", 100 * 1024, "a favicon as a raster image", "100 KiB (102400 bytes)"],
    ["hero", "hero.png", 400 * 1024, "a hero image as a raster image", "400 KiB (409600 bytes)"],
    ["hero", "hero.svg", 128 * 1024, "a hero image as an SVG", "128 KiB (131072 bytes)"],
  ])(
    "%s: %s of its limit passes, one byte more is refused",
    async (field, name, limit, what, size) => {
      const line = { logo: 18, logoSmall: 19, favicon: 20, hero: 21 }[field];
      const col = field.length + 5;
      const original = { logo: "logo.svg", logoSmall: "logo-small.svg", favicon: "favicon.svg" };
      const edit = (file: string): [string, string] =>
        field === "hero"
          ? ["  favicon: mysport/favicon.svg", `  favicon: mysport/favicon.svg\n  hero: ${file}`]
          : [
              `  ${field}: mysport/${original[field as keyof typeof original]}`,
              `  ${field}: ${file}`,
            ];
      const fits = asset(`fits-${name}`, limit);
      expect(await linesFor(`fits-${field.toLowerCase()}`, [edit(fits)])).toEqual([]);
      const over = asset(`over-${name}`, limit + 1);
      expect(await linesFor(`over-${field.toLowerCase()}`, [edit(over)])).toEqual([
        `tenants/over-${field.toLowerCase()}.yaml:${line}:${col}  theme.${field}  tenants/${over} is larger than ${size}, the limit for ${what}; make the file smaller`,
      ]);
    },
  );

  it("judges an upper-case .SVG by the SVG limit, besides the shape it lacks", async () => {
    const big = asset("BIG.SVG", 256 * 1024 + 1);
    expect(await linesFor("upper", [["logo: mysport/logo.svg", `logo: ${big}`]])).toEqual([
      'tenants/upper.yaml:18:9  theme.logo  expected a file under the tenant\'s asset folder, e.g. mysport/logo.svg (svg, png, ico or webp), received "mysport/BIG.SVG"',
      "tenants/upper.yaml:18:9  theme.logo  tenants/mysport/BIG.SVG is larger than 256 KiB (262144 bytes), the limit for a logo as an SVG; make the file smaller",
    ]);
  });

  it("refuses a folder named like an asset", async () => {
    mkdirSync(join(scratch().tenantsDir, "mysport", "folder.svg"));
    expect(
      await linesFor("folder-asset", [["logo: mysport/logo.svg", "logo: mysport/folder.svg"]]),
    ).toEqual([
      "tenants/folder-asset.yaml:18:9  theme.logo  not a file: tenants/mysport/folder.svg",
    ]);
  });

  it("names a path that leaves tenants/ instead of its shape, however it is written", async () => {
    const leaves = (value: string) =>
      `the path leaves tenants/; expected a file inside it, e.g. mysport/logo.svg; received ${JSON.stringify(value)}`;
    const cases: [id: string, value: string][] = [
      ["absolute", "/etc/logo.svg"],
      ["backslash", "mysport\\\\..\\\\..\\\\logo.svg"],
      ["itself", "."],
      ["parent", ".."],
    ];
    for (const [id, value] of cases) {
      const shown = value.replaceAll("\\\\", "\\");
      expect(await linesFor(id, [["logo: mysport/logo.svg", `logo: "${value}"`]])).toEqual([
        `tenants/${id}.yaml:18:9  theme.logo  ${leaves(shown)}`,
      ]);
    }
  });

  it("says a file is missing only when its path has the right shape", async () => {
    expect(
      await linesFor("no-file", [["logo: mysport/logo.svg", "logo: mysport/none.svg"]]),
    ).toEqual([
      "tenants/no-file.yaml:18:9  theme.logo  file not found: tenants/mysport/none.svg; expected an existing file, relative to tenants/",
    ]);
    expect(
      await linesFor("bad-shape", [["logo: mysport/logo.svg", "logo: mysport/none.gif"]]),
    ).toEqual([
      'tenants/bad-shape.yaml:18:9  theme.logo  expected a file under the tenant\'s asset folder, e.g. mysport/logo.svg (svg, png, ico or webp), received "mysport/none.gif"',
    ]);
  });

  it("checks no asset when the theme is not a map, and skips a field that is not text", async () => {
    expect(
      await linesFor("theme-list", [
        ["theme:\n  id: MySport", "theme: [a]\nthemex:\n  id: MySport"],
      ]),
    ).toHaveLength(2);
    expect(await linesFor("logo-number", [["logo: mysport/logo.svg", "logo: 7"]])).toEqual([
      "tenants/logo-number.yaml:18:9  theme.logo  expected a string, received 7",
    ]);
  });
});

describe("asset paths through links and odd documents", () => {
  it("refuses a link to the folder above tenants/", async () => {
    symlinkSync(scratch().root, join(scratch().tenantsDir, "mysport", "up.svg"));
    expect(await linesFor("up", [["logo: mysport/logo.svg", "logo: mysport/up.svg"]])).toEqual([
      'tenants/up.yaml:18:9  theme.logo  the path leads outside tenants/ through a symbolic link; received "mysport/up.svg"',
    ]);
  });

  it("names a link out of tenants/ instead of the shape its name lacks", async () => {
    writeFileSync(join(scratch().root, "out.gif"), "GIF89a");
    symlinkSync(join(scratch().root, "out.gif"), join(scratch().tenantsDir, "mysport", "out.gif"));
    expect(
      await linesFor("out-gif", [["logo: mysport/logo.svg", "logo: mysport/out.gif"]]),
    ).toEqual([
      'tenants/out-gif.yaml:18:9  theme.logo  the path leads outside tenants/ through a symbolic link; received "mysport/out.gif"',
    ]);
  });

  it("names only the shape when a badly named path is a folder", async () => {
    mkdirSync(join(scratch().tenantsDir, "mysport", "dir.gif"));
    expect(
      await linesFor("dir-gif", [["logo: mysport/logo.svg", "logo: mysport/dir.gif"]]),
    ).toEqual([
      'tenants/dir-gif.yaml:18:9  theme.logo  expected a file under the tenant\'s asset folder, e.g. mysport/logo.svg (svg, png, ico or webp), received "mysport/dir.gif"',
    ]);
  });

  it("answers a document that is only null with the shape it needs", async () => {
    expect(await linesFor("null-doc", "~\n")).toEqual([
      "tenants/null-doc.yaml:1:1  (root)  expected a map of keys, received null (an empty value)",
    ]);
  });

  it("loads a tenant from a tenants folder reached through a link", async () => {
    const linked = join(scratch().root, "linked-tenants");
    symlinkSync(scratch().tenantsDir, linked);
    scratch().write("via-link", BASE_YAML);
    const result = await loadTenant(linked, "via-link");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  it("reports a missing or escaping asset beside another field's problem", async () => {
    const lines = await linesFor("beside", [
      ["tenantName: MySport", 'tenantName: ""'],
      ["logo: mysport/logo.svg", "logo: mysport/none.svg"],
      ["favicon: mysport/favicon.svg", "favicon: ../favicon.svg"],
    ]);
    expect(lines).toEqual([
      'tenants/beside.yaml:1:13  tenantName  expected a non-empty string, received ""',
      "tenants/beside.yaml:18:9  theme.logo  file not found: tenants/mysport/none.svg; expected an existing file, relative to tenants/",
      'tenants/beside.yaml:20:12  theme.favicon  the path leaves tenants/; expected a file inside it, e.g. mysport/logo.svg; received "../favicon.svg"',
    ]);
  });

  it("lists two problems on one line by column, whatever order the schema finds them in", async () => {
    const lines = await linesFor("one-line", [
      [
        'support:\n  email: support@mysport.example\n  hours:\n    from: "08:00"\n    to: "18:00"',
        'support: {hours: {from: "8", to: "18:00"}, email: nobody}',
      ],
    ]);
    expect(lines).toEqual([
      'tenants/one-line.yaml:46:25  support.hours.from  expected a time as HH:MM, received "8"',
      'tenants/one-line.yaml:46:51  support.email  expected an e-mail address, received "nobody"',
    ]);
  });

  it("lists no folder named like a tenant file", async () => {
    const dir = join(scratch().root, "with-folder");
    mkdirSync(join(dir, "b.yaml"), { recursive: true });
    writeFileSync(join(dir, "a.yaml"), "");
    expect(await listTenantIds(dir)).toEqual(["a"]);
  });
});

describe("problems across a family, and a host many tenants name", () => {
  it("lists the tenant's own file first, then its bases by name, each by line", async () => {
    scratch().write("fam-beta", mutate([["  radius: 8", "  radius: big"]]));
    scratch().write(
      "fam-alpha",
      "extends: fam-beta\ntenantName: 7\nhosts:\n  - host: alpha.example\nusVariant: nope\n",
    );
    scratch().write(
      "fam-zeta",
      "extends: fam-alpha\nhosts:\n  - host: zeta.example\nbackFromHome: maybe\nhideBannerOnHome: 1\n",
    );
    const lines = (await linesOf("fam-zeta")).map((l) => l.split("  ").slice(0, 2).join("  "));
    expect(lines).toEqual([
      "tenants/fam-zeta.yaml:4:15  backFromHome",
      "tenants/fam-zeta.yaml:5:19  hideBannerOnHome",
      "tenants/fam-alpha.yaml:2:13  tenantName",
      "tenants/fam-alpha.yaml:5:12  usVariant",
      "tenants/fam-beta.yaml:17:11  theme.radius",
    ]);
  });

  it("names every other tenant that names the host, and loads each id asked for once", async () => {
    const dir = join(scratch().root, "three-hosts");
    mkdirSync(dir);
    for (const id of ["one", "two", "three"]) {
      const shared = mutate([
        [
          "hosts:\n  - host: mysport.ru\n  - host: en.mysport.ru\n    language: en",
          "hosts:\n  - host: shared.example",
        ],
      ]);
      writeFileSync(join(dir, `${id}.yaml`), shared);
    }
    const [two, ...rest] = await loadTenants(dir, ["two", "two"]);
    expect(rest).toEqual([]);
    const hostLine = two?.ok ? undefined : two?.problems.find((p) => p.path === "hosts[0].host");
    expect(hostLine?.message).toBe(
      'host "shared.example" is also a host of tenant "one" (three-hosts/one.yaml), tenant "three" (three-hosts/three.yaml); a host is served by one tenant only',
    );
  });
});

describe("inside the tenants folder", () => {
  it("is a path below it: not the folder itself, its parent, or a sibling sharing its prefix", () => {
    expect(inside("/srv/tenants", "/srv/tenants/mysport/logo.svg")).toBe(true);
    expect(inside("/srv/tenants", "/srv/tenants")).toBe(false);
    expect(inside("/srv/tenants", "/srv")).toBe(false);
    expect(inside("/srv/tenants", "/srv/tenants-old/logo.svg")).toBe(false);
    expect(inside("/srv/tenants", "/srv/other/logo.svg")).toBe(false);
  });

  it("a name that only starts with two dots is inside", () => {
    expect(inside("/srv/tenants", "/srv/tenants/..logo.svg")).toBe(true);
  });
});

describe("an asset refused for what it holds, and fonts that are no map", () => {
  it("an SVG with script is refused at its own line and column, after the YAML's place", async () => {
    writeFileSync(
      join(scratch().tenantsDir, "mysport", "scripted.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg">\n  <script>alert(1)</script>\n</svg>',
    );
    expect(
      await linesFor("scripted", [["logo: mysport/logo.svg", "logo: mysport/scripted.svg"]]),
    ).toEqual([
      "tenants/scripted.yaml:18:9  theme.logo  tenants/mysport/scripted.svg:2:3: <script> is not allowed: it runs code when the file is opened",
    ]);
  });

  it("theme.fonts written as null is the schema's problem alone", async () => {
    const lines = await linesFor("null-fonts", [
      ["    headingWeight: 700\n", "    headingWeight: 700\n  fonts: null\n"],
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tenants\/null-fonts\.yaml:17:10 {2}theme\.fonts {2}expected a map of keys, received null/,
    );
  });
});

describe("where problems in a family are listed, and what a tenant's hash covers", () => {
  it("lists the tenant's own file first, then each base by its name, each in the order of its lines", async () => {
    // b's problem is on an earlier line than a's, and b is the nearer base: the listing goes by
    // file name, then by line.
    const a = mutate([["radius: 8", "radius: 99"]]);
    const b = "extends: a\nhosts:\n  - host: b.example\ntenantName: 5\n";
    scratch().write("a", a);
    scratch().write("b", b);
    scratch().write("c", "extends: b\nhosts:\n  - host: c.example\nshortName: [x]\n");
    expect(await linesOf("c")).toEqual([
      'tenants/c.yaml:4:12  shortName  expected a string, received ["x"]',
      `tenants/a.yaml:${a.split("\n").findIndex((l) => l.includes("radius")) + 1}:11  theme.radius  expected a number ≤ 32, received 99`,
      "tenants/b.yaml:4:13  tenantName  expected a string, received 5",
    ]);
  });

  it("lists a base's problems after those of a base named before it, whatever their lines", async () => {
    // a's problem is checked first (tenantName) but written on its last line; b's is on line 4.
    const a = `${BASE_YAML.replace("tenantName: MySport\n", "")}tenantName: 5\n`;
    scratch().write("a", a);
    scratch().write("b", "extends: a\nhosts:\n  - host: b.example\nmenu: 5\n");
    const lines = await linesOf("b");
    expect(lines.map((l) => l.split("  ")[0]?.replace(/:\d+:\d+$/, ""))).toEqual([
      "tenants/b.yaml",
      "tenants/a.yaml",
    ]);
    scratch().write("c", "extends: b\nhosts:\n  - host: c.example\n");
    expect((await linesOf("c")).map((l) => l.split(":")[0])).toEqual([
      "tenants/a.yaml",
      "tenants/b.yaml",
    ]);
  });

  it("guesses no key the map already has for a misspelt one", async () => {
    const lines = await linesFor("typo", [
      ["tenantName: MySport\n", "tenantName: MySport\ntenantNme: Other\n"],
    ]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^tenants\/typo\.yaml:2:1 {2}tenantNme {2}unknown key "tenantNme"; expected one of tenantName, /,
      ),
    ]);
    const alone = await linesFor("typo-alone", [["tenantName: MySport\n", "tenantNme: MySport\n"]]);
    expect(alone).toContain(
      'tenants/typo-alone.yaml:1:1  tenantNme  unknown key "tenantNme" — did you mean "tenantName"?',
    );
  });

  it("names the keys a list item may have when one of its keys is unknown", async () => {
    expect(
      await linesFor("list-key", [
        ["  - host: mysport.ru\n", "  - host: mysport.ru\n    colour: red\n"],
      ]),
    ).toEqual([
      expect.stringMatching(
        /^tenants\/list-key\.yaml:\d+:5 {2}hosts\[0\]\.colour {2}unknown key "colour"; expected one of host, /,
      ),
    ]);
  });

  it("hashes a tenant without a base as its YAML then each asset's path and bytes, as it always did", async () => {
    scratch().write("hashed", BASE_YAML);
    const r = await loadTenant(scratch().tenantsDir, "hashed");
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
    // As written: the scratch folder gives the tenant hosts of its own.
    const yaml = readFileSync(join(scratch().tenantsDir, "hashed.yaml"));
    const expected = createHash("sha256").update(yaml);
    for (const rel of ["mysport/logo.svg", "mysport/logo-small.svg", "mysport/favicon.svg"]) {
      expected.update(`\0${rel}\0`).update(readFileSync(join(scratch().tenantsDir, rel)));
    }
    expect(r.hash).toBe(expected.digest("hex"));
  });

  it("hashes each base after the tenant's own file, marked with its id", async () => {
    const child = "extends: hashed-base\nhosts:\n  - host: child.example\n";
    scratch().write("hashed-base", BASE_YAML);
    scratch().write("hashed-child", child);
    const r = await loadTenant(scratch().tenantsDir, "hashed-child");
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
    const expected = createHash("sha256").update(child);
    const base = readFileSync(join(scratch().tenantsDir, "hashed-base.yaml"));
    expected.update("\0extends\0hashed-base\0").update(base);
    for (const rel of ["mysport/logo.svg", "mysport/logo-small.svg", "mysport/favicon.svg"]) {
      expected.update(`\0${rel}\0`).update(readFileSync(join(scratch().tenantsDir, rel)));
    }
    expect(r.hash).toBe(expected.digest("hex"));
  });
});
