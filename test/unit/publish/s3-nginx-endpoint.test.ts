/**
 * The server block `publish --to s3://… --nginx-dir` writes proxies to the store as its
 * `--endpoint` says: plain HTTP to an http:// endpoint, TLS (with the store's name sent and its
 * certificate checked) to an https:// one, never plain HTTP to port 443.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { renderS3ServerBlock } from "../../../cli/publish/s3-nginx.ts";
import type { S3ReleaseRecord } from "../../../cli/publish/s3-records.ts";

async function block(endpoint: string): Promise<string> {
  const config = YAML.parse(await readFile("tenants/mysport.yaml", "utf8")) as TenantConfig;
  const live = {
    name: "r1",
    publishedAt: "2026-11-01T00:00:00.000Z",
    styleHashes: [],
    assets: [],
    config,
    objects: { "index.html": "objects/revalidate/aa/aabb" },
    manifest: {},
  } as unknown as S3ReleaseRecord;
  return renderS3ServerBlock("mysport", live, [live], {
    endpoint,
    location: { bucket: "shops", prefix: "live" },
    listen: ["80"],
  });
}

describe("the store behind nginx", () => {
  it("over https:// is reached with TLS on 443, its name sent and its certificate checked", async () => {
    const conf = await block("https://s3.example.net");
    expect(conf).toContain("    server s3.example.net:443;");
    expect(conf).toContain(
      "proxy_pass https://storefront_mysport_store/shops/live/$storefront_mysport_object;",
    );
    expect(conf).not.toContain("proxy_pass http://");
    for (const line of [
      "    proxy_ssl_server_name on;",
      "    proxy_ssl_name s3.example.net;",
      "    proxy_ssl_verify on;",
      "    proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;",
    ])
      expect(conf).toContain(line);
  });

  it("over http:// is reached in plain HTTP on its port, with no TLS settings", async () => {
    const conf = await block("http://127.0.0.1:7480");
    expect(conf).toContain("    server 127.0.0.1:7480;");
    expect(conf).toContain(
      "proxy_pass http://storefront_mysport_store/shops/live/$storefront_mysport_object;",
    );
    expect(conf).not.toContain("proxy_ssl");
  });
});
