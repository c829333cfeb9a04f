/**
 * Publish targets. `Target` is the release model every target offers (a folder here, a host
 * over SSH, later an object store): read a tenant's releases, add one without serving it,
 * make the server ready for it, switch to it in one step, forget old ones.
 *
 * FileTarget lays a tenant out as
 *
 *   <root>/<id>/releases/<release>/   one complete bundle each, never changed once there
 *   <root>/<id>/shared/assets/        the hashed files of every kept release (hard links)
 *   <root>/<id>/current               symlink to releases/<release>: what is live
 *   <root>/<id>/nginx.conf            the server block in force: root at current, /assets/
 *                                     from shared/, a CSP that allows every kept release's style
 *   <root>/<id>/state.json            the releases in publish order, with what serving them needs
 */
import { posix, resolve } from "node:path";
import { renderNginxConf } from "../build/deploy.ts";
import { type BuildManifest, MANIFEST_FILE } from "../build/manifest.ts";
import { tenantSchema } from "../config/schema.ts";
import { FilePreviews, type PreviewStore } from "./file-previews.ts";
import type { Host } from "./host.ts";
import type { ServerControl } from "./nginx.ts";
import { RELEASE_RE, type ReleaseRecord, type TenantState, unionStyleHashes } from "./release.ts";

export interface Target {
  label: string;
  state(id: string): Promise<TenantState>;
  /** The tenants the target holds (a folder or a pointer each), live or not; unchecked names. */
  tenants(): Promise<string[]>;
  /**
   * The release a tenant serves now (null: none or unreadable), read without taking what
   * `prefetch` read ahead for that tenant's own publish.
   */
  live(id: string): Promise<ReleaseRecord | null>;
  /** The build manifest of a release on the target (null if it is not there). */
  manifest(id: string, release: string): Promise<BuildManifest | null>;
  /** Uploads a release's files; nothing serves them yet. */
  putRelease(id: string, release: string, bundleDir: string, state: TenantState): Promise<void>;
  /** Makes the hashed files of a release reachable for every page, old or new. */
  shareAssets(id: string, release: ReleaseRecord): Promise<void>;
  /** Records the releases (publish order); written before a switch. */
  writeState(id: string, state: TenantState): Promise<void>;
  /**
   * Makes the server ready to serve `live` while any of `serving` may still answer: writes the
   * server configuration, tests it and reloads. Throws with the old configuration restored.
   */
  prepareServer(id: string, live: ReleaseRecord, serving: ReleaseRecord[]): Promise<void>;
  /** Switches what is served to `release`, in one atomic step. */
  activate(id: string, release: string): Promise<void>;
  /** Deletes releases no longer kept, and the hashed files only they used. */
  prune(id: string, pruned: ReleaseRecord[], kept: ReleaseRecord[]): Promise<void>;
  close(): Promise<void>;
  /**
   * How many tenants may be published at once (default 1: a host's nginx reloads one at a
   * time); each tenant's own steps stay in order.
   */
  readonly concurrency?: number;
  /**
   * Reads the state of these tenants ahead, as many at once as the target allows, where reading
   * them one publish at a time would wait on round trips (object storage); `state` takes each.
   */
  prefetch?(ids: string[]): Promise<void>;
  /** Objects and bytes uploaded for a tenant, where the target counts them (object storage). */
  uploadedFor?(id: string): { objects: number; bytes: number };
  /** Deploy previews, where the target serves them (./file-previews.ts). */
  readonly previews?: PreviewStore;
}

export interface FileTargetOptions {
  /** The folder on the host that holds one folder per tenant (absolute on an SSH host). */
  root: string;
  host: Host;
  server: ServerControl;
  /** `listen` of the generated server blocks. */
  listen: string[];
}

const STATE_FILE = "state.json";
const SHARED_ASSET_RE = /^assets\/[\w./-]+$/;

export class FileTarget implements Target {
  readonly label: string;
  readonly previews: PreviewStore;
  constructor(private readonly o: FileTargetOptions) {
    this.label = o.host.label;
    this.previews = new FilePreviews(o);
  }

