/**
 * Deploy previews on object storage, served by nginx in front of the store:
 *
 *   tenants/<id>/previews/<name>.json      (in the store) the preview's record
 *   tenants/<id>/releases/<release>.json   its release's record, as a publish writes it: it
 *                                          names the release's objects, so garbage collection
 *                                          keeps them while the preview is there
 *   <nginx-dir>/<id>.preview-<name>.conf   its server block: each path proxied to the object
 *                                          of that release, the signed-link guard, the banner
 *   <nginx-dir>/preview-secret.inc         the secret, mode 600 (not *.conf: nginx's
 *                                          `include <nginx-dir>/*.conf` must not read it alone)
 *
 * The pointer (current.json) never names a preview's release until `promote` switches to it.
 */
import { join } from "node:path";
import type { NginxPreview } from "../build/deploy.ts";
import {
  nginxPreviewOf,
  type PreviewBanner,
  type PreviewStore,
  parseRecord,
  secretText,
} from "./file-previews.ts";
import type { Host } from "./host.ts";
import type { ServerControl } from "./nginx.ts";
import { type PreviewRecord, previewNameProblem } from "./preview.ts";
import type { ReleaseRecord } from "./release.ts";
import type { S3Store } from "./s3-client.ts";
import type { ReleaseRecords, S3ReleaseRecord } from "./s3-records.ts";

export const S3_SECRET_FILE = "preview-secret.inc";

export interface S3PreviewNginx {
  dir: string;
  host: Host;
  server: ServerControl;
  renderPreview(id: string, release: S3ReleaseRecord, preview: NginxPreview): Promise<string>;
}

export class S3Previews implements PreviewStore {
  constructor(
    private readonly o: {
      store: S3Store;
      records: ReleaseRecords;
      nginx: S3PreviewNginx | undefined;
      /** Writes the release's record (the target's shareAssets). */
      record(id: string, release: ReleaseRecord): Promise<void>;
    },
  ) {}

  private key(id: string, name: string) {
    return this.o.store.key("tenants", id, "previews", `${name}.json`);
  }

  private nginx(): S3PreviewNginx {
    if (!this.o.nginx) {
      throw new Error(
        `${this.o.store.label}: previews on object storage are served by nginx in front of the store: give --nginx-dir and --endpoint`,
      );
    }
    return this.o.nginx;
  }

  private file(id: string, name: string) {
    return join(this.nginx().dir, `${id}.preview-${name}.conf`);
  }

  async list(id: string): Promise<PreviewRecord[]> {
    const { store } = this.o;
    return store.call(`listing ${id}'s previews`, async () => {
      const records: PreviewRecord[] = [];
      for await (const object of store.list(store.key("tenants", id, "previews/"))) {
        const file = object.Key?.split("/").pop() ?? "";
        const name = file.endsWith(".json") ? file.slice(0, -".json".length) : "";
        if (!name || previewNameProblem(name)) continue;
        const got = await store.getText(this.key(id, name));
        const record = parseRecord(got?.text ?? null, name);
        if (record) records.push(record);
      }
      return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    });
  }

  keep(id: string, release: ReleaseRecord) {
    return this.o.record(id, release);
  }

  async put(id: string, record: PreviewRecord, secret: string, banner: PreviewBanner) {
    const nginx = this.nginx();
    const release = await this.o.records.read(id, record.release.name);
    if (!release) throw new Error(`${id}: release ${record.release.name} has no record`);
    const secretFile = join(nginx.dir, S3_SECRET_FILE);
    const text = secretText(secret);
    if ((await nginx.host.readText(secretFile)) !== text) {
      await nginx.host.writeAtomic(secretFile, text, 0o600);
    }
    const conf = this.file(id, record.name);
    const before = await nginx.host.readText(conf);
    await nginx.host.writeAtomic(
      conf,
      await nginx.renderPreview(id, release, nginxPreviewOf(record, secretFile, banner)),
    );
    try {
      await nginx.server.test();
    } catch (error) {
      if (before === null) await nginx.host.remove([conf]);
      else await nginx.host.writeAtomic(conf, before);
      throw error;
    }
    await nginx.server.reload();
    const { store } = this.o;
    await store.call(`writing ${id}'s preview ${record.name}`, () =>
      store.client.send(
        new store.sdk.PutObjectCommand({
          Bucket: store.bucket,
          Key: this.key(id, record.name),
          Body: `${JSON.stringify(record, null, 2)}\n`,
          ContentType: "application/json",
          CacheControl: "no-store",
        }),
      ),
    );
  }

  async remove(id: string, names: string[]) {
    if (names.length === 0) return;
    const nginx = this.nginx();
    await nginx.host.remove(names.map((n) => this.file(id, n)));
    await nginx.server.reload();
    const { store } = this.o;
    await store.call(`removing ${id}'s previews`, async () => {
      for (const name of names) {
        await store.client.send(
          new store.sdk.DeleteObjectCommand({ Bucket: store.bucket, Key: this.key(id, name) }),
        );
      }
    });
  }
}
