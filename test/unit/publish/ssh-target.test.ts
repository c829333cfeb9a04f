/**
 * `storefront publish --to user@host:/path` against a real sshd on loopback, started by this
 * test (its own host key and client key in a temp folder, stopped by its pid): the release
 * goes up with rsync, `current` switches over ssh, the dry run, pruning and rollback work
 * the same as on a folder. Each command makes about a dozen ssh round trips over one shared
 * connection: fast on an idle machine, so the generous timeouts only guard against a hang.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
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
import { SshHost } from "../../../cli/publish/host.ts";
import { planPort } from "../../ports.ts";
import { buildVersions, type Version } from "./releases.ts";

const run = promisify(execFile);
const SSHD = "/usr/sbin/sshd";
const ID = "mysport";
let work: string;
let remote: string;
let sshd: ChildProcess | undefined;
let sshOptions: string;
let v: Record<string, Version>;

const SECRET = `ssh-${"0123456789abcdef".repeat(3)}`;

async function storefront(args: string[]) {
  const env = { ...process.env, STOREFRONT_PREVIEW_SECRET: SECRET };
  return run(process.execPath, ["cli/bin.js", ...args], { encoding: "utf8", env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

const publish = (version: Version, ...extra: string[]) =>
  storefront([
    "publish",
    ID,
    "--to",
    `root@127.0.0.1:${remote}`,
    "--ssh-options",
    sshOptions,
    "--tenants-dir",
    version.tenantsDir,
    "--out-dir",
    version.distDir,
    // `true` stands for the host's nginx: the test runs there, over the same connection.
    "--nginx",
    "true",
    "--json",
    ...extra,
  ]);

const live = async () => (await readlink(join(remote, ID, "current"))).replace("releases/", "");

beforeAll(async () => {
  for (const tool of [SSHD, "/usr/bin/ssh", "/usr/bin/rsync"]) {
    if (!existsSync(tool)) throw new Error(`${tool} not found: run scripts/ensure-ssh.sh`);
  }
  work = await mkdtemp(join(tmpdir(), "storefront-ssh-"));
  remote = join(work, "remote-www");
  const keys = join(work, "keys");
  await mkdir(keys);
  await mkdir("/run/sshd", { recursive: true });
  for (const key of ["host", "client"]) {
    await run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(keys, key)]);
  }
  const port = planPort("unitSshd");
  sshd = spawn(
    SSHD,
    [
      "-D",
      "-e",
      "-p",
      String(port),
      "-o",
      "ListenAddress=127.0.0.1",
      "-h",
      join(keys, "host"),
      "-o",
      `AuthorizedKeysFile=${join(keys, "client.pub")}`,
      "-o",
      "StrictModes=no",
      "-o",
      `PidFile=${join(work, "sshd.pid")}`,
      // Debian's bash reads ~/.bashrc in every shell sshd starts for a command, and root's on
      // these machines initialises pyenv (0.6 s a command, most of this file's time): a
      // SHLVL already set makes bash a nested shell, which reads no start-up file.
      "-o",
      "SetEnv=SHLVL=1",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  sshd.stderr?.on("data", (d) => (log += d));
  sshOptions = [
    `-p ${port}`,
    `-i ${join(keys, "client")}`,
    "-o StrictHostKeyChecking=no",
    "-o UserKnownHostsFile=/dev/null",
    "-o LogLevel=ERROR",
  ].join(" ");
  // Up when a command runs over it (bounded: 100 tries).
  for (let i = 0; ; i++) {
    const ok = await run("ssh", [
      ...sshOptions.split(" "),
      "-o",
      "BatchMode=yes",
      "root@127.0.0.1",
      "true",
    ]).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (i >= 100 || sshd.exitCode !== null) throw new Error(`sshd did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  v = await buildVersions(work, ID, {
    a: () => {},
    blue: (doc) => doc.setIn(["theme", "palette", "primary"], "#0d47a1"),
    renamed: (doc) => doc.set("tenantName", "MySport Renamed"),
  });
}, 180_000);

afterAll(async () => {
  if (sshd && sshd.exitCode === null) {
    const exited = new Promise((r) => sshd?.once("exit", r));
    sshd.kill("SIGTERM");
    await exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

describe("storefront publish over SSH", () => {
  it("uploads the release with rsync, switches current, and skips it once live", async () => {
    const first = await publish(v.a!);
    expect(first.code, first.stderr).toBe(0);
    const r = JSON.parse(first.stdout).tenants[0];
    expect(r).toMatchObject({ status: "published", previous: null });
    expect(await live()).toBe(r.release);
    const index = await readFile(join(v.a!.distDir, ID, "index.html"), "utf8");
    expect(await readFile(join(remote, ID, "current", "index.html"), "utf8")).toBe(index);
    const conf = await readFile(join(remote, ID, "nginx.conf"), "utf8");
    expect(conf).toContain(`root "${join(remote, ID, "current")}";`);
    expect((await readdir(join(remote, ID, "shared", "assets"))).length).toBeGreaterThan(10);
    const again = JSON.parse((await publish(v.a!)).stdout).tenants[0];
    expect(again).toMatchObject({ status: "live", release: r.release });
  }, 180_000);

  it("--dry-run reads the live manifest over ssh and changes nothing", async () => {
    const before = await live();
    const dry = JSON.parse((await publish(v.blue!, "--dry-run")).stdout).tenants[0];
    expect(dry.status).toBe("would-publish");
    expect(dry.diff.changed).toContain("index.html");
    expect(await live()).toBe(before);
  }, 120_000);

  it("publishes a theme change with --keep 1, pruning what no open page needs, then rolls back", async () => {
    const a = await live();
    const blue = JSON.parse((await publish(v.blue!, "--keep", "1")).stdout).tenants[0];
    expect(blue.status).toBe("published");
    // The release live until now stays for the pages still open on it.
    expect((await readdir(join(remote, ID, "releases"))).sort()).toEqual([a, blue.release].sort());
    const renamed = JSON.parse((await publish(v.renamed!, "--keep", "1")).stdout).tenants[0];
    expect(renamed.pruned).toEqual([a]);
    expect((await readdir(join(remote, ID, "releases"))).sort()).toEqual(
      [blue.release, renamed.release].sort(),
    );
    const back = await storefront([
      "rollback",
      ID,
      "--to",
      `root@127.0.0.1:${remote}`,
      "--ssh-options",
      sshOptions,
      "--nginx",
      "true",
    ]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toMatch(/✓ mysport {2}rolled back to \w+ \(was \w+\)/);
    expect(await live()).toBe(blue.release);
  }, 300_000);
});

describe("deploy previews over SSH", () => {
  const target = () => ["--to", `root@127.0.0.1:${remote}`];
  it("publish --preview uploads beside the live release, writes the preview's block and its mode-600 secret, and promote switches to it", async () => {
    const before = await live();
    const shown = await storefront([
      "publish",
      ID,
      ...target(),
      "--ssh-options",
      sshOptions,
      "--tenants-dir",
      v.renamed!.tenantsDir,
      "--out-dir",
      v.renamed!.distDir,
      "--nginx",
      "true",
      "--preview",
      "pr-3",
      "--preview-domain",
      "preview.test",
      "--json",
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    const [result] = JSON.parse(shown.stdout).tenants;
    expect(Object.keys(result)).toEqual(["tenant", "url", "expires", "release"]);
    expect(new URL(result.url).host).toBe(`pr-3--${ID}.preview.test`);
    expect(await live()).toBe(before);
    const block = await readFile(join(remote, ID, "previews", "pr-3.conf"), "utf8");
    expect(block).toContain(`server_name pr-3--${ID}.preview.test;`);
    expect(block).toContain(`root "${join(remote, ID, "releases", result.release)}";`);
    const secretFile = join(remote, "preview-secret.conf");
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(secretFile, "utf8")).toContain(SECRET);
    const listed = await storefront([
      "previews",
      ID,
      ...target(),
      "--ssh-options",
      sshOptions,
      "--json",
    ]);
    expect(
      JSON.parse(listed.stdout).tenants[0].previews.map((p: { name: string }) => p.name),
    ).toEqual(["pr-3"]);
    const promoted = await storefront([
      "promote",
      ID,
      ...target(),
      "--ssh-options",
      sshOptions,
      "--nginx",
      "true",
      "--preview",
      "pr-3",
      "--json",
    ]);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(JSON.parse(promoted.stdout).tenants[0]).toMatchObject({
      status: "published",
      release: result.release,
      uploaded: { objects: 0, bytes: 0 },
    });
    expect(await live()).toBe(result.release);
    // The secret is on the server only: no output, no bundle.
    for (const out of [shown, listed, promoted]) {
      expect(out.stdout + out.stderr).not.toContain(SECRET);
    }
    expect(block).not.toContain(SECRET);
  }, 180_000);
});

describe("what an SSH host already serves", () => {
  it("the tenants' folders are listed over ssh as they are named (a space, a newline), files and links left out", async () => {
    const odd = join(work, "odd-names");
    for (const name of ["mysport", "a b", "line\nbreak"])
      await mkdir(join(odd, name), { recursive: true });
    await writeFile(join(odd, "state.json"), "{}");
    await symlink(join(odd, "mysport"), join(odd, "linked"));
    const host = new SshHost("root@127.0.0.1", odd, sshOptions.split(" "));
    try {
      expect((await host.folders(odd)).sort()).toEqual(["a b", "line\nbreak", "mysport"]);
      expect(await host.folders(join(odd, "missing"))).toEqual([]);
    } finally {
      await host.close();
    }
  }, 60_000);
});