  private dir(id: string, ...parts: string[]) {
    return posix.join(this.o.root, id, ...parts);
  }

  async state(id: string): Promise<TenantState> {
    const text = await this.o.host.readText(this.dir(id, STATE_FILE));
    let releases: ReleaseRecord[] = [];
    if (text !== null) {
      try {
        const parsed = JSON.parse(text) as { releases?: ReleaseRecord[] };
        releases = Array.isArray(parsed.releases) ? parsed.releases : [];
      } catch {
        throw new Error(`${this.label}/${id}/${STATE_FILE} is not valid JSON; fix or remove it`);
      }
      // Read back from the target: a release whose record is not what a publish writes (a
      // hand-edited file) is left out rather than rendered into a server block.
      releases = releases.filter(
        (r) =>
          RELEASE_RE.test(String(r?.name)) &&
          Array.isArray(r.styleHashes) &&
          Array.isArray(r.assets) &&
          tenantSchema.safeParse(r.config).success,
      );
    }
    const link = await this.o.host.readLink(this.dir(id, "current"));
    const current = link?.startsWith("releases/") ? link.slice("releases/".length) : null;
    return { releases, current: current && RELEASE_RE.test(current) ? current : null };
  }

  tenants() {
    return this.o.host.folders(this.o.root);
  }

  async live(id: string) {
    const state = await this.state(id).catch(() => null);
    return state?.releases.find((r) => r.name === state.current) ?? null;
  }

  async manifest(id: string, release: string) {
    const text = await this.o.host.readText(this.dir(id, "releases", release, MANIFEST_FILE));
    if (text === null) return null;
    try {
      return JSON.parse(text) as BuildManifest;
    } catch {
      return null;
    }
  }

  async putRelease(id: string, release: string, bundleDir: string, state: TenantState) {
    const dest = this.dir(id, "releases", release);
    if (await this.o.host.exists(dest)) return;
    const from = state.current ? this.dir(id, "releases", state.current) : null;
    await this.o.host.upload(bundleDir, dest, from);
  }

  async shareAssets(id: string, release: ReleaseRecord) {
    await this.o.host.linkTree(
      this.dir(id, "releases", release.name, "assets"),
      this.dir(id, "shared", "assets"),
    );
  }

  async writeState(id: string, state: TenantState) {
    const text = `${JSON.stringify({ releases: state.releases }, null, 2)}\n`;
    await this.o.host.writeAtomic(this.dir(id, STATE_FILE), text);
  }

  /** The tenant's server block as it is in force while `serving` may answer. */
  async serverBlock(id: string, live: ReleaseRecord, serving: ReleaseRecord[]) {
    return renderNginxConf(
      id,
      { ...live.config, styleHashes: unionStyleHashes([...serving, live]) },
      { root: this.dir(id, "current"), assetsRoot: this.dir(id, "shared"), listen: this.o.listen },
    );
  }

  async prepareServer(id: string, live: ReleaseRecord, serving: ReleaseRecord[]) {
    const file = this.dir(id, "nginx.conf");
    const before = await this.o.host.readText(file);
    const next = await this.serverBlock(id, live, serving);
    // The block in force already allows every release it may serve (a rollback to a kept
    // release, a republish): it was tested when it was written, nothing to reload.
    if (before === next) return;
    await this.o.host.writeAtomic(file, next);
    try {
      await this.o.server.test();
    } catch (error) {
      if (before === null) await this.o.host.remove([file]);
      else await this.o.host.writeAtomic(file, before);
      throw error;
    }
    await this.o.server.reload();
  }

  async activate(id: string, release: string) {
    await this.o.host.switchLink(this.dir(id, "current"), `releases/${release}`);
  }

