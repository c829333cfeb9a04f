/**
 * A release record is read back from the target (a bucket where one brand's operator may write
 * only `tenants/<id>/`, a folder on a shared host) and its settings become the tenant's nginx
 * server block on a rollback. A record that names another tenant's host or certificate files
 * switches nothing and writes no block; one with the tenant's own does.
 */
import { appendFile, cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { rollbackTenant } from "../../../cli/publish/publish.ts";
import type { ReleaseRecord } from "../../../cli/publish/release.ts";
import type { Target } from "../../../cli/publish/target.ts";

const MYSPORT_TLS = {
  certificate: "/etc/ssl/mysport/fullchain.pem",
  certificateKey: "/etc/ssl/mysport/privkey.pem",
};

let tenantsDir: string;
let ironstar: TenantConfig;
beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), "storefront-record-"));
  tenantsDir = join(root, "tenants");
  await cp("tenants", tenantsDir, { recursive: true });
  await appendFile(
    join(tenantsDir, "mysport.yaml"),
    `tls:\n${YAML.stringify(MYSPORT_TLS).replace(/^/gm, "  ")}`,
  );
  ironstar = YAML.parse(await readFile(join(tenantsDir, "ironstar.yaml"), "utf8")) as TenantConfig;
});
afterAll(async () => {
  await rm(join(tenantsDir, ".."), { recursive: true, force: true });
});

const record = (name: string, config: TenantConfig): ReleaseRecord => ({
  name,
  publishedAt: "2026-11-01T00:00:00.000Z",
  styleHashes: [],
  assets: [],
  config,
});

/** A target holding ironstar's releases r1 (live) and r2, recording what the rollback did. */
function targetWith(r2: TenantConfig, servedByOthers: Record<string, TenantConfig> = {}) {
  const did: string[] = [];
  const releases = [record("r1", ironstar), record("r2", r2)];
  const target = {
    label: "a test target",
    state: async () => ({ releases, current: "r1" }),
    tenants: async () => ["ironstar", ...Object.keys(servedByOthers)],
    live: async (id: string) =>
      id === "ironstar" ? releases[0] : record("r9", servedByOthers[id] as TenantConfig),
    manifest: async () => ({ files: [] }),
    prepareServer: async (_id: string, live: ReleaseRecord) => {
      did.push(`server block for ${live.config.hosts?.map((h) => h.host).join(" ")}`);
    },
    activate: async (_id: string, release: string) => {
      did.push(`current → ${release}`);
    },
  } as unknown as Target;
  return { target, did };
}

describe("a release record read back from the target", () => {
  it("naming another tenant's host is refused: no server block, current stays", async () => {
    const forged = { ...ironstar, hosts: [{ host: "ironstar.example" }, { host: "mysport.ru" }] };
    const { target, did } = targetWith(forged as TenantConfig);
    await expect(rollbackTenant(target, "ironstar", "r2", tenantsDir)).rejects.toThrow(
      'ironstar: release r2 on a test target names host "mysport.ru" (mysport) of other tenants',
    );
    expect(did).toEqual([]);
  });

  it("naming another tenant's certificate files is refused (mysport-usa shares mysport's by extends)", async () => {
    const forged = { ...ironstar, tls: MYSPORT_TLS };
    const { target, did } = targetWith(forged as TenantConfig);
    await expect(rollbackTenant(target, "ironstar", "r2", tenantsDir)).rejects.toThrow(
      `names certificate file "${MYSPORT_TLS.certificate}" (mysport, mysport-usa), certificate file "${MYSPORT_TLS.certificateKey}" (mysport, mysport-usa) of other tenants`,
    );
    expect(did).toEqual([]);
  });

  it("naming a host another tenant's live release serves on the target is refused (no tenant file names it)", async () => {
    const own = { ...ironstar, tenantName: "IronStar, before the rename" };
    const servedHost = ironstar.hosts?.[0]?.host as string;
    const { target, did } = targetWith(own, {
      "ironstar-2025": { ...ironstar, hosts: [{ host: servedHost }] },
    });
    await expect(rollbackTenant(target, "ironstar", "r2", tenantsDir)).rejects.toThrow(
      `ironstar: release r2 names "${servedHost}" (served by ironstar-2025) on a test target; not switched`,
    );
    expect(did).toEqual([]);
  });

  it("with the tenant's own hosts switches, its block first", async () => {
    const own = { ...ironstar, tenantName: "IronStar, before the rename" };
    const { target, did } = targetWith(own);
    const hosts = ironstar.hosts?.map((h) => h.host).join(" ");
    expect((await rollbackTenant(target, "ironstar", "r2", tenantsDir)).status).toBe("rolled-back");
    expect(did).toEqual([`server block for ${hosts}`, "current → r2"]);
  });
});
