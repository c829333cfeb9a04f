/**
 * Brand families: a tenant file that `extends` another takes the base's values it does not set,
 * and every problem still names the file, line and column where the value was written.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_EXTENDS_DEPTH } from "../../../cli/config/extends.ts";
import {
  formatProblem,
  type LoadResult,
  loadTenant,
  tenantInputs,
} from "../../../cli/config/load.ts";
import { BASE_YAML, mutate, scratchPerFile } from "./fixture.ts";

const scratch = scratchPerFile();

/** `file:line:col` of the first occurrence of `needle` in `text` (1-based, as problems are). */
function at(file: string, text: string, needle: string): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${JSON.stringify(needle)} is not in the text`);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `${file}:${line}:${offset - before.lastIndexOf("\n")}`;
}

async function load(id: string, files: Record<string, string>): Promise<LoadResult> {
  for (const [name, text] of Object.entries(files)) scratch().write(name, text);
  return loadTenant(scratch().tenantsDir, id);
}

function problems(r: LoadResult): string[] {
  if (r.ok) throw new Error("expected problems, the tenant loaded");
  return r.problems.map((p) => formatProblem(p));
}

function config(r: LoadResult) {
  if (!r.ok) throw new Error(r.problems.map((p) => formatProblem(p)).join("\n"));
  return r.config;
}

const CHILD = `extends: family
tenantName: Family Blue
theme:
  palette:
    primary: "#0d47a1"
menu: [participants, contacts]
hosts:
  - host: blue.example
auth: null
footer: null
`;

describe("a tenant that extends another", () => {
  it("merges maps key by key, replaces lists and scalars, and null removes an inherited optional field", async () => {
    const r = await load("blue", { family: BASE_YAML, blue: CHILD });
    const c = config(r);
    expect(c.tenantName).toBe("Family Blue");
    // One palette key changed, the other seven and the rest of the theme inherited.
    expect(c.theme.palette).toEqual({
      primary: "#0d47a1",
      onPrimary: "#ffffff",
      secondary: "#b85000",
      background: "#f5f7fa",
      surface: "#ffffff",
      text: "#1a1f2b",
      textMuted: "#4f5b6d",
      error: "#c62828",
    });
    expect(c.theme.logo).toBe("mysport/logo.svg");
    expect(c.menu).toEqual(["participants", "contacts"]);
    expect(c.hosts).toEqual([{ host: "blue.example" }]);
    expect(c.auth).toBeUndefined();
    expect("auth" in c).toBe(false);
    // footer takes null as a value of its own: "no footer", not "the base's footer".
    expect(c.footer).toBeNull();
    expect(c.support.email).toBe("support@mysport.example");
    expect(r.ok && r.bases).toEqual(["family"]);
  });

  it("loads to the same settings as the tenant written out in full", async () => {
    const full = mutate([
      ["tenantName: MySport", "tenantName: Family Blue"],
      ['primary: "#1565c0"', 'primary: "#0d47a1"'],
      [
        "hosts:\n  - host: mysport.ru\n  - host: en.mysport.ru\n    language: en",
        "hosts:\n  - host: blue.example",
      ],
      [
        "menu: [participants, photographers, organizers, business, contacts]",
        "menu: [participants, contacts]",
      ],
      [
        "footer:\n  socialIcons:\n    languages: [ru]\n  copyright:\n    languages: [ru]\n    holder: MySport\n  supportLink: otherwise\nauth:\n  realm: mysport\n  clientId: storefront\n",
        "footer: null\n",
      ],
    ]);
    const child = config(await load("blue", { family: BASE_YAML, blue: CHILD }));
    // A host belongs to one tenant: the two are loaded in turn, each alone with the host.
    rmSync(join(scratch().tenantsDir, "blue.yaml"));
    const whole = config(await load("blue-full", { "blue-full": full }));
    rmSync(join(scratch().tenantsDir, "blue-full.yaml"));
    expect(JSON.stringify(child)).toBe(JSON.stringify(whole));
  });

  it("follows a chain: each level sets what is nearest to it", async () => {
    const r = await load("c", {
      a: BASE_YAML,
      // Each with hosts of its own: a host belongs to one tenant.
      b: "extends: a\ntenantName: B\nhosts:\n  - host: b.example\ntheme:\n  radius: 4\n",
      c: 'extends: b\nhosts:\n  - host: c.example\ntheme:\n  radius: 12\n  palette:\n    text: "#000000"\n',
    });
    const c = config(r);
    expect([c.tenantName, c.theme.radius, c.theme.palette.text]).toEqual(["B", 12, "#000000"]);
    expect(r.ok && r.bases).toEqual(["b", "a"]);
  });

  it("hashes the base too, and names every file it was made from", async () => {
    const first = await load("blue", { family: BASE_YAML, blue: CHILD });
    const changed = await load("blue", { family: `${BASE_YAML}# changed\n`, blue: CHILD });
    if (!first.ok || !changed.ok) throw new Error("both load");
    expect(first.hash).not.toBe(changed.hash);
    const inputs = tenantInputs(first).map((i) => i.path);
    expect(inputs).toEqual([
      "blue.yaml",
      "family.yaml",
      "mysport/logo.svg",
      "mysport/logo-small.svg",
      "mysport/favicon.svg",
    ]);
    for (const i of tenantInputs(first)) expect(i.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(tenantInputs(first)[1]?.abs).toBe(join(scratch().tenantsDir, "family.yaml"));
  });
});

