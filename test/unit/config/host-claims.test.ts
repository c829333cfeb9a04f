/**
 * A host belongs to one tenant: a tenant file that names another's host, in its own file or
 * inherited through `extends`, is refused by every load of either (validate, build, dev,
 * publish), even when only one of them is asked for. And a tenant's own file linked out of the
 * tenants folder is not read, so nothing of it is echoed.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  foreignClaims,
  hostClaims,
  hostName,
  otherCertificateOwners,
  otherClaimants,
} from "../../../cli/config/host-claims.ts";
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

describe("what each tenant file claims, as its extends merges it", () => {
  /** A fresh tenants folder of its own for each case (hostClaims remembers a folder's claims). */
  function folder(files: Record<string, string>): string {
    const dir = mkdtempSync(join(scratch().root, "claims-"));
    for (const [id, text] of Object.entries(files)) writeFileSync(join(dir, `${id}.yaml`), text);
    return dir;
  }

  it("host names in lower case without their port, and the certificate files by path", async () => {
    const dir = folder({
      shop: "hosts:\n  - host: Shop.Example:8443\n  - host: shop.example\n  - host: en.shop.example\ntls:\n  certificate: /etc/ssl/shop/fullchain.pem\n  certificateKey: /etc/ssl/shop/privkey.pem\n",
      other: "hosts:\n  - host: other.example\n",
    });
    expect(Object.fromEntries(await hostClaims(dir))).toEqual({
      "shop.example": ["shop"],
      "en.shop.example": ["shop"],
      "file:/etc/ssl/shop/fullchain.pem": ["shop"],
      "file:/etc/ssl/shop/privkey.pem": ["shop"],
      "other.example": ["other"],
    });
  });

  it("a wildcard certificate two brands share is claimed by both", async () => {
    const tls =
      "tls:\n  certificate: /etc/ssl/wild/fullchain.pem\n  certificateKey: /etc/ssl/wild/key.pem\n";
    const dir = folder({
      a: `hosts:\n  - host: a.example\n${tls}`,
      b: `hosts:\n  - host: b.example\n${tls}`,
    });
    const claims = await hostClaims(dir);
    expect(claims.get("file:/etc/ssl/wild/fullchain.pem")).toEqual(["a", "b"]);
    expect(claims.get("file:/etc/ssl/wild/key.pem")).toEqual(["a", "b"]);
  });

  it("values that are not hosts or file names claim nothing, the others still do", async () => {
    const dir = folder({
      odd: "hosts:\n  - just-a-string\n  - host: 42\n  - host: kept.example\ntls:\n  certificate: 7\n  certificateKey: /etc/ssl/odd/key.pem\n",
      nohosts: "hosts: shop.example\ntls: /etc/ssl/x.pem\n",
      list: "- host: list.example\n",
    });
    expect(Object.fromEntries(await hostClaims(dir))).toEqual({
      "kept.example": ["odd"],
      "file:/etc/ssl/odd/key.pem": ["odd"],
    });
  });

  it("a tenant file linked out of the folder, an empty one or a null, claims nothing", async () => {
    const dir = folder({ empty: "", tilde: "~\n", fine: "hosts:\n  - host: fine.example\n" });
    const outside = join(scratch().root, "outside-claims.yaml");
    writeFileSync(outside, "hosts:\n  - host: victim.example\n");
    symlinkSync(outside, join(dir, "linked.yaml"));
    expect(Object.fromEntries(await hostClaims(dir))).toEqual({ "fine.example": ["fine"] });
  });

  it("a file saved again at the same size is read again", async () => {
    const dir = folder({ shop: "hosts:\n  - host: aaaa.example\n" });
    expect([...(await hostClaims(dir)).keys()]).toEqual(["aaaa.example"]);
    writeFileSync(join(dir, "shop.yaml"), "hosts:\n  - host: bbbb.example\n");
    expect([...(await hostClaims(dir)).keys()]).toEqual(["bbbb.example"]);
  });

  it("a file that cannot be read, or whose extends cannot be followed, claims nothing", async () => {
    const dir = folder({
      broken: "hosts: [\n  - host: broken.example\n",
      orphan: "extends: missing\nhosts:\n  - host: orphan.example\n",
      fine: "hosts:\n  - host: fine.example\n",
    });
    expect(Object.fromEntries(await hostClaims(dir))).toEqual({ "fine.example": ["fine"] });
  });
});

describe("who else claims a host or a certificate file", () => {
  const claims = new Map([
    ["shop.example", ["shop"]],
    ["shared.example", ["a", "b"]],
    ["file:/etc/ssl/wild.pem", ["a", "b"]],
    ["file:/etc/ssl/shop.pem", ["shop"]],
  ]);

  it("a host: the other tenants naming it, by the name nginx matches (any case, any port)", () => {
    expect(otherClaimants(claims, "shop.example", "shop")).toEqual([]);
    expect(otherClaimants(claims, "SHOP.example:443", "copy")).toEqual(["shop"]);
    expect(otherClaimants(claims, "shared.example", "a")).toEqual(["b"]);
    expect(otherClaimants(claims, "nobody.example", "a")).toEqual([]);
  });

  it("a certificate file: its owners, unless this tenant names it too (a shared certificate)", () => {
    expect(otherCertificateOwners(claims, "/etc/ssl/wild.pem", "a")).toEqual([]);
    expect(otherCertificateOwners(claims, "/etc/ssl/shop.pem", "evil")).toEqual(["shop"]);
    expect(otherCertificateOwners(claims, "/etc/ssl/none.pem", "evil")).toEqual([]);
  });

  it("a release record's settings: each host and file the folder gives another tenant", () => {
    expect(
      foreignClaims(claims, "evil", {
        hosts: [
          { host: "evil.example" },
          { host: "shop.example" },
          { host: "shared.example:8443" },
        ],
        tls: { certificate: "/etc/ssl/shop.pem", certificateKey: "/etc/ssl/wild.pem" },
      }),
    ).toEqual([
      'host "shop.example" (shop)',
      'host "shared.example:8443" (a, b)',
      'certificate file "/etc/ssl/shop.pem" (shop)',
      'certificate file "/etc/ssl/wild.pem" (a, b)',
    ]);
    expect(
      foreignClaims(claims, "a", {
        hosts: [{ host: "shared.example" }],
        tls: { certificate: "/etc/ssl/wild.pem", certificateKey: "/etc/ssl/a-key.pem" },
      }),
    ).toEqual(['host "shared.example" (b)']);
    expect(foreignClaims(claims, "shop", {})).toEqual([]);
    expect(
      foreignClaims(claims, "shop", {
        hosts: [{ host: "shop.example" }],
        tls: { certificate: "/etc/ssl/shop.pem", certificateKey: "" },
      }),
    ).toEqual([]);
  });

  it("the name nginx matches a Host against has no port", () => {
    expect(hostName("shop.example:8443")).toBe("shop.example");
    expect(hostName("shop.example")).toBe("shop.example");
    expect(hostName("shop.example:")).toBe("shop.example:");
    // Only a port at the end: a name that is not a host name stays as written.
    expect(hostName("shop.example:80.evil.example")).toBe("shop.example:80.evil.example");
  });
});
