/**
 * A real, unprivileged nginx on loopback for the deploy-file tests: its own prefix, pid, temp
 * paths and logs in a temp folder, one process, ports chosen free on 127.0.0.1. The tenants'
 * generated server blocks (and any extra file, such as the default server) are included in one
 * http {}, as the README's deploy puts them.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DeployConfig } from "../../cli/build/deploy.ts";
import type { BuildManifest } from "../../cli/build/manifest.ts";
import type { TenantConfig } from "../../cli/config/schema.ts";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const MIME_TYPES = "/etc/nginx/mime.types";

/** A tenant as its build saw it: with the hash of its pages' inline style, from the manifest. */
export async function deployConfig(id: string, config: TenantConfig): Promise<DeployConfig> {
  const file = join("dist", id, "build-manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8")) as BuildManifest;
  return { ...config, styleHashes: manifest.styleHashes };
}

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** The http {} context a distribution's nginx.conf would give, with every path in `prefix`. */
function mainConf(prefix: string, sites: string[]): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((t) => `  ${t}_temp_path ${join(prefix, t)};`)
    .join("\n");
  return `daemon off;
# One process, never switching user: works the same as root or not, and reads dist/ as us.
master_process off;
pid ${join(prefix, "nginx.pid")};
error_log ${join(prefix, "error.log")} warn;
events { worker_connections 64; }
http {
  include ${MIME_TYPES};
  default_type application/octet-stream;
  access_log ${join(prefix, "access.log")};
${temp}
${sites.map((s) => `  include ${s};`).join("\n")}
}
`;
}

export interface RunningNginx {
  /** The folder holding the configuration, logs and anything the test writes beside them. */
  prefix: string;
  /** What `nginx -t` printed for the configuration (warnings included). */
  checkOutput: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the given server files (name → text) in one http {}, after `nginx -t`
 * accepted them, and waits until every `probe` address answers.
 */
export async function startNginx(
  files: Map<string, string>,
  probes: string[],
  prepare?: (prefix: string) => Promise<void>,
): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: run scripts/ensure-nginx.sh`);
  const prefix = await mkdtemp(join(tmpdir(), "storefront-nginx-"));
  await prepare?.(prefix);
  const sites: string[] = [];
  for (const [name, text] of files) {
    sites.push(join(prefix, name));
    await writeFile(sites.at(-1)!, text.replaceAll("{prefix}", prefix));
  }
  const confFile = join(prefix, "nginx.conf");
  await writeFile(confFile, mainConf(prefix, sites));
  const args = ["-p", prefix, "-c", confFile, "-e", join(prefix, "error.log")];
  // A clear message for a config nginx refuses, rather than a connection refused later.
  const checked = await promisify(execFile)(NGINX, ["-t", ...args]).catch(
    (e: { stderr: string }) => {
      throw new Error(`nginx -t refused the generated config:\n${e.stderr}`);
    },
  );
  let output = "";
  const server = spawn(NGINX, args, { stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const stop = async () => {
    const exited = new Promise((done) => server.once("exit", done));
    if (server.exitCode === null) server.kill("SIGQUIT");
    await exited;
    await rm(prefix, { recursive: true, force: true });
  };
  try {
    for (const url of probes) await waitUntilServing(url, server, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { prefix, checkOutput: checked.stderr, stop };
}

async function waitUntilServing(url: string, server: ChildProcess, log: () => string) {
  // Bounded by attempts, not by the clock: a busy machine only makes each attempt slower.
  for (let attempt = 0; attempt < 400; attempt++) {
    if (server.exitCode !== null) throw new Error(`nginx exited:\n${log()}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not answer at ${url}:\n${log()}`);
}
