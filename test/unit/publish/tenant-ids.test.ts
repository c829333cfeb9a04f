/**
 * A tenant id reaches folder paths (`<root>/<id>/current`) and object keys
 * (`tenants/<id>/current.json`): one that is not a tenant id (`../victim`, a newline, a slash) is
 * refused before any of them is touched, by the command line (a usage error, exit 2) and by
 * publish and rollback themselves, whichever target they are given.
 */
import { mkdir, mkdtemp, readlink, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CommanderError } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantIdProblem } from "../../../cli/config/tenants-dir.ts";
import { idsOrAll, tenantIds } from "../../../cli/program/common.ts";
import { publishTenant, publishTenants, rollbackTenant } from "../../../cli/publish/publish.ts";
import { openTarget, type Target } from "../../../cli/publish/target.ts";

const HOSTILE = ["../victim", "..", "a/b", "MySport", "a\nb", "", "a--b", "-a", "a-"];

/** A target that fails the test if anything reaches it. */
const untouchable = (): Target & { touched: string[] } => {
  const touched: string[] = [];
  return new Proxy({ label: "nowhere", touched } as unknown as Target & { touched: string[] }, {
    get(t, key) {
      // Its plain properties as a target without them has them (`concurrency` unset: one lane).
      if (key === "label" || key === "touched" || key === "then" || key === "concurrency")
        return Reflect.get(t, key);
      return (...args: unknown[]) => {
        touched.push(`${String(key)}(${args.map((a) => JSON.stringify(a)).join(", ")})`);
        throw new Error(`the target was asked for ${String(key)}`);
      };
    },
  });
};

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-ids-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("tenant ids that reach a path or a key", () => {
  it("are lower-case letters and digits with single hyphens between, nothing else", () => {
    for (const id of ["mysport", "mysport-usa", "a1", "brand-2-x"])
      expect(tenantIdProblem(id)).toBeNull();
    for (const id of HOSTILE) expect(tenantIdProblem(id), JSON.stringify(id)).not.toBeNull();
  });

  it("show the refused value quoted, its control characters escaped", () => {
    expect(tenantIdProblem("a\nb\u001b[31m")).toBe(
      '"a\\nb\\u001b[31m" is not a tenant id (lower-case letters and digits, single hyphens between)',
    );
  });

  it("on the command line: a usage error (exit 2) for build, publish and rollback", () => {
    for (const id of HOSTILE.filter(Boolean)) {
      const thrown = (() => {
        try {
          idsOrAll(["mysport", id], false);
        } catch (e) {
          return e;
        }
      })();
      expect(thrown).toBeInstanceOf(CommanderError);
      expect((thrown as CommanderError).exitCode).toBe(2);
      expect(() => tenantIds([id])).toThrow(/is not a tenant id/);
    }
    expect(() => idsOrAll(["mysport", "mysport-usa"], false)).not.toThrow();
  });

  it("publish refuses them before the target or the bundle is read", async () => {
    const target = untouchable();
    const options = {
      target,
      distDir: join(work, "dist"),
      tenantsDir: "tenants",
      keep: 5,
      dryRun: false,
    };
    for (const id of HOSTILE) {
      await expect(publishTenant(options, id)).rejects.toThrow(/is not a tenant id/);
    }
    const [result] = await publishTenants(options, ["../victim"]);
    expect(result).toMatchObject({ id: "../victim", status: "failed" });
    expect(result?.error).toMatch(/^"\.\.\/victim" is not a tenant id/);
    expect(target.touched).toEqual([]);
  });

  it("rollback of ../victim on a folder leaves the victim's current as it was", async () => {
    const root = join(work, "srv", "x");
    const victim = join(work, "srv", "victim");
    await mkdir(join(victim, "releases", "r1"), { recursive: true });
    await mkdir(join(victim, "releases", "r2"), { recursive: true });
    await symlink("releases/r2", join(victim, "current"));
    await mkdir(root, { recursive: true });
    const target = await openTarget(root, {
      listen: ["80"],
      sshOptions: [],
      nginx: { binary: "nginx", reload: false, test: false },
    });
    try {
      await expect(rollbackTenant(target, "../victim")).rejects.toThrow(/is not a tenant id/);
      await expect(rollbackTenant(untouchable(), "../victim", "r1")).rejects.toThrow(
        /is not a tenant id/,
      );
    } finally {
      await target.close();
    }
    expect(await readlink(join(victim, "current"))).toBe("releases/r2");
  });
});
