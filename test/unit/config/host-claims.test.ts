/**
 * A host belongs to one tenant: a tenant file that names another's host, in its own file or
 * inherited through `extends`, is refused by every load of either (validate, build, dev,
 * publish), even when only one of them is asked for. And a tenant's own file linked out of the
 * tenants folder is not read, so nothing of it is echoed.
 */
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hostClaims } from "../../../cli/config/host-claims.ts";
import {
  formatProblem,
  type LoadResult,
  loadTenant,
  loadTenants,
} from "../../../cli/config/load.ts";
import { BASE_YAML, scratchPerFile } from "./fixture.ts";

const scratch = scratchPerFile();
const written: string[] = [];

/** Writes tenant files for one test; they are removed after it. */
function write(files: Record<string, string>) {
  for (const [id, text] of Object.entries(files)) {
    scratch().write(id, text);
    written.push(id);
  }
}
afterEach(() => {
  for (const id of written.splice(0)) rmSync(join(scratch().tenantsDir, `${id}.yaml`));
});

const lines = (r: LoadResult | undefined): string[] => {
  if (!r) throw new Error("no result");
  return r.ok ? [] : r.problems.map((p) => formatProblem(p));
};

describe("a host belongs to one tenant", () => {
  it("a tenant naming another's host is refused, and so is the other, each naming the other", async () => {
    write({
      // The fixture gives shop the hosts shop.mysport.ru and en.shop.mysport.ru.
      shop: BASE_YAML,
      aaa: "extends: shop\ntenantName: AAA\nhosts:\n  - host: shop.mysport.ru\n",
    });
    // Asked for alone, as `validate aaa` or `build aaa` would: the folder is still looked at.
    const [aaa] = await loadTenants(scratch().tenantsDir, ["aaa"]);
    expect(lines(aaa)).toEqual([
      'tenants/aaa.yaml:4:11  hosts[0].host  host "shop.mysport.ru" is also a host of tenant "shop" (tenants/shop.yaml); a host is served by one tenant only',
    ]);
    expect(lines(await loadTenant(scratch().tenantsDir, "shop"))).toEqual([
      'tenants/shop.yaml:27:11  hosts[0].host  host "shop.mysport.ru" is also a host of tenant "aaa" (tenants/aaa.yaml); a host is served by one tenant only',
    ]);
  });

  it("the same name on another port is the same host to nginx", async () => {
    write({
      shop: BASE_YAML,
      aaa: "extends: shop\ntenantName: AAA\nhosts:\n  - host: own.example\n  - host: en.shop.mysport.ru:8443\n",
    });
    expect(lines(await loadTenant(scratch().tenantsDir, "aaa"))).toEqual([
      'tenants/aaa.yaml:5:11  hosts[1].host  host "en.shop.mysport.ru:8443" is also a host of tenant "shop" (tenants/shop.yaml); a host is served by one tenant only',
    ]);
  });

  it("a tenant that extends another without hosts of its own inherits them, and is told to write its own", async () => {
    write({ shop: BASE_YAML, copy: "extends: shop\ntenantName: Copy\n" });
    const [copy, shop] = await loadTenants(scratch().tenantsDir, ["copy", "shop"]);
    expect(lines(copy)).toEqual([
      'tenants/shop.yaml:27:11  hosts[0].host  host "shop.mysport.ru" is also a host of tenant "shop" (tenants/shop.yaml) (inherited through extends: write hosts of its own in tenants/copy.yaml); a host is served by one tenant only',
      'tenants/shop.yaml:28:11  hosts[1].host  host "en.shop.mysport.ru" is also a host of tenant "shop" (tenants/shop.yaml) (inherited through extends: write hosts of its own in tenants/copy.yaml); a host is served by one tenant only',
    ]);
    expect(lines(shop)).toHaveLength(2);
  });

  it("tenants with hosts of their own load, a family included", async () => {
    write({
      shop: BASE_YAML,
      own: "extends: shop\ntenantName: Own\nhosts:\n  - host: own.example\n",
    });
    const results = await loadTenants(scratch().tenantsDir, ["shop", "own"]);
    expect(results.flatMap(lines)).toEqual([]);
  });
});

describe("the folder's hosts, read for each load", () => {
  it("are read once while no tenant file changes, and again after a save", async () => {
    write({ shop: BASE_YAML });
    const dir = scratch().tenantsDir;
    const first = await hostClaims(dir);
    // A publish of many tenants, `dev --all`: every load asks; the folder is read once.
    const again = await Promise.all([hostClaims(dir), hostClaims(dir), hostClaims(dir)]);
    for (const claims of again) expect(claims).toBe(first);
    write({ own: "extends: shop\ntenantName: Own\nhosts:\n  - host: own.example\n" });
    const changed = await hostClaims(dir);
    expect(changed).not.toBe(first);
    expect(changed.get("own.example")).toEqual(["own"]);
  });
});

describe("a tenant's own file linked out of the tenants folder", () => {
  it("is not read, and nothing of it is echoed", async () => {
    const secret = join(scratch().root, "secret.env");
    writeFileSync(secret, "API_KEY=hunter2-very-secret\n");
    const link = join(scratch().tenantsDir, "leak.yaml");
    symlinkSync(secret, link);
    try {
      const result = await loadTenant(scratch().tenantsDir, "leak");
      expect(lines(result)).toEqual([
        "tenants/leak.yaml:1:1  (file)  tenants/leak.yaml leads outside tenants/ through a symbolic link and was not read; a tenant file must be inside it",
      ]);
      // Every tenant of the folder is loaded with the hosts the others name: not from this file.
      const all = await loadTenants(scratch().tenantsDir);
      expect(JSON.stringify(all)).not.toContain("hunter2");
    } finally {
      rmSync(link);
    }
  });
});
