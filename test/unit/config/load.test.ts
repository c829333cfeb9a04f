import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listTenantIds, loadTenant, loadTenants } from "../../../cli/config/load.ts";
import { TENANT_IDS as TENANTS } from "../fixtures/tenants.ts";
import { BASE_YAML, makeScratch } from "./fixture.ts";

describe("the tenants in tenants/", () => {
  it("lists the id of every tenants/*.yaml, sorted", async () => {
    expect(await listTenantIds("tenants")).toEqual(TENANTS);
  });

  it("all load without problems", async () => {
    const results = await loadTenants("tenants");
    const problems = results.flatMap((r) => (r.ok ? [] : r.problems));
    expect(problems).toEqual([]);
    expect(results.map((r) => r.id)).toEqual(TENANTS);
    for (const r of results) {
      expect(r.file).toBe(`tenants/${r.id}.yaml`);
      if (r.ok) expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  // How fast validation is lives in `npm run bench` (validate, ≤ 0.5 s), not in a timed test.
  it("answers the same twice: loading keeps no state between runs", async () => {
    const first = await loadTenants("tenants");
    const second = await loadTenants("tenants");
    expect(second.map((r) => [r.id, r.ok, r.ok ? r.hash : null])).toEqual(
      first.map((r) => [r.id, r.ok, r.ok ? r.hash : null]),
    );
  });

  it("loads only the ids asked for, once each", async () => {
    const results = await loadTenants("tenants", ["timerman", "mysport", "timerman"]);
    expect(results.map((r) => r.id)).toEqual(["timerman", "mysport"]);
  });

  it("keeps YAML 1.2 values as written (quoted times stay strings)", async () => {
    const r = await loadTenant("tenants", "mysport");
    expect(r.ok && r.config.support.hours).toMatchObject({ from: "08:00", to: "18:00" });
    expect(r.ok && r.config.currencyId).toBe(643);
  });
});

describe("the hash", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is stable and changes with the YAML or any referenced asset", async () => {
    const scratch = makeScratch();
    try {
      scratch.write("base", BASE_YAML);
      const first = await loadTenant(scratch.tenantsDir, "base");
      const again = await loadTenant(scratch.tenantsDir, "base");
      expect(first.ok && again.ok && first.hash === again.hash).toBe(true);

      writeFileSync(join(scratch.tenantsDir, "mysport", "favicon.svg"), "<svg>changed</svg>");
      const assetChanged = await loadTenant(scratch.tenantsDir, "base");
      scratch.write("base", `${BASE_YAML}# a comment\n`);
      const yamlChanged = await loadTenant(scratch.tenantsDir, "base");

      const hashes = [first, assetChanged, yamlChanged].map((r) => (r.ok ? r.hash : r.problems));
      expect(new Set(hashes).size).toBe(3);
    } finally {
      scratch.dispose();
    }
  });
});

describe("listTenantIds", () => {
  it("ignores files that are not <valid-id>.yaml and a missing folder", async () => {
    const scratch = makeScratch();
    try {
      for (const name of ["b.yaml", "a.yaml", "Bad Name.yaml", "c.yml", "notes.txt", "d-.yaml"]) {
        writeFileSync(join(scratch.tenantsDir, name), "");
      }
      expect(await listTenantIds(scratch.tenantsDir)).toEqual(["a", "b"]);
      expect(await listTenantIds(join(scratch.root, "missing"))).toEqual([]);
      expect(await loadTenants(join(scratch.root, "missing"))).toEqual([]);
    } finally {
      scratch.dispose();
    }
  });
});

describe("never throws", () => {
  it("turns odd input into problems", async () => {
    const scratch = makeScratch();
    try {
      const odd = [
        "\u0000\u0001\u0002",
        "tenantName: [unclosed",
        "? [complex, key]\n: value\n",
        "theme: !!binary aGVsbG8=\n",
        "tenantName: MySport\ntheme: *undefined\n",
        "%YAML 1.1\n---\npicker: yes\n",
        "\t- tab indented\n",
        "1: one\n2: two\n",
        "tenantName: x\n".repeat(3),
        "x".repeat(2_000_000),
      ];
      for (const [i, yaml] of odd.entries()) {
        scratch.write(`odd-${i}`, yaml);
        const r = await loadTenant(scratch.tenantsDir, `odd-${i}`);
        expect(r.ok, JSON.stringify(yaml.slice(0, 40))).toBe(false);
        if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
      }
    } finally {
      scratch.dispose();
    }
  });

  it("reports a folder named like a tenant as a problem", async () => {
    const scratch = makeScratch();
    try {
      mkdirSync(join(scratch.tenantsDir, "folder.yaml"));
      const r = await loadTenant(scratch.tenantsDir, "folder");
      expect(r.ok ? "" : r.problems[0]?.message).toMatch(
        /^not a file: .*folder\.yaml; expected a YAML file$/,
      );
    } finally {
      scratch.dispose();
    }
  });
});
