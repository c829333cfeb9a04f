import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNew } from "../../../cli/commands/new.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { cli } from "../fixtures/cli.ts";
import { TENANT_IDS as ALL } from "../fixtures/tenants.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    print: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), color: false },
  };
}

let work: string;
let tenantsDir: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-new-"));
  tenantsDir = join(work, "tenants");
  await cp("tenants", tenantsDir, { recursive: true });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("storefront new", () => {
  it("scaffolds a tenant from flags that validates and builds at once", async () => {
    const made = await cli(
      "new",
      "demo-brand",
      "--name",
      "Demo Brand",
      "--currency",
      "978",
      "--languages",
      "ru,en",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const yaml = await readFile(join(tenantsDir, "demo-brand.yaml"), "utf8");
    expect(yaml.split("\n")[0]).toBe("# yaml-language-server: $schema=../docs/tenant.schema.json");
    expect((await readdir(join(tenantsDir, "demo-brand"))).sort()).toEqual([
      "favicon.svg",
      "hero.svg",
      "logo-small.svg",
      "logo.svg",
    ]);
    const logo = await readFile(join(tenantsDir, "demo-brand", "logo-small.svg"), "utf8");
    expect(logo).toContain(">DB</text>");

    const tenant = await loadTenant(tenantsDir, "demo-brand");
    if (!tenant.ok) throw new Error(JSON.stringify(tenant.problems));
    expect(tenant.config).toMatchObject({
      tenantName: "Demo Brand",
      currencyId: 978,
      languages: { available: ["ru", "en"], default: "ru", picker: true },
    });
    expect(logo).toContain(`fill="${tenant.config.theme.palette.primary}"`);

    const outDir = join(work, "dist");
    const validated = await cli("validate", "demo-brand", "--tenants-dir", tenantsDir);
    expect(validated.code).toBe(0);
    const built = await cli(
      "build",
      "demo-brand",
      "--json",
      "--tenants-dir",
      tenantsDir,
      "--out-dir",
      outDir,
    );
    expect(built.code).toBe(0);
    const html = await readFile(join(outDir, "demo-brand", "index.html"), "utf8");
    expect(html).toContain("<title>Demo Brand</title>");
  }, 120_000);

  it("refuses an invalid id and an existing tenant with exit 1, writing nothing", async () => {
    const bad = await cli("new", "Demo_Brand", "--yes", "--tenants-dir", tenantsDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a valid tenant id: "Demo_Brand"/);
    const taken = await cli("new", "mysport", "--yes", "--tenants-dir", tenantsDir);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/tenant mysport already exists/);
    expect(await readFile(join(tenantsDir, "mysport.yaml"), "utf8")).toBe(
      await readFile("tenants/mysport.yaml", "utf8"),
    );
    expect((await readdir(tenantsDir)).filter((f) => f.startsWith("Demo_Brand"))).toEqual([]);
  }, 60_000);

  it("without a terminal never asks: missing values need --yes (exit 2)", async () => {
    const r = await cli("new", "quiet", "--name", "Quiet", "--tenants-dir", tenantsDir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --currency, --languages, --color, or --yes/);
    const badFlag = await cli(
      "new",
      "quiet",
      "--currency",
      "999",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/--currency: the currency must be one of 643, 840, 978/);
    expect((await readdir(tenantsDir)).filter((f) => f.startsWith("quiet"))).toEqual([]);
  }, 60_000);

  it("asks for what flags leave out on a terminal; Enter takes the default", async () => {
    const asked: string[] = [];
    const answers = ["", "", "en, es", "not a colour", "#008342"];
    const c = capture();
    const code = await runNew({
      id: "asked-brand",
      tenantsDir,
      name: undefined,
      yes: false,
      json: false,
      print: c.print,
      ask: async (q) => {
        asked.push(q);
        return answers.shift() ?? "";
      },
    });
    expect(code).toBe(0);
    expect(asked.slice(0, 3)).toEqual([
      "Brand name [Asked Brand]: ",
      "Currency (643 rouble, 840 US dollar, 978 euro) [643]: ",
      "Languages, the default first [ru,en]: ",
    ]);
    expect(asked).toHaveLength(5);
    expect(c.err).toEqual(['  the brand colour must be "#rrggbb"']);
    const t = await loadTenant(tenantsDir, "asked-brand");
    expect(t.ok && t.config.languages).toEqual({
      available: ["en", "es"],
      default: "en",
      picker: true,
    });
    expect(t.ok && t.config.theme.palette.primary).toBe("#008342");
  });

  it("refuses a brand colour too light to read as link text, naming the nearest one that passes", async () => {
    const c = capture();
    const code = await runNew({
      id: "pale-brand",
      tenantsDir,
      color: "#00AA55",
      yes: true,
      json: false,
      print: c.print,
    });
    expect(code).toBe(1);
    expect(c.err.join("\n")).toContain(
      'theme.palette.primary  primary "#00aa55" on background "#f5f7fa" has a contrast of 2.84:1, below 4.5:1, the minimum for text (links; the focus ring, selected tabs); the nearest primary of the same hue that passes: "#008342"',
    );
    expect((await readdir(tenantsDir)).filter((f) => f.startsWith("pale-brand"))).toEqual([]);
  });

  it.each(ALL)(
    "--from %s copies every value and the assets, swapping only the brand",
    async (id) => {
      const copy = `copy-of-${id}`;
      const r = await cli("new", copy, "--from", id, "--yes", "--tenants-dir", tenantsDir);
      expect(r.stderr).toBe("");
      const source = await loadTenant(tenantsDir, id);
      const made = await loadTenant(tenantsDir, copy);
      if (!source.ok || !made.ok) throw new Error("expected both tenants to be valid");
      const brandless = (c: TenantConfig) => ({
        ...c,
        tenantName: "",
        hosts: [],
        theme: {
          ...c.theme,
          id: "",
          logo: "",
          logoSmall: "",
          favicon: "",
          hero: "",
          // The copy's font files are its own copies (compared byte for byte below).
          fonts: c.theme.fonts && { family: c.theme.fonts.family },
        },
        footer: c.footer && {
          ...c.footer,
          copyright: c.footer.copyright && { ...c.footer.copyright, holder: "" },
        },
      });
      // The template must carry every field: a copy differs from its model only in the brand.
      expect(brandless(made.config)).toEqual(brandless(source.config));
      expect(made.config.tenantName).toBe(
        `Copy Of ${id
          .split("-")
          .map((w) => w[0]!.toUpperCase() + w.slice(1))
          .join(" ")}`,
      );
      expect(made.config.hosts).toEqual([{ host: `${copy}.example` }]);
      // The font files and their licence text travel together (ironstar: Manrope and its OFL).
      for (const weight of ["regular", "bold", "license"] as const) {
        const to = made.config.theme.fonts?.[weight];
        const from = source.config.theme.fonts?.[weight];
        expect(to === undefined).toBe(from === undefined);
        if (!to || !from) continue;
        expect(to.startsWith(`${copy}/`)).toBe(true);
        expect(await readFile(join(tenantsDir, to))).toEqual(
          await readFile(join(tenantsDir, from)),
        );
      }
      for (const field of ["logo", "logoSmall", "favicon", "hero"] as const) {
        const to = made.config.theme[field] ?? "";
        expect(to.startsWith(`${copy}/`)).toBe(true);
        expect(await readFile(join(tenantsDir, to))).toEqual(
          await readFile(join(tenantsDir, source.config.theme[field] ?? "")),
        );
      }
    },
    60_000,
  );

  it("--from with languages the model cannot have is refused, leaving nothing behind", async () => {
    const r = await cli(
      "new",
      "us-copy",
      "--from",
      "mysport-usa",
      "--languages",
      "ru,en",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/languages\.available +the US variant is English only/);
    expect((await readdir(tenantsDir)).filter((f) => f.startsWith("us-copy"))).toEqual([]);
  }, 60_000);
});

