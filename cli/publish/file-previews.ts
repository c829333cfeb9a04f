/**
 * Deploy previews on a folder target (here or over SSH), beside the tenant's releases:
 *
 *   <root>/<id>/previews/<name>.conf   the preview's server block (root at its release)
 *   <root>/<id>/previews/<name>.json   its record: host, expiry, the release and its settings
 *   <root>/preview-secret.conf         `set $storefront_preview_secret …;`, mode 600, which
 *                                      every preview block includes (never in a bundle or log)
 *
 * nginx includes `<root>/*\/previews/*.conf` beside the tenants' blocks (docs/previews.md). A
 * preview's release sits in releases/ like any other but is not in state.json until promoted,
 * so no publish prunes it while a preview serves it.
 */
import { posix } from "node:path";
import { type NginxPreview, renderNginxConf } from "../build/deploy.ts";
import { tenantSchema } from "../config/schema.ts";
import type { Host } from "./host.ts";
import type { ServerControl } from "./nginx.ts";
import {
  PREVIEW_COOKIE,
  PREVIEW_EXPIRES_PARAM,
  PREVIEW_TOKEN_PARAM,
  type PreviewRecord,
  previewDomainProblem,
  previewNameProblem,
} from "./preview.ts";
import { RELEASE_RE, type ReleaseRecord } from "./release.ts";

/** What a target offers for previews. */
export interface PreviewStore {
  list(id: string): Promise<PreviewRecord[]>;
  /** Writes the preview's block and record (and the secret's file), tests and reloads nginx. */
  put(id: string, record: PreviewRecord, secret: string, banner: PreviewBanner): Promise<void>;
  /** Takes previews off the server (blocks first, reloaded, then their records). */
  remove(id: string, names: string[]): Promise<void>;
  /**
   * Records an uploaded release where the target needs a record to serve it at all (object
   * storage: its files' objects), without making it live or reachable from the live host.
   */
  keep?(id: string, release: ReleaseRecord): Promise<void>;
}

export interface PreviewBanner {
  css: string;
  /** Its words in each of the tenant's languages, the default first. */
  text: Record<string, string>;
}

export const SECRET_FILE = "preview-secret.conf";

/** What a preview's server block is rendered with, on any target. */
export function nginxPreviewOf(
  record: PreviewRecord,
  secretFile: string,
  banner: PreviewBanner,
): NginxPreview {
  return {
    name: record.name,
    host: record.host,
    secretFile,
    cookieMaxAge: (Date.parse(record.expires) - Date.now()) / 1000,
    tokenParam: PREVIEW_TOKEN_PARAM,
    expiresParam: PREVIEW_EXPIRES_PARAM,
    cookie: PREVIEW_COOKIE,
    banner,
  };
}

/** The text of the secret's file, which each preview block includes. */
export const secretText = (secret: string) => `set $storefront_preview_secret "${secret}";\n`;

export class FilePreviews implements PreviewStore {
  constructor(
    private readonly o: { root: string; host: Host; server: ServerControl; listen: string[] },
  ) {}

  private file(id: string, name: string, ext: "conf" | "json") {
    return posix.join(this.o.root, id, "previews", `${name}.${ext}`);
  }

  async list(id: string): Promise<PreviewRecord[]> {
    const dir = posix.join(this.o.root, id, "previews");
    const { stdout } = await this.o.host
      .exec(["find", dir, "-maxdepth", "1", "-name", "*.json", "-printf", "%f\\0"])
      .catch(() => ({ stdout: "" }));
    const records: PreviewRecord[] = [];
    for (const file of stdout.split("\0").filter((f) => f.endsWith(".json"))) {
      const name = file.slice(0, -".json".length);
      if (previewNameProblem(name)) continue;
      const record = parseRecord(await this.o.host.readText(this.file(id, name, "json")), name);
      if (record) records.push(record);
    }
    return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async put(id: string, record: PreviewRecord, secret: string, banner: PreviewBanner) {
    const secretFile = posix.join(this.o.root, SECRET_FILE);
    const text = secretText(secret);
    if ((await this.o.host.readText(secretFile)) !== text) {
      await this.o.host.writeAtomic(secretFile, text, 0o600);
    }
    const conf = this.file(id, record.name, "conf");
    const before = await this.o.host.readText(conf);
    const block = await renderNginxConf(
      id,
      { ...record.release.config, styleHashes: record.release.styleHashes },
      {
        root: posix.join(this.o.root, id, "releases", record.release.name),
        listen: this.o.listen,
        preview: nginxPreviewOf(record, secretFile, banner),
      },
    );
    await this.o.host.writeAtomic(conf, block);
    try {
      await this.o.server.test();
    } catch (error) {
      if (before === null) await this.o.host.remove([conf]);
      else await this.o.host.writeAtomic(conf, before);
      throw error;
    }
    await this.o.server.reload();
    await this.o.host.writeAtomic(
      this.file(id, record.name, "json"),
      `${JSON.stringify(record, null, 2)}\n`,
    );
  }

  async remove(id: string, names: string[]) {
    if (names.length === 0) return;
    await this.o.host.remove(names.map((n) => this.file(id, n, "conf")));
    await this.o.server.reload();
    await this.o.host.remove(names.map((n) => this.file(id, n, "json")));
  }
}

/** A record read back from the target, or null when it is not what a preview writes. */
export function parseRecord(text: string | null, name: string): PreviewRecord | null {
  if (text === null) return null;
  let value: Partial<PreviewRecord>;
  try {
    value = JSON.parse(text) as Partial<PreviewRecord>;
  } catch {
    return null;
  }
  const release = value.release;
  const ok =
    value.name === name &&
    typeof value.host === "string" &&
    // Its own host, a DNS name: `<name>--<id>.<domain>`, never a value to print or render as is.
    value.host.startsWith(`${name}--`) &&
    previewDomainProblem(value.host) === null &&
    !Number.isNaN(Date.parse(String(value.expires))) &&
    !Number.isNaN(Date.parse(String(value.createdAt))) &&
    RELEASE_RE.test(String(release?.name)) &&
    Array.isArray(release?.styleHashes) &&
    Array.isArray(release?.assets) &&
    tenantSchema.safeParse(release?.config).success;
  return ok ? (value as PreviewRecord) : null;
}
