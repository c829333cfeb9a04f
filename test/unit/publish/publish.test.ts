/**
 * `storefront publish` and `rollback` to a folder: the release layout, skipping what is live,
 * the dry run, pruning with --keep, the CSP of the server block in force, and a refused
 * configuration that leaves the live release untouched.
 */
import { execFile } from "node:child_process";
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { LocalHost } from "../../../cli/publish/host.ts";
import { NO_SERVER } from "../../../cli/publish/nginx.ts";
import { publishTenant, rollbackTenant } from "../../../cli/publish/publish.ts";
import type { TenantState } from "../../../cli/publish/release.ts";
import { FileTarget, parseTargetSpec, type Target } from "../../../cli/publish/target.ts";
import { cli } from "../fixtures/cli.ts";
import { buildVersions, type Version } from "./releases.ts";

const run = promisify(execFile);
const ID = "mysport";
let work: string;
let www: string;
let v: Record<string, Version>;

const manifestOf = async (version: Version) =>
  JSON.parse(
    await readFile(join(version.distDir, ID, "build-manifest.json"), "utf8"),
  ) as BuildManifest;

/** Runs the command; resolves with exit code, stdout and stderr. */
async function storefront(args: string[]) {
  return run(process.execPath, ["cli/bin.js", ...args], { encoding: "utf8" }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

const publish = (version: Version, ...extra: string[]) =>
  storefront([
    "publish",
    ID,
    "--to",
    www,
    "--tenants-dir",
    version.tenantsDir,
    "--out-dir",
    version.distDir,
    "--no-nginx-test",
    "--json",
    ...extra,
  ]);

const live = async () => (await readlink(join(www, ID, "current"))).replace("releases/", "");

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-publish-"));
  www = join(work, "www");
  v = await buildVersions(work, ID, {
    a: () => {},
    renamed: (doc) => doc.set("tenantName", "MySport Renamed"),
    blue: (doc) => doc.setIn(["theme", "palette", "primary"], "#0d47a1"),
  });
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("storefront publish to a folder", () => {
  it("uploads a release, points current at it, and skips it once it is live", async () => {
    const first = await publish(v.a!);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report.tenants[0]).toMatchObject({ id: ID, status: "published", previous: null });
    const release = report.tenants[0].release as string;
    expect(await live()).toBe(release);
    // The release is the bundle, file for file.
    const manifest = await manifestOf(v.a!);
    for (const f of manifest.files.slice(0, 20)) {
      expect((await stat(join(www, ID, "releases", release, f.path))).size).toBe(f.bytes);
    }
    // Its hashed files are also in the shared assets folder the server block serves /assets/ from.
    const conf = await readFile(join(www, ID, "nginx.conf"), "utf8");
    expect(conf).toContain(`root "${join(www, ID, "current")}";`);
    expect(conf).toContain(`root "${join(www, ID, "shared")}";`);
    for (const hash of manifest.styleHashes) expect(conf).toContain(hash);
    const again = JSON.parse((await publish(v.a!)).stdout);
    expect(again.tenants[0]).toMatchObject({ status: "live", release });
  }, 60_000);

  it("--dry-run lists the files added, changed and removed, and changes nothing", async () => {
    const before = await live();
    const text = await storefront([
      "publish",
      ID,
      "--to",
      www,
      "--tenants-dir",
      v.blue!.tenantsDir,
      "--out-dir",
      v.blue!.distDir,
      "--no-nginx-test",
      "--dry-run",
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /~ mysport {2}would publish \w+ \(live: \w+\): \d+ added, \d+ changed, \d+ removed/,
    );
    // A theme change rewrites every page (the inline style) and the deploy files.
    expect(text.stdout).toMatch(/^ {2}~ index\.html$/m);
    expect(text.stdout).toMatch(/^ {2}~ nginx\.conf$/m);
    expect(await live()).toBe(before);
    expect(await readdir(join(www, ID, "releases"))).toEqual([before]);
  }, 60_000);

  it("a theme change: the server block in force allows the style of the old and the new pages", async () => {
    const old = await manifestOf(v.a!);
    const blue = await manifestOf(v.blue!);
    expect(blue.styleHashes).not.toEqual(old.styleHashes);
    const r = JSON.parse((await publish(v.blue!)).stdout).tenants[0];
    expect(r.status).toBe("published");
    expect(r.diff.changed).toContain("index.html");
    const conf = await readFile(join(www, ID, "nginx.conf"), "utf8");
    for (const hash of [...old.styleHashes, ...blue.styleHashes]) expect(conf).toContain(hash);
  }, 120_000);

  it("--keep prunes older releases and the hashed files only they used; never the live one", async () => {
    const renamed = JSON.parse((await publish(v.renamed!, "--keep", "2")).stdout).tenants[0];
    expect(renamed.pruned).toHaveLength(1);
    const releases = await readdir(join(www, ID, "releases"));
    expect(releases).toHaveLength(2);
    expect(releases).toContain(await live());
    const kept = new Set<string>();
    for (const r of releases) {
      const m = JSON.parse(
        await readFile(join(www, ID, "releases", r, "build-manifest.json"), "utf8"),
      ) as BuildManifest;
      for (const f of m.files) if (f.path.startsWith("assets/")) kept.add(f.path);
    }
    const shared = (await readdir(join(www, ID, "shared", "assets"))).map((f) => `assets/${f}`);
    expect(new Set(shared)).toEqual(kept);
  }, 120_000);

  it("rollback switches current back to the previous release, or the named one (one rename: its time is the bench's)", async () => {
    const state = JSON.parse(await readFile(join(www, ID, "state.json"), "utf8")) as {
      releases: { name: string }[];
    };
    const [older, newer] = state.releases.map((r) => r.name);
    expect(await live()).toBe(newer);
    const args = ["rollback", ID, "--to", www, "--no-nginx-test", "--json"];
    const back = await storefront(args);
    expect(back.code).toBe(0);
    const result = JSON.parse(back.stdout).tenants[0];
    expect(result).toMatchObject({ status: "rolled-back", release: older, previous: newer });
    expect(await live()).toBe(older);
    // Nothing older is kept: said so, and nothing changes.
    const none = await storefront(args);
    expect(none.code).toBe(1);
    expect(JSON.parse(none.stdout).tenants[0].error).toMatch(/no release older than the live one/);
    await storefront([...args, "--release", newer!]);
    expect(await live()).toBe(newer);
    const unknown = await storefront([...args, "--release", "0123456789abcdef"]);
    expect(unknown.code).toBe(1);
    expect(await live()).toBe(newer);
  }, 120_000);

  it("a server block nginx -t refuses stops the publish with the live release untouched", async () => {
    const before = await live();
    const conf = await readFile(join(www, ID, "nginx.conf"), "utf8");
    // `false` stands for an nginx that refuses the configuration: exit 1.
    const refused = await storefront([
      "publish",
      ID,
      "--to",
      www,
      "--tenants-dir",
      v.a!.tenantsDir,
      "--out-dir",
      v.a!.distDir,
      "--json",
      // Another listen address: the server block changes, so it is tested.
      "--listen",
      "127.0.0.1:8080",
      "--nginx",
      "false",
    ]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).tenants[0].error).toMatch(/nginx -t refused/);
    expect(await live()).toBe(before);
    expect(await readFile(join(www, ID, "nginx.conf"), "utf8")).toBe(conf);
  }, 120_000);

  it("refuses a bundle built from another YAML than the tenants folder holds", async () => {
    const r = await storefront([
      "publish",
      ID,
      "--to",
      www,
      "--tenants-dir",
      v.renamed!.tenantsDir,
      "--out-dir",
      v.a!.distDir,
      "--no-nginx-test",
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /was built from another .*mysport\.yaml: run storefront build mysport first/,
    );
  }, 60_000);
});

describe("the order of a publish and a rollback", () => {
  /** A target that records what it was asked to do, in order. */
  function recordingTarget(state: TenantState) {
    const calls: string[] = [];
    const target: Target = {
      label: "recording",
      state: async () => state,
      tenants: async () => [ID],
      live: async () => null,
      manifest: async () => ({ files: [] }) as unknown as BuildManifest,
      putRelease: async () => void calls.push("upload the release"),
      shareAssets: async () => void calls.push("share its hashed files"),
      prepareServer: async () => void calls.push("server block tested and reloaded"),
      writeState: async () => void calls.push("record the release"),
      activate: async () => void calls.push("switch current"),
      prune: async () => void calls.push("prune"),
      close: async () => {},
    };
    return { target, calls };
  }

  it("the server is ready for the new pages before current switches, and pruning comes last", async () => {
    const { target, calls } = recordingTarget({ releases: [], current: null });
    const r = await publishTenant(
      { target, distDir: v.a!.distDir, tenantsDir: v.a!.tenantsDir, keep: 5, dryRun: false },
      ID,
    );
    expect(r.status).toBe("published");
    expect(calls).toEqual([
      "upload the release",
      "share its hashed files",
      "server block tested and reloaded",
      "record the release",
      "switch current",
      "prune",
    ]);
  });

  it("a rollback readies the server block before it switches current", async () => {
    const record = (name: string) => ({
      name,
      publishedAt: "",
      styleHashes: [],
      assets: [],
      config: {} as TenantConfig,
    });
    const { target, calls } = recordingTarget({
      releases: [record("0000000000000001"), record("0000000000000002")],
      current: "0000000000000002",
    });
    const r = await rollbackTenant(target, ID);
    expect(r).toMatchObject({ status: "rolled-back", release: "0000000000000001" });
    expect(calls).toEqual(["server block tested and reloaded", "switch current"]);
  });
});

describe("publish and rollback usage errors exit 2", () => {
  it.each([
    [["publish", "mysport"], "error: required option '--to <target>' not specified"],
    [["publish", "--to", "/tmp/www"], "error: name tenant ids or pass --all"],
    [
      ["publish", "mysport", "--all", "--to", "/tmp/www"],
      "error: pass either tenant ids or --all, not both",
    ],
    [
      ["publish", "mysport", "--to", "/tmp/www", "--keep", "0"],
      "error: --keep takes a whole number of at least 1",
    ],
    [["rollback", "--to", "/tmp/www"], "error: missing required argument 'id'"],
  ])(
    "storefront %j",
    async (args, message) => {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.stderr.split("\n")).toContain(message);
      expect(r.stdout).toBe("");
    },
    60_000,
  );

  it("an SSH target needs an absolute folder; anything else is a folder here", () => {
    expect(parseTargetSpec("deploy@web1.example.com:/srv/storefront")).toEqual({
      kind: "ssh",
      destination: "deploy@web1.example.com",
      root: "/srv/storefront",
    });
    expect(() => parseTargetSpec("deploy@web1:srv")).toThrow(/must be an absolute path/);
    expect(parseTargetSpec("out/www")).toMatchObject({ kind: "dir" });
  });
});

describe("a target's state.json is read as untrusted", () => {
  it("a record that is not what a publish writes is left out, never rendered into a server block", async () => {
    const root = join(work, "tampered");
    await mkdir(join(root, ID), { recursive: true });
    const good = {
      name: "0123456789abcdef",
      publishedAt: "",
      styleHashes: [],
      assets: [],
      config: await loadTenant("tenants", ID).then((t) => (t.ok ? t.config : null)),
    };
    const injected = {
      ...good,
      name: "fedcba9876543210",
      config: { ...good.config, hosts: [{ host: "x; include /etc/shadow" }] },
    };
    const traversal = { ...good, name: "../../../etc" };
    await writeFile(
      join(root, ID, "state.json"),
      JSON.stringify({ releases: [good, injected, traversal] }),
    );
    const target = new FileTarget({
      root,
      host: new LocalHost(root),
      server: NO_SERVER,
      listen: [],
    });
    const state = await target.state(ID);
    expect(state.releases.map((r) => r.name)).toEqual(["0123456789abcdef"]);
  });
});

describe("a host another tenant serves on the target", () => {
  /** `publish mysport --json` of version a to the folder target `root`. */
  const publishA = (root: string) => [
    "publish",
    ID,
    "--to",
    root,
    "--tenants-dir",
    v.a!.tenantsDir,
    "--out-dir",
    v.a!.distDir,
    "--no-nginx-test",
    "--json",
  ];

  it("is refused before anything is uploaded, though no file of the tenants folder names it; once that tenant no longer serves it, the publish goes on", async () => {
    const root = join(work, "served");
    // A brand no longer in the folder (or published from another repository) serves mysport.ru.
    const other = join(root, "mysport-classic");
    await mkdir(join(other, "releases", "0123456789abcdef"), { recursive: true });
    const loaded = await loadTenant(v.a!.tenantsDir, ID);
    if (!loaded.ok) throw new Error("mysport does not load");
    const record = {
      name: "0123456789abcdef",
      publishedAt: "2026-11-01T00:00:00.000Z",
      styleHashes: [],
      assets: [],
      config: { ...loaded.config, hosts: [{ host: "www.example.org" }, { host: "mysport.ru" }] },
    };
    await writeFile(join(other, "state.json"), JSON.stringify({ releases: [record] }));
    await symlink("releases/0123456789abcdef", join(other, "current"));
    const args = publishA(root);
    const refused = await storefront(args);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).tenants[0].error).toBe(
      `mysport: "mysport.ru" (served by mysport-classic) on ${root}; not published (a host belongs to one tenant: publish that tenant without it, or take its release off the target, first)`,
    );
    expect(await readdir(root)).toEqual(["mysport-classic"]);
    // A kept release that is not live serves nothing.
    await rm(join(other, "current"));
    const published = await storefront(args);
    expect(published.code).toBe(0);
    expect(JSON.parse(published.stdout).tenants[0].status).toBe("published");
  }, 60_000);

  it("a folder whose name no tenant can have is not read: a host its files name is no claim", async () => {
    const root = join(work, "odd-folders");
    const loaded = await loadTenant(v.a!.tenantsDir, ID);
    if (!loaded.ok) throw new Error("mysport does not load");
    // Not tenant ids (letters in upper case, "_", "+"): never made by publish, so never a
    // tenant's live release, whatever files someone left there say.
    for (const name of ["MySport_Old", "lost+found"]) {
      const folder = join(root, name);
      await mkdir(join(folder, "releases", "0123456789abcdef"), { recursive: true });
      const record = {
        name: "0123456789abcdef",
        publishedAt: "2026-11-01T00:00:00.000Z",
        styleHashes: [],
        assets: [],
        config: { ...loaded.config, hosts: [{ host: "mysport.ru" }] },
      };
      await writeFile(join(folder, "state.json"), JSON.stringify({ releases: [record] }));
      await symlink("releases/0123456789abcdef", join(folder, "current"));
    }
    const published = await storefront(publishA(root));
    expect([published.code, JSON.parse(published.stdout).tenants[0].status]).toEqual([
      0,
      "published",
    ]);
  }, 60_000);
});

describe("a live release the target's state does not list", () => {
  it("still serving pages: the next publish keeps its style allowed and its files reachable", async () => {
    const root = join(work, "lost-state");
    const args = (version: Version) => [
      "publish",
      ID,
      "--to",
      root,
      "--tenants-dir",
      version.tenantsDir,
      "--out-dir",
      version.distDir,
      "--no-nginx-test",
    ];
    expect((await storefront(args(v.a!))).code).toBe(0);
    await rm(join(root, ID, "state.json"));
    expect((await storefront(args(v.blue!))).code).toBe(0);
    const conf = await readFile(join(root, ID, "nginx.conf"), "utf8");
    for (const hash of (await manifestOf(v.a!)).styleHashes) expect(conf).toContain(hash);
    const state = JSON.parse(await readFile(join(root, ID, "state.json"), "utf8"));
    expect(state.releases).toHaveLength(2);
  }, 120_000);
});