describe("storefront new --extends", () => {
  it("writes a minimal child: its name, theme id, the colour that differs and a placeholder host", async () => {
    const r = await cli(
      "new",
      "mysport-green",
      "--extends",
      "mysport",
      "--name",
      "MySport Green",
      "--color",
      "#1b5e20",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const yaml = await readFile(join(tenantsDir, "mysport-green.yaml"), "utf8");
    const body = yaml
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .join("\n");
    expect(body).toBe(`extends: mysport
tenantName: MySport Green
theme:
  id: MySportGreen
  palette:
    primary: "#1b5e20"
    onPrimary: "#ffffff"
hosts:
  - host: mysport-green.example
`);
    // The child shares the base's logos: no asset folder of its own.
    expect((await readdir(tenantsDir)).filter((f) => f.startsWith("mysport-green"))).toEqual([
      "mysport-green.yaml",
    ]);
    const child = await loadTenant(tenantsDir, "mysport-green");
    const base = await loadTenant(tenantsDir, "mysport");
    if (!child.ok || !base.ok) throw new Error("both load");
    expect(child.config.theme.logo).toBe(base.config.theme.logo);
    expect(child.config.menu).toEqual(base.config.menu);
    const built = await cli(
      "build",
      "mysport-green",
      "--tenants-dir",
      tenantsDir,
      "--out-dir",
      join(work, "dist"),
    );
    expect(built.code).toBe(0);
  }, 120_000);

  it("writes the languages and currency only when they differ from the base's", async () => {
    const r = await cli(
      "new",
      "mysport-euro",
      "--extends",
      "mysport",
      "--currency",
      "978",
      "--languages",
      "en,ru",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(r.code).toBe(0);
    const yaml = await readFile(join(tenantsDir, "mysport-euro.yaml"), "utf8");
    expect(yaml).toContain(
      "languages:\n  available:\n    - en\n    - ru\n  default: en\n  picker: true\n",
    );
    expect(yaml).toContain("currencyId: 978\n");
    expect(yaml).not.toContain("palette");
  }, 60_000);

  it("refuses a base that does not load, and --from together with --extends", async () => {
    const missing = await cli(
      "new",
      "kid",
      "--extends",
      "nobody",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--extends nobody: that tenant is not usable as a base");
    const both = await cli(
      "new",
      "kid",
      "--extends",
      "mysport",
      "--from",
      "mysport",
      "--yes",
      "--tenants-dir",
      tenantsDir,
    );
    expect(both.code).toBe(2);
    expect((await readdir(tenantsDir)).filter((f) => f.startsWith("kid"))).toEqual([]);
  }, 60_000);
});
