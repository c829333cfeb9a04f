/**
 * A real, unprivileged nginx on loopback for the deploy-file tests: its own prefix, pid, temp
 * paths and logs in a temp folder, one process, ports on 127.0.0.1 from the worker's share of
 * the port plan (test/ports.ts). The demo
 * backend is not behind it.
 *
 * - `startNginx`: any set of server files in one http {} (the TLS and default-server tests);
 * - `withNginx` and `test`: every tenant's generated server block, pointed at its dist/<id>/
 *   (built by the test script before Playwright starts), each on its own port and all of them
 *   again on one shared port beside the default server (nginx-default.conf), as an operator
 *   deploys them. Used by nginx.spec.ts, paths.spec.ts and precompressed.spec.ts.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import {
  type DeployConfig,
  type NginxTarget,
  renderDefaultServerConf,
  renderNginxConf,
} from "../../cli/build/deploy.ts";
import type { BuildManifest } from "../../cli/build/manifest.ts";
import { loadTenant } from "../../cli/config/load.ts";
import type { TenantConfig } from "../../cli/config/schema.ts";
import { e2eWorkerPorts, type NginxPorts } from "../ports.ts";
import { test as base } from "./fixtures.ts";
import { TENANT_PORTS, type TenantId } from "./tenants.ts";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const MIME_TYPES = "/etc/nginx/mime.types";
export const TENANTS = Object.keys(TENANT_PORTS) as TenantId[];

/** A tenant as its build saw it: with the hash of its pages' inline style, from the manifest. */
export async function deployConfig(id: string, config: TenantConfig): Promise<DeployConfig> {
  const file = join("dist", id, "build-manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8")) as BuildManifest;
  return { ...config, styleHashes: manifest.styleHashes };
}

/** A throw-away self-signed certificate for `hosts` (cert.pem, key.pem in `dir`), for one run only. */
export async function selfSignedCertificate(dir: string, hosts: string[]): Promise<void> {
  await promisify(execFile)("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    `/CN=${hosts[0]}`,
    "-addext",
    `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(",")}`,
    "-keyout",
    join(dir, "key.pem"),
    "-out",
    join(dir, "cert.pem"),
  ]);
}

/** The http {} context a distribution's nginx.conf would give, with every path in `prefix`. */
function mainConf(prefix: string, sites: string[], modules: string[]): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((t) => `  ${t}_temp_path ${join(prefix, t)};`)
    .join("\n");
  return `${modules.map((m) => `load_module ${m};\n`).join("")}daemon off;
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

/** Whether a TCP connection to `tcp://host:port` is accepted (a server that answers no HTTP). */
const accepts = (url: URL) =>
  new Promise<boolean>((done) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.destroy();
      done(true);
    });
    socket.on("error", () => done(false));
  });

async function waitUntilServing(url: string, server: ChildProcess, log: () => string) {
  // Bounded by attempts, not by the clock: a busy machine only makes each attempt slower.
  for (let attempt = 0; attempt < 400; attempt++) {
    if (server.exitCode !== null) throw new Error(`nginx exited:\n${log()}`);
    const up = url.startsWith("tcp:")
      ? await accepts(new URL(url))
      : await fetch(url).then(
          () => true,
          () => false,
        );
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not answer at ${url}:\n${log()}`);
}

export interface RunningNginx {
  /** The folder holding the configuration, logs and anything the test writes beside them. */
  prefix: string;
  /** What `nginx -t` printed for the configuration (warnings included). */
  checkOutput: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Runs in the prefix before the configuration is checked (e.g. makes a certificate). */
  prepare?: (prefix: string) => Promise<void>;
  /** `load_module` lines for the main context (e.g. Debian's Brotli modules). */
  modules?: string[];
  /** Files to write in nginx's configuration folder (path relative to it → content). */
  files?: Record<string, string>;
}

/**
 * Starts nginx with the given server files (name → text, `{prefix}` replaced by its folder) in
 * one http {}, after `nginx -t` accepted them, and waits until every `probe` address answers
 * (an http: address a request, a tcp://host:port address a connection).
 */
export async function startNginx(
  sites: Map<string, string>,
  probes: string[],
  options: StartOptions = {},
): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: run scripts/ensure-nginx.sh`);
  const prefix = await mkdtemp(join(tmpdir(), "storefront-nginx-"));
  await options.prepare?.(prefix);
  const included: string[] = [];
  for (const [name, text] of sites) {
    included.push(join(prefix, name));
    await writeFile(included.at(-1)!, text.replaceAll("{prefix}", prefix));
  }
  for (const [name, text] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(prefix, name)), { recursive: true });
    await writeFile(join(prefix, name), text);
  }
  const confFile = join(prefix, "nginx.conf");
  await writeFile(confFile, mainConf(prefix, included, options.modules ?? []));
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

export interface Nginx {
  url: (id: TenantId, path?: string) => string;
  /** The shared port every tenant also listens on, by its host names, beside the default server. */
  shared: number;
  /** What `nginx -t` printed for the five tenants and the default server in one http {}. */
  checkOutput: string;
}

export interface NginxOptions {
  /** `load_module` lines for the main context (e.g. Debian's Brotli modules). */
  modules?: string[];
  /** Extra settings of the tenants' server blocks (see renderNginxConf). */
  target?: Partial<NginxTarget>;
  /** Files to write in nginx's configuration folder (path relative to it → content). */
  files?: Record<string, string>;
}

/**
 * Starts nginx with every tenant (own port, and the shared one) on `at`, ports of the worker's
 * share of the plan (test/ports.ts e2eWorkerPorts); `use` runs while it serves.
 */
export async function withNginx(
  options: NginxOptions,
  at: NginxPorts,
  use: (nginx: Nginx) => Promise<void>,
): Promise<void> {
  const ports = new Map<TenantId, number>();
  const { shared } = at;
  const sites = new Map<string, string>();
  for (const [i, id] of TENANTS.entries()) {
    const tenant = await loadTenant("tenants", id);
    if (!tenant.ok) throw new Error(`tenants/${id}.yaml is invalid`);
    const port = at.tenants[i];
    if (port === undefined) throw new Error(`no port for ${id} in the plan`);
    ports.set(id, port);
    const conf = await renderNginxConf(id, await deployConfig(id, tenant.config), {
      root: resolve("dist", id),
      listen: [`127.0.0.1:${port}`, `127.0.0.1:${shared}`],
      ...options.target,
    });
    sites.set(`${id}.conf`, conf);
  }
  sites.set("default.conf", await renderDefaultServerConf([`127.0.0.1:${shared}`]));
  const url = (id: TenantId, path = "/") => `http://127.0.0.1:${ports.get(id)}${path}`;
  const running = await startNginx(
    sites,
    TENANTS.map((id) => url(id)),
    { modules: options.modules ?? [], files: options.files ?? {} },
  );
  try {
    await use({ url, shared, checkOutput: running.checkOutput });
  } finally {
    await running.stop();
  }
}

/** One nginx per worker, serving every tenant on its own port and on the shared one. */
export const test = base.extend<object, { nginx: Nginx }>({
  nginx: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument.
    async ({}, use, worker) => withNginx({}, e2eWorkerPorts(worker.parallelIndex).nginx, use),
    { scope: "worker" },
  ],
});