describe("problems in a family are placed where the value was written", () => {
  it("a bad value in the child names the child's line", async () => {
    const child = CHILD.replace('"#0d47a1"', '"navy"');
    const r = await load("blue", { family: BASE_YAML, blue: child });
    expect(problems(r)).toEqual([
      `${at("tenants/blue.yaml", child, '"navy"')}  theme.palette.primary  expected a colour as "#rrggbb", received "navy"`,
    ]);
  });

  it("a bad value in the base names the base's line, for the child too", async () => {
    const base = mutate([["radius: 8", "radius: 99"]]);
    const r = await load("blue", { family: base, blue: CHILD });
    expect(problems(r)).toEqual([
      `${at("tenants/family.yaml", base, "99")}  theme.radius  expected a number ≤ 32, received 99`,
    ]);
  });

  it("a value the child replaces is not the base's problem", async () => {
    const base = mutate([["radius: 8", "radius: 99"]]);
    const r = await load("blue", {
      family: base,
      blue: CHILD.replace("theme:\n", "theme:\n  radius: 6\n"),
    });
    expect(config(r).theme.radius).toBe(6);
  });

  it("a null for a required field is not a removal: it is refused in the child", async () => {
    const r = await load("nulled", {
      family: BASE_YAML,
      nulled: "extends: family\nhosts:\n  - host: nulled.example\ntenantName: null\n",
    });
    expect(problems(r)).toEqual([
      "tenants/nulled.yaml:4:13  tenantName  expected a string, received null (an empty value)",
    ]);
  });

  it("unknown keys are placed in the file that has them", async () => {
    const base = mutate([["  radius: 8\n", "  radius: 8\n  shadow: 2\n"]]);
    const child = `${CHILD}colour: red\n`;
    const r = await load("blue", { family: base, blue: child });
    expect(problems(r)).toEqual([
      `${at("tenants/blue.yaml", child, "colour")}  colour  unknown key "colour"; expected one of tenantName, shortName, theme, languages, currencyId, hosts, usVariant, appBar, backURL, backFromHome, hideBannerOnHome, menu, footer, auth, tls, cardNote, support, privacy, offer, social, api, analytics, requestsEndpoint`,
      `${at("tenants/family.yaml", base, "shadow")}  theme.shadow  unknown key "shadow"; expected one of id, palette, typography, fonts, radius, logo, logoSmall, favicon, hero`,
    ]);
  });

  it("a field missing from a map the child adds is placed at that map in the child", async () => {
    const child = `${CHILD}cardNote: null\nappBar:\n  backLink:\n    url: https://example.com/\n`;
    const r = await load("blue", { family: BASE_YAML, blue: child });
    expect(problems(r)).toEqual([
      `${at("tenants/blue.yaml", child, "backLink")}  appBar.backLink.label  missing required field; expected a map of keys`,
    ]);
  });

  it("a map written over a middle layer's scalar takes nothing from below it: what it lacks is placed at it", async () => {
    // b replaces a's palette with a scalar, and c a palette of one colour over that: c's palette is
    // all the merged tenant has, so the colours it lacks are c's to write, not a's.
    const c =
      'extends: b\nhosts:\n  - host: c.example\ntheme:\n  palette:\n    primary: "#0d47a1"\n';
    const r = await load("c", {
      a: BASE_YAML,
      b: "extends: a\nhosts:\n  - host: b.example\ntheme:\n  palette: dark\n",
      c,
    });
    const missing = [
      "onPrimary",
      "secondary",
      "background",
      "surface",
      "text",
      "textMuted",
      "error",
    ];
    expect(problems(r)).toEqual(
      missing.map(
        (key) =>
          `${at("tenants/c.yaml", c, "palette")}  theme.palette.${key}  missing required field; expected a string`,
      ),
    );
  });

  it("a YAML syntax error in the base names the base", async () => {
    const base = mutate([["tenantName: MySport", "tenantName: [MySport"]]);
    const r = await load("blue", { family: base, blue: CHILD });
    const [first] = problems(r);
    expect(first).toMatch(/^tenants\/family\.yaml:\d+:\d+ {2}\(yaml\) {2}invalid YAML/);
  });
});

