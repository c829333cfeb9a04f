/**
 * Each `storefront` command once under the newest Node LTS, as an operator or CI runs it (the
 * real binary, no terminal): what could break on another Node is the CLI's own start-up, its
 * file and process handling and the libraries it loads per command. The behaviour of each is
 * tested in depth by the unit tests under the machine's Node.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../unit/fixtures/cli.ts";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-node-lts-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const ok = async (...args: string[]) => {
  const r = await cli(...args);
  expect(r.code, `storefront ${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r;
};

/** Starts a serving command on a free port, fetches its home page, then stops it with Ctrl+C. */
function serveOnce(args: string[]): Promise<{ status: number; html: string; code: number | null }> {
  return new Promise((done, failed) => {
    const child = spawn(process.execPath, ["cli/bin.js", ...args, "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let asked = false;
    let page = { status: 0, html: "" };
    child.stdout.on("data", (d) => {
      out += d;
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (asked || !origin || !out.includes("Ctrl+C")) return;
      asked = true;
      fetch(`${origin}/`)
        .then(async (r) => {
          page = { status: r.status, html: await r.text() };
        })
        .then(() => child.kill("SIGINT"), failed);
    });
    child.stderr.on("data", (d) => (err += d));
    child.on("error", failed);
    child.on("close", (code) =>
      asked
        ? done({ ...page, code })
        : failed(new Error(`${args.join(" ")} never served:\n${out}${err}`)),
    );
  });
}

describe(`storefront under Node ${process.versions.node}`, () => {
  it("list, validate, schema and docs", async () => {
    const list = JSON.parse((await ok("list", "--json")).stdout) as { tenants: { id: string }[] };
    expect(list.tenants.map((t) => t.id)).toContain("mysport");
    expect(JSON.parse((await ok("validate", "--json")).stdout).ok).toBe(true);
    expect((await ok("schema")).stdout).toBe(await readFile("docs/tenant.schema.json", "utf8"));
    expect((await ok("docs")).stdout).toBe(await readFile("docs/tenant-config.md", "utf8"));
  });

  it("new, build sharded in two, merge, publish to a folder twice, roll back", async () => {
    const tenants = join(work, "tenants");
    await cp("tenants", tenants, { recursive: true });
    await ok(
      "new",
      "lts-brand",
      "--name",
      "Brand",
      "--currency",
      "978",
      "--languages",
      "en",
      "--yes",
      "--tenants-dir",
      tenants,
    );
    // Another name for MySport here: its bundle differs from dist/mysport, a second release.
    const yaml = join(tenants, "mysport.yaml");
    await writeFile(
      yaml,
      (await readFile(yaml, "utf8")).replace(/^tenantName: .*$/m, "tenantName: MySport LTS"),
    );
    const shards = [1, 2].map((k) => join(work, `shard-${k}`));
    for (const [k, out] of shards.entries())
      await ok(
        "build",
        "--all",
        "--shard",
        `${k + 1}/2`,
        "--tenants-dir",
        tenants,
        "--out-dir",
        out,
      );
    const merged = join(work, "merged");
    await ok("merge", ...shards, "--out-dir", merged);
    const ids = (await readdir(tenants))
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => f.slice(0, -5));
    expect((await readdir(merged)).sort()).toEqual(ids.sort());

    const www = join(work, "www");
    const publish = (...from: string[]) =>
      ok("publish", "mysport", "--to", www, "--no-nginx-test", "--json", ...from);
    const status = async (r: Promise<{ stdout: string }>) =>
      JSON.parse((await r).stdout).tenants[0];
    const first = await status(publish());
    expect(first.status).toBe("published");
    const second = await status(publish("--out-dir", merged, "--tenants-dir", tenants));
    expect(second.status).toBe("published");
    expect(second.release).not.toBe(first.release);
    const back = await status(ok("rollback", "mysport", "--to", www, "--no-nginx-test", "--json"));
    expect(back.release).toBe(first.release);
  });

  it("preview and dev serve the prerendered home page", async () => {
    for (const args of [
      ["preview", "mysport"],
      ["dev", "mysport"],
    ]) {
      const served = await serveOnce(args);
      expect(served.status, args[0]).toBe(200);
      expect(served.html, args[0]).toContain('<html lang="ru">');
      expect(served.code, args[0]).toBe(0);
    }
  });
});
