import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { scriptSafeJson, styleElementText } from "../../../cli/build/render.ts";
import { isStale } from "../../../cli/commands/preview.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import { TENANT_IDS as ALL } from "../fixtures/tenants.ts";

const run = promisify(execFile);
let work: string;
let tenantsDir: string;
let outDir: string;

function settingsOf(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="tenant-settings">([^<]*)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error("no settings block");
  return JSON.parse(m[1]) as Record<string, unknown>;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-build-"));
  tenantsDir = join(work, "tenants");
  outDir = join(work, "dist");
  await cp("tenants", tenantsDir, { recursive: true });
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("storefront build", () => {
  it("builds a self-contained bundle per tenant of tenants/, all sharing one core", async () => {
    const results = await buildTenants({ tenantsDir, outDir, ids: [] });
    expect(results.map((r) => [r.id, r.ok])).toEqual(ALL.map((id) => [id, true]));
    const manifests: BuildManifest[] = [];
    for (const id of ALL) {
      const html = await readFile(join(outDir, id, "index.html"), "utf8");
      expect(settingsOf(html)).toMatchObject({ id });
      // no executable inline script: every script is either external or a JSON data block
      for (const tag of html.match(/<script[^>]*>/g) ?? []) {
        expect(tag).toMatch(/src="\/assets\/|type="application\/json"/);
      }
      for (const f of ["robots.txt", "manifest.webmanifest", "favicon.svg"]) {
        await readFile(join(outDir, id, f));
      }
      // The service worker of the paid orders kept offline: at the root (its scope is the whole
      // shop), the same file in every tenant (compared below), revalidated on every visit.
      const worker = await readFile(join(outDir, id, "sw.js"), "utf8");
      expect(worker).toContain("storefront.order:");
      expect(await readFile(join(outDir, id, "_headers"), "utf8")).toContain(
        "/sw.js\n  Cache-Control: no-cache\n",
      );
      manifests.push(JSON.parse(await readFile(join(outDir, id, "build-manifest.json"), "utf8")));
    }
    const coreFiles = (m: BuildManifest) =>
      m.files.filter((f) => f.path.endsWith(".js")).map((f) => `${f.path}:${f.sha256}`);
    for (const m of manifests.slice(1)) expect(coreFiles(m)).toEqual(coreFiles(manifests[0]!));
    const usa = await readFile(join(outDir, "mysport-usa", "index.html"), "utf8");
    expect(settingsOf(usa)).toMatchObject({ currencyId: 840, usVariant: true, footer: null });
    // The theme and the first screen's CSS are the page's one inline style, allowed by the CSP
    // (nginx.conf, _headers, and preview from the manifest) by its hash, nothing wider.
    const home = await readFile(join(outDir, "mysport", "index.html"), "utf8");
    const styles = [...home.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1] ?? "");
    expect(styles).toHaveLength(1);
    const css = styles[0] ?? "";
    expect(css).toMatch(/--color-primary: ?#1565c0/);
    expect(css).toMatch(/--theme-ready: ?1/);
    // Its file is named only by a disabled link (never fetched), for the app's chunk loader.
    for (const link of home.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
      expect(link).toMatch(/ disabled /);
    }
    const hash = `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;
    expect(manifests[ALL.indexOf("mysport")]?.styleHashes).toEqual([hash]);
    for (const deployFile of ["nginx.conf", "_headers"]) {
      const text = await readFile(join(outDir, "mysport", deployFile), "utf8");
      expect(text).toContain(`style-src 'self' ${hash};`);
    }
  }, 120_000);

  it("a shell asks for the app's JavaScript in its HTML; a full page leaves it to after its first paint", async () => {
    const page = (lang: string, kind: string) =>
      readFile(join(outDir, "mysport", "_pages", lang, `${kind}.html`), "utf8");
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    for (const lang of ["ru", "en"]) {
      for (const kind of ["shell", "cart-shell"]) {
        const html = await page(lang, kind);
        const listed = preloads(html);
        // The entry the boot script imports; on the cart's shell this language's whole catalog
        // only; the shell of many routes leaves the catalog to the boot script, which knows the
        // route (an event page loads its own part of it).
        const boot = /<script type="module" src="\/(assets\/boot-[\w-]+\.js)"/.exec(html)?.[1];
        const bootJs = await readFile(join(outDir, "mysport", boot ?? "missing"), "utf8");
        expect(listed).toContain(/"entry":"\/(assets\/[^"]+)"/.exec(bootJs)?.[1]);
        const messages = listed.filter((f) => /^assets\/(ru|en)-[\w-]+\.js$/.test(f ?? ""));
        expect(messages).toEqual(
          kind === "cart-shell"
            ? [expect.stringMatching(new RegExp(`^assets/${lang}-[\\w-]{8}\\.js$`))]
            : [],
        );
      }
      for (const kind of ["home", "contacts"]) expect(preloads(await page(lang, kind))).toEqual([]);
    }
  });

  it("is reproducible: the same inputs give the same bytes", async () => {
    const before = await readFile(join(outDir, "mysport", "build-manifest.json"), "utf8");
    await buildTenants({ tenantsDir, outDir, ids: ["mysport"] });
    expect(await readFile(join(outDir, "mysport", "build-manifest.json"), "utf8")).toBe(before);
  }, 60_000);

  it("preview rebuilds a bundle made from other sources, another tenant file or another CLI, or with a malformed manifest", async () => {
    const bundle = join(outDir, "mysport");
    const tenant = await loadTenant(tenantsDir, "mysport");
    if (!tenant.ok) throw new Error("mysport.yaml does not load");
    expect(await isStale(bundle, tenant.hash)).toBe(false);
    expect(await isStale(bundle, `${tenant.hash}0`)).toBe(true);
    const file = join(bundle, "build-manifest.json");
    const built = await readFile(file, "utf8");
    try {
      for (const key of ["coreHash", "renderHash"]) {
        const manifest = JSON.parse(built) as Record<string, string>;
        manifest[key] = "0000000000000000";
        await writeFile(file, JSON.stringify(manifest));
        expect(await isStale(bundle, tenant.hash)).toBe(true);
      }
      await writeFile(file, "{ not json");
      expect(await isStale(bundle, tenant.hash)).toBe(true);
      // The inline styles' hashes go into the CSP: a list that is not one the build wrote means
      // the pages would be served unstyled (or the preview stopped), so the bundle is rebuilt.
      for (const styleHashes of ["'sha256-x'", ["'sha256-x'"], [1], null, { 0: "a" }]) {
        const manifest = JSON.parse(built) as Record<string, unknown>;
        manifest.styleHashes = styleHashes;
        await writeFile(file, JSON.stringify(manifest));
        expect([styleHashes, await isStale(bundle, tenant.hash)]).toEqual([styleHashes, true]);
      }
    } finally {
      await writeFile(file, built);
    }
    expect(await isStale(join(outDir, "no-such-tenant"), tenant.hash)).toBe(true);
  });

  it("a broken YAML is refused with file, line and field, and leaves dist/ as it was", async () => {
    const before = await readFile(join(outDir, "ironstar", "index.html"), "utf8");
    const file = join(tenantsDir, "ironstar.yaml");
    const yaml = await readFile(file, "utf8");
    await writeFile(file, yaml.replace("radius: 2", "radius: big"));
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [
          "cli/bin.js",
          "build",
          "ironstar",
          "mysport",
          "--tenants-dir",
          tenantsDir,
          "--out-dir",
          outDir,
          // mysport's bundle is current: --force builds it anyway, beside the failing tenant.
          "--force",
        ],
        { encoding: "utf8" },
      ).then(
        () => ({ stdout: "", stderr: "expected a failure" }),
        (e: { stdout: string; stderr: string; code: number }) => {
          expect(e.code).toBe(1);
          return e;
        },
      );
      expect(stderr).toMatch(/ironstar\.yaml:\d+:\d+ +theme\.radius +/);
      expect(stdout).toContain("✓ mysport");
      expect(await readFile(join(outDir, "ironstar", "index.html"), "utf8")).toBe(before);
    } finally {
      await writeFile(file, yaml);
    }
  }, 60_000);

  it("usage errors exit 2; --json reports every tenant", async () => {
    const usage = await run(process.execPath, ["cli/bin.js", "build"]).catch(
      (e: { code: number }) => e,
    );
    expect((usage as { code: number }).code).toBe(2);
    const { stdout } = await run(process.execPath, [
      "cli/bin.js",
      "build",
      "--all",
      "--json",
      "--tenants-dir",
      tenantsDir,
      "--out-dir",
      outDir,
    ]);
    const report = JSON.parse(stdout) as { ok: boolean; tenants: { id: string; ok: boolean }[] };
    expect(report.ok).toBe(true);
    expect(report.tenants.map((t) => t.id)).toEqual(ALL);
  }, 60_000);
});

describe("settings embedded in index.html", () => {
  it("hostile strings cannot close the script element and round-trip unchanged", () => {
    const value = { name: "</script><script>alert(1)</script>", x: "a\u2028b\u2029c & <!--" };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("the inline style", () => {
  it("no CSS string can close the style element, and CSS reads it unchanged", () => {
    const css = `:root{--font-family:"</style><script>alert(1)</script>", "</STYLE"}`;
    const text = styleElementText(css);
    expect(text).not.toMatch(/<\/style/i);
    // CSS's escape "\/" is "/": the custom property's value is what the theme wrote.
    expect(text.replaceAll("<\\/", "</")).toBe(css);
  });
});
