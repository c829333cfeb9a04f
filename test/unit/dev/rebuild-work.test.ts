/**
 * What `storefront dev` does on a change, counted (not timed): a new colour changes the theme
 * only, so the rebuild renders no page and no policy or offer PDF again (the pages do not
 * depend on the palette) and writes no compressed copy (dev's pages change on every rebuild);
 * a new tenant name changes every page and the PDFs, so they are all rendered again. The core
 * build is looked up once, and again only after the core's sources change.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTenant } from "../../../cli/config/load.ts";
import { DevTenant } from "../../../cli/dev/tenant.ts";
import { tenantPages } from "../../../storefront/src/domain/pages.ts";

let work: string;
let tenantsDir: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-dev-work-"));
  tenantsDir = join(work, "tenants");
  await cp("tenants", tenantsDir, { recursive: true });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const compressedCopies = async (root: string) =>
  (await readdir(root, { recursive: true })).filter((f) => /\.(br|gz)$/.test(f));

describe("storefront dev: the work of a rebuild", () => {
  it("after a colour change renders no page and no PDF again and precompresses nothing", async () => {
    const yaml = join(tenantsDir, "mysport.yaml");
    const original = await readFile(yaml, "utf8");
    const tenant = new DevTenant("mysport", tenantsDir, join(work, "dev"));
    expect((await tenant.rebuild()).kind).toBe("reloaded");
    const { pages, policies, offers } = tenant.memo;
    // Every page in both of MySport's languages, and its policy and offer PDFs once.
    const loaded = await loadTenant(tenantsDir, "mysport");
    if (!loaded.ok) throw new Error("tenants/mysport.yaml is invalid");
    const all = tenantPages(loaded.config.menu).length * loaded.config.languages.available.length;
    expect(pages.made).toBe(all);
    expect([policies.made, offers.made]).toEqual([1, 1]);
    expect(await compressedCopies(tenant.current()?.root ?? "")).toEqual([]);

    await writeFile(yaml, original.replace(/primary: "#[0-9a-fA-F]{6}"/, 'primary: "#123456"'));
    // The core build found by the first rebuild is taken as it is (no hashing of its sources).
    const core = tenant.memo.core;
    expect(core?.build.hash).toBe(core?.coreHash);
    expect((await tenant.rebuild()).kind).toBe("reloaded");
    expect([pages.made, pages.reused, policies.made, offers.made]).toEqual([all, all, 1, 1]);
    expect(tenant.memo.core).toBe(core);
    const root = tenant.current()?.root ?? "";
    expect(await readFile(join(root, "index.html"), "utf8")).toContain("--color-primary: #123456");
    expect(await compressedCopies(root)).toEqual([]);

    // The name is on every page, in the policy and the offer: all of them are rendered again.
    await writeFile(yaml, original.replace(/^tenantName: .*$/m, "tenantName: MySport Dev"));
    expect((await tenant.rebuild()).kind).toBe("reloaded");
    expect([pages.made, policies.made, offers.made]).toEqual([2 * all, 2, 2]);

    // A change to the core's sources: the next rebuild looks at the core again.
    tenant.memo.forgetCore();
    expect((await tenant.rebuild()).kind).toBe("unchanged");
    expect(tenant.memo.core?.coreHash).toBe(core?.coreHash);
    expect(tenant.memo.core).not.toBe(core);
    tenant.close();
    await writeFile(yaml, original);
  }, 180_000);
});
