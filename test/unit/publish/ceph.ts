/**
 * A real S3-compatible object store for the publish tests: a single-node Ceph cluster (one
 * monitor, one OSD keeping its data in memory, the RADOS Gateway) on loopback, every file of it
 * in one temporary folder, every daemon stopped by its pid. Debian's `radosgw`, `ceph-mon`,
 * `ceph-osd` and `ceph-common` (scripts/ensure-ceph.sh). When the cluster cannot start, the
 * error says which step failed and with what output: the tests fail, they never skip.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What a test needs to reach the cluster (all of Ceph but its `stop`), as the set-up provides it. */
export type CephAccess = Omit<Ceph, "stop">;

export interface Ceph {
  /** http://127.0.0.1:<port> of the RADOS Gateway. */
  endpoint: string;
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  /** The cluster's folder (logs under log/). */
  dir: string;
  /** Credentials for the AWS SDK's standard chain, as a CI job would set them. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const PROGRAMS = ["/usr/bin/ceph-mon", "/usr/bin/ceph-osd", "/usr/bin/radosgw", "/usr/bin/ceph"];

function run(file: string, args: string[], what: string, timeout = 60_000) {
  return new Promise<string>((done, fail) => {
    execFile(file, args, { timeout, maxBuffer: 8 << 20 }, (error, stdout, stderr) => {
      if (error) {
        fail(
          new Error(
            `Ceph could not start: ${what} failed: ${`${stderr}${stdout}`.trim() || error.message}`,
          ),
        );
      } else done(stdout);
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** TERM, and again every 2 s while the daemon lives (radosgw may need a second one), KILL after 20 s. */
async function stopPid(pid: number) {
  for (let i = 0; i < 200 && alive(pid); i++) {
    if (i % 20 === 0) process.kill(pid, i >= 100 ? "SIGKILL" : "SIGTERM");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a daemon in the foreground (`-f`) as a child of this process, its output in the
 * cluster's log folder: its pid is the child's, and nothing waits on its output.
 */
function daemon(dir: string, file: string, args: string[], name: string): ChildProcess {
  const out = openSync(join(dir, "log", `${name}.out`), "a");
  const child = spawn(file, [...args, "-f"], { stdio: ["ignore", out, out] });
  child.on("error", () => {});
  return child;
}

/**
 * Starts the cluster on loopback ports `portBase`..`portBase`+6: the monitor on the first, the
 * gateway on the second, the OSD's messengers within the other five (it binds four). A test
 * takes ten ports from its base: `portBase`+7..+9 are its own (a proxy, a closed port…).
 * Creates one S3 user.
 */
export async function startCeph(portBase: number): Promise<Ceph> {
  for (const p of PROGRAMS) {
    if (!existsSync(p)) {
      throw new Error(`Ceph could not start: ${p} not found (run bash scripts/ensure-ceph.sh)`);
    }
  }
  const dir = await mkdtemp(join(tmpdir(), "storefront-ceph-"));
  const monPort = portBase;
  const port = portBase + 1;
  const fsid = randomUUID();
  const conf = join(dir, "ceph.conf");
  const pids = ["mon", "osd", "rgw"].map((d) => join(dir, "run", `${d}.pid`));
  const children: ChildProcess[] = [];
  // A test run or bench that ends without its afterAll (killed, crashed) takes the daemons along.
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const stop = async () => {
    // The gateway first: it holds the others' connections.
    for (const child of [...children].reverse()) {
      if (child.pid && child.exitCode === null) await stopPid(child.pid);
    }
    process.removeListener("exit", killAll);
    if (!process.env.STOREFRONT_KEEP_CEPH) await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const d of ["run", "log", "mon", "osd", "rgw"]) await mkdir(join(dir, d));
    await writeFile(
      conf,
      `[global]
fsid = ${fsid}
mon host = [v1:127.0.0.1:${monPort}]
mon initial members = a
public addr = 127.0.0.1
cluster addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
ms bind msgr2 = false
ms bind ipv6 = false
ms bind port min = ${portBase + 2}
ms bind port max = ${portBase + 6}
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
keyring = /dev/null
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon allow pool delete = true
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon max pg per osd = 1000
osd crush chooseleaf type = 0
mon warn on pool no redundancy = false
[mon.a]
mon data = ${dir}/mon
pid file = ${pids[0]}
[osd]
osd objectstore = memstore
memstore device bytes = 1073741824
osd data = ${dir}/osd
pid file = ${pids[1]}
osd crush update on start = false
osd class update on start = false
osd max object name len = 256
osd max object namespace len = 64
[client.rgw.a]
rgw data = ${dir}/rgw
# Without tcp_nodelay every GET waited ~40 ms (Nagle's algorithm against delayed ACKs: the
# response's head and body go out as two small writes); HEAD and PUT did not.
rgw frontends = beast endpoint=127.0.0.1:${port} tcp_nodelay=1
pid file = ${pids[2]}
rgw dns name = 127.0.0.1
`,
    );
    const c = ["-c", conf];
    await run(
      "/usr/bin/monmaptool",
      ["--create", "--addv", "a", `[v1:127.0.0.1:${monPort}]`, "--fsid", fsid, join(dir, "monmap")],
      "monmaptool",
    );
    await run(
      "/usr/bin/ceph-mon",
      [...c, "--mkfs", "-i", "a", "--monmap", join(dir, "monmap")],
      "ceph-mon --mkfs",
    );
    children.push(daemon(dir, "/usr/bin/ceph-mon", [...c, "-i", "a"], "mon"));
    // The monitor may refuse a command while it is still settling (or the machine is busy):
    // each is tried up to five times, a second apart; they are all safe to repeat.
    const ceph = async (args: string[], what: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await run("/usr/bin/ceph", [...c, "--connect-timeout", "30", ...args], what);
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    };
    await ceph(["status"], "the monitor answering (ceph status)");
    const uuid = randomUUID();
    const osd = (await ceph(["osd", "new", uuid], "ceph osd new")).trim();
    await ceph(["osd", "crush", "add-bucket", "localhost", "host"], "ceph osd crush add-bucket");
    await ceph(["osd", "crush", "move", "localhost", "root=default"], "ceph osd crush move");
    await ceph(
      ["osd", "crush", "add", `osd.${osd}`, "1.0", "host=localhost"],
      "ceph osd crush add",
    );
    await run(
      "/usr/bin/ceph-osd",
      [...c, "--mkfs", "-i", osd, "--osd-uuid", uuid],
      "ceph-osd --mkfs",
    );
    children.push(daemon(dir, "/usr/bin/ceph-osd", [...c, "-i", osd], "osd"));
    // The OSD up and in before the gateway creates its pools.
    for (let i = 0; ; i++) {
      const dump = JSON.parse(await ceph(["osd", "dump", "--format", "json"], "ceph osd dump")) as {
        osds: { up: number; in: number }[];
      };
      if (dump.osds.some((o) => o.up === 1 && o.in === 1)) break;
      if (i >= 50) {
        const log = await readFile(join(dir, "log", `osd.${osd}.log`), "utf8").catch(() => "");
        throw new Error(
          `Ceph could not start: the OSD never came up. Its log ends:\n${log.slice(-2000)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    children.push(daemon(dir, "/usr/bin/radosgw", [...c, "-n", "client.rgw.a"], "rgw"));
    const endpoint = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const up = await fetch(endpoint).then(
        (r) => r.status > 0,
        () => false,
      );
      if (up) break;
      if (i >= 600) {
        const log = await readFile(join(dir, "log", "client.rgw.a.log"), "utf8").catch(() => "");
        throw new Error(
          `Ceph could not start: radosgw never answered on ${endpoint}. Its log ends:\n${log.slice(-2000)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const accessKeyId = "STOREFRONTTESTKEY";
    const secretAccessKey = "storefront-test-secret-0123456789";
    await run(
      "/usr/bin/radosgw-admin",
      [
        ...c,
        "-n",
        "client.rgw.a",
        "user",
        "create",
        "--uid=storefront",
        "--display-name=storefront",
        `--access-key=${accessKeyId}`,
        `--secret-key=${secretAccessKey}`,
      ],
      "radosgw-admin user create",
    );
    return {
      endpoint,
      port,
      accessKeyId,
      secretAccessKey,
      dir,
      env: {
        AWS_ACCESS_KEY_ID: accessKeyId,
        AWS_SECRET_ACCESS_KEY: secretAccessKey,
        AWS_REGION: "us-east-1",
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
