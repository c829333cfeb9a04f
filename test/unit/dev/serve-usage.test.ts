/**
 * How `storefront preview` and `storefront dev` refuse a command line that means two things:
 * a tenant id and --all, a --host-alias without --all, or an alias that is not <host>=<id>.
 * Usage errors exit 2 and name what is wrong; nothing is served.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../fixtures/cli.ts";

describe("preview and dev: one tenant or --all", () => {
  it("refuses a tenant id with --all", async () => {
    for (const command of ["preview", "dev"]) {
      const r = await cli(command, "mysport", "--all", "--port", "0");
      expect([command, r.code]).toEqual([command, 2]);
      expect(r.stderr).toContain("pass either a tenant id or --all, not both");
    }
  });

  it("refuses --host-alias without --all", async () => {
    const r = await cli("dev", "mysport", "--host-alias", "en.mysport.ru=mysport");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--host-alias needs --all");
  });

  it("refuses an alias that is not <tenant-host>=<id> of a served tenant", async () => {
    const bad = await cli(
      "preview",
      "--all",
      "--port",
      "0",
      "--host-alias",
      "en.mysport.ru=nobody",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no tenant "nobody" is served; served: .*mysport/);
  });

  it("refuses --core with --all, and a --core folder that holds no storefront", async () => {
    const all = await cli("dev", "--all", "--core", "--port", "0");
    expect(all.code).toBe(2);
    expect(all.stderr).toContain("--core serves one tenant");
    const empty = await cli("dev", "mysport", "--core", "test", "--port", "0");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--core: no storefront\/index\.html in .*test/);
  });

  it("a port in use: dev says so and ends, watching nothing", async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, "127.0.0.1", done));
    const { port } = taken.address() as AddressInfo;
    const out = await mkdtemp(join(tmpdir(), "storefront-dev-port-"));
    try {
      const r = await cli("dev", "mysport", "--port", String(port), "--out-dir", out);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`Port ${port} on 127.0.0.1 is in use`);
    } finally {
      taken.close();
      await rm(out, { recursive: true, force: true });
    }
  }, 90_000);
});