describe("what extends may name", () => {
  it("refuses a cycle where the extends that closes it is written", async () => {
    const b = "extends: a\ntenantName: B\n";
    const r = await load("a", { a: `extends: b\n${BASE_YAML}`, b });
    expect(problems(r)).toEqual([
      `tenants/b.yaml:1:10  extends  extends makes a cycle (a → b → a); a tenant cannot inherit from itself`,
    ]);
    const self = await load("selfish", { selfish: `extends: selfish\n${BASE_YAML}` });
    expect(problems(self)[0]).toContain("extends makes a cycle (selfish → selfish)");
  });

  it("refuses a base that does not exist, with a guess", async () => {
    const child = CHILD.replace("extends: family", "extends: familly");
    const r = await load("blue", { family: BASE_YAML, blue: child });
    const [only] = problems(r);
    expect(only).toMatch(
      /^tenants\/blue\.yaml:1:10 {2}extends {2}no such tenant: tenants\/familly\.yaml; known tenants: .*— did you mean "family"\?; extends names a tenant id$/,
    );
  });

  it("refuses a path instead of an id: a base is a tenant of the same folder", async () => {
    for (const value of ["../family", "/etc/passwd", "family.yaml", "42", "[family]"]) {
      const r = await load("blue", { family: BASE_YAML, blue: CHILD.replace("family", value) });
      const [only] = problems(r);
      expect(only, value).toMatch(
        /^tenants\/blue\.yaml:1:10 {2}extends {2}expected the id of another tenant in tenants\/ \(e\.g\. mysport\), received /,
      );
    }
  });

  it("refuses a base whose file is a link out of the tenants folder", async () => {
    const outside = join(scratch().root, "outside.yaml");
    writeFileSync(outside, BASE_YAML);
    symlinkSync(outside, join(scratch().tenantsDir, "linked.yaml"));
    const r = await load("blue", { blue: CHILD.replace("family", "linked") });
    expect(problems(r)).toEqual([
      "tenants/blue.yaml:1:10  extends  tenants/linked.yaml leads outside tenants/ through a symbolic link; a base must be a tenant file inside it",
    ]);
  });

  it(`allows a chain of ${MAX_EXTENDS_DEPTH} steps and refuses a longer one`, async () => {
    const files: Record<string, string> = { g0: BASE_YAML };
    for (let i = 1; i <= MAX_EXTENDS_DEPTH + 1; i++)
      files[`g${i}`] = `extends: g${i - 1}\nradius: 1\n`.replace(
        "radius: 1\n",
        `tenantName: G${i}\nhosts:\n  - host: g${i}.example\n`,
      );
    const ok = await load(`g${MAX_EXTENDS_DEPTH}`, files);
    expect(config(ok).tenantName).toBe(`G${MAX_EXTENDS_DEPTH}`);
    const tooLong = await load(`g${MAX_EXTENDS_DEPTH + 1}`, files);
    expect(problems(tooLong)).toEqual([
      `tenants/g1.yaml:1:10  extends  a chain of more than ${MAX_EXTENDS_DEPTH} extends (g5 → g4 → g3 → g2 → g1 → g0); expected at most ${MAX_EXTENDS_DEPTH} — write the values in a nearer base`,
    ]);
  });

  it("a base folder entry that is not a file is refused in the base's name", async () => {
    mkdirSync(join(scratch().tenantsDir, "folder.yaml"));
    const r = await load("blue", { blue: CHILD.replace("family", "folder") });
    expect(problems(r)).toEqual([
      "tenants/folder.yaml:1:1  (file)  not a file: tenants/folder.yaml; expected a YAML file",
    ]);
  });
});
