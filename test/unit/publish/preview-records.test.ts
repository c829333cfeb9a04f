/**
 * A preview's record is read back from the target (a folder, an SSH host, a bucket): only what
 * a preview writes is taken, so no forged name, host or release reaches a server block, a file
 * path or the operator's terminal; and the link is the one nginx's secure_link accepts.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadTenant } from "../../../cli/config/load.ts";
import { parseRecord } from "../../../cli/publish/file-previews.ts";
import {
  parseExpiry,
  previewHost,
  previewLink,
  previewNameProblem,
  previewSecretProblem,
} from "../../../cli/publish/preview.ts";

const tenant = await loadTenant("tenants", "mysport");
if (!tenant.ok) throw new Error("mysport does not load");
const good = {
  name: "pr-7",
  host: "pr-7--mysport.preview.example",
  expires: "2026-12-05T10:00:00.000Z",
  createdAt: "2026-11-28T10:00:00.000Z",
  release: {
    name: "0123456789abcdef",
    publishedAt: "2026-11-28T10:00:00.000Z",
    styleHashes: [],
    assets: [],
    config: tenant.config,
  },
};
const read = (record: unknown, name = "pr-7") => parseRecord(JSON.stringify(record), name);

describe("a preview's record read back from the target", () => {
  it("takes what a preview writes", () => {
    expect(read(good)?.host).toBe("pr-7--mysport.preview.example");
  });

  it.each([
    ["another preview's name", { ...good, name: "pr-8" }],
    ["a host of another preview", { ...good, host: "pr-8--mysport.preview.example" }],
    ["a host with a line break", { ...good, host: "pr-7--mysport.preview.example\n✓ promoted" }],
    ["a host with a path", { ...good, host: "pr-7--mysport.preview.example/../x" }],
    [
      "a release that is not a release name",
      { ...good, release: { ...good.release, name: "../../etc" } },
    ],
    [
      "settings that are not a tenant's",
      { ...good, release: { ...good.release, config: { hosts: 1 } } },
    ],
    ["no expiry", { ...good, expires: "soon" }],
  ])("refuses %s", (_, record) => {
    expect(read(record)).toBeNull();
  });

  it("refuses what is not JSON", () => {
    expect(parseRecord("{", "pr-7")).toBeNull();
    expect(parseRecord(null, "pr-7")).toBeNull();
  });
});

describe("a preview's name, host, expiry, secret and link", () => {
  it("a name is one DNS label of lowercase letters, digits and single hyphens", () => {
    expect(previewNameProblem("pr-7")).toBeNull();
    for (const bad of ["PR-7", "pr--7", "-pr", "pr_7", "pr.7", "", "a".repeat(64)]) {
      expect(previewNameProblem(bad), bad).not.toBeNull();
    }
    expect(() => previewHost("p".repeat(50), "mysport-usa-long", "preview.example")).toThrow(
      /longer than the 63 characters of a DNS label/,
    );
  });

  it("an expiry is days, hours or minutes, up to a year; a secret is long and quotable", () => {
    expect([parseExpiry("7d"), parseExpiry("48h"), parseExpiry("90m")]).toEqual([
      604_800_000, 172_800_000, 5_400_000,
    ]);
    for (const bad of ["0d", "367d", "7", "7 d", "1w"]) expect(parseExpiry(bad), bad).toBeNull();
    expect(previewSecretProblem(undefined)).toMatch(/is not set/);
    expect(previewSecretProblem("short")).toMatch(/at least 32 characters/);
    expect(previewSecretProblem(`${"a".repeat(40)}"; include /etc/passwd;`)).not.toBeNull();
    expect(previewSecretProblem("a".repeat(32))).toBeNull();
  });

  it('the link\'s token is what secure_link_md5 "$secure_link_expires$host secret" computes', () => {
    const expires = Date.parse("2026-12-05T10:00:00.000Z");
    const link = new URL(previewLink("s".repeat(32), "pr-7--mysport.preview.example", expires));
    const seconds = String(expires / 1000);
    const md5 = createHash("md5")
      .update(`${seconds}pr-7--mysport.preview.example ${"s".repeat(32)}`)
      .digest("base64url");
    expect([
      link.protocol,
      link.searchParams.get("preview"),
      link.searchParams.get("expires"),
    ]).toEqual(["https:", md5, seconds]);
  });
});