  async prune(id: string, pruned: ReleaseRecord[], kept: ReleaseRecord[]) {
    if (pruned.length === 0) return;
    const stillUsed = new Set(kept.flatMap((r) => r.assets));
    // state.json is read back from the target: only a plain path under assets/ is deleted.
    const orphans = [...new Set(pruned.flatMap((r) => r.assets))].filter(
      (a) => SHARED_ASSET_RE.test(a) && !a.split("/").includes("..") && !stillUsed.has(a),
    );
    await this.o.host.remove([
      ...pruned.map((r) => this.dir(id, "releases", r.name)),
      ...orphans.map((a) => this.dir(id, "shared", a)),
    ]);
  }

  close() {
    return this.o.host.close();
  }
}

export interface TargetSpecOptions {
  listen: string[];
  /** For s3:// targets: the store's endpoint (any S3-compatible store; default AWS). */
  endpoint?: string;
  /** For s3:// targets: objects younger than this are never pruned. */
  graceMs?: number;
  /** For s3:// targets: the folder nginx includes the tenants' server blocks from (`<id>.conf`). */
  nginxDir?: string;
  /** Extra ssh arguments for `user@host:/path` targets (port, key, known hosts). */
  sshOptions: string[];
  nginx: { binary: string; conf?: string; reload: boolean; test: boolean };
}

/** `user@host:/abs/path` (SSH) or a folder on this machine. */
export function parseTargetSpec(
  spec: string,
): { kind: "ssh"; destination: string; root: string } | { kind: "dir"; root: string } {
  const ssh =
    /^([A-Za-z0-9._-]+@[A-Za-z0-9.-]+|\[[0-9a-fA-F:.]+\]|[A-Za-z0-9-]+\.[A-Za-z0-9.-]+):(.*)$/.exec(
      spec,
    );
  if (ssh?.[1] && ssh[2] !== undefined) {
    if (!ssh[2].startsWith("/")) {
      throw new Error(`--to ${spec}: the folder on the SSH host must be an absolute path`);
    }
    return { kind: "ssh", destination: ssh[1], root: posix.normalize(ssh[2]) };
  }
  return { kind: "dir", root: resolve(spec) };
}

/** The target a `--to` names, with the nginx that serves it (tested and reloaded on its host). */
export async function openTarget(spec: string, o: TargetSpecOptions): Promise<Target> {
  const { LocalHost, SshHost } = await import("./host.ts");
  const { Nginx, NO_SERVER } = await import("./nginx.ts");
  if (spec.startsWith("s3://")) {
    const { openS3Target, parseS3Url, DEFAULT_GRACE_MS } = await import("./s3.ts");
    const { renderS3ServerBlock } = await import("./s3-nginx.ts");
    const location = parseS3Url(spec);
    const nginxDir = o.nginxDir ? resolve(o.nginxDir) : undefined;
    if (nginxDir && !o.endpoint) {
      throw new Error("--nginx-dir needs --endpoint: the address nginx proxies to the store at");
    }
    const endpoint = o.endpoint;
    const nginxHost = nginxDir ? new LocalHost(nginxDir) : null;
    return openS3Target(spec, {
      endpoint,
      graceMs: o.graceMs ?? DEFAULT_GRACE_MS,
      nginx:
        nginxHost && nginxDir && endpoint && location
          ? {
              dir: nginxDir,
              host: nginxHost,
              server: o.nginx.test || o.nginx.reload ? new Nginx(nginxHost, o.nginx) : NO_SERVER,
              render: (id, live, serving) =>
                renderS3ServerBlock(id, live, serving, { endpoint, location, listen: o.listen }),
              renderPreview: (id, release, preview) =>
                renderS3ServerBlock(
                  id,
                  release,
                  [],
                  { endpoint, location, listen: o.listen },
                  preview,
                ),
            }
          : undefined,
    });
  }
  const parsed = parseTargetSpec(spec);
  const host =
    parsed.kind === "ssh"
      ? new SshHost(parsed.destination, parsed.root, o.sshOptions)
      : new LocalHost(parsed.root);
  const server = o.nginx.test || o.nginx.reload ? new Nginx(host, o.nginx) : NO_SERVER;
  return new FileTarget({ root: parsed.root, host, server, listen: o.listen });
}
