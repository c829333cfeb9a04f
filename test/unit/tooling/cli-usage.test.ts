/**
 * Usage errors of the `storefront` command (README: exit codes 0 success, 1 invalid config or
 * failed build, 2 usage error): an unknown command or option, a missing argument or option
 * value each get a clear message on stderr, a pointer to --help, nothing on stdout, and exit 2.
 */
import { describe, expect, it } from "vitest";
import { cli } from "../fixtures/cli.ts";

const HINT = "(run with --help for usage)";

describe("storefront usage errors exit 2 with a clear message", () => {
  it.each([
    [["deploy-everything"], "error: unknown command 'deploy-everything'"],
    [["build", "--al"], "error: unknown option '--al'"],
    [["validate", "--tenants-dir"], "error: option '--tenants-dir <dir>' argument missing"],
    [["new"], "error: missing required argument 'id'"],
  ])("storefront %j", async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")).toContain(message);
    expect(r.stderr).toContain(HINT);
    expect(r.stdout).toBe("");
  });

  it("build with neither tenant ids nor --all, or with both", async () => {
    const none = await cli("build");
    expect([none.code, none.stderr.trim(), none.stdout]).toEqual([
      2,
      "error: name tenant ids or pass --all",
      "",
    ]);
    const both = await cli("build", "mysport", "--all");
    expect([both.code, both.stderr.trim(), both.stdout]).toEqual([
      2,
      "error: pass either tenant ids or --all, not both",
      "",
    ]);
  });

  it("--help is not an error: usage on stdout, exit 0", async () => {
    const r = await cli("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: storefront \[options\] \[command\]/);
    for (const command of [
      "list",
      "validate",
      "build",
      "schema",
      "api-schema",
      "new",
      "docs",
      "preview",
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^ {2}${command}\\b`, "m"));
    }
  });
});

describe("api-schema as an operator runs it", () => {
  it("a folder that does not exist: said in one line, exit 1, nothing written", async () => {
    const r = await cli("api-schema", "--out", "/nonexistent-folder/api.json");
    expect([r.code, r.stderr.trim()]).toEqual([
      1,
      "api-schema: cannot write /nonexistent-folder/api.json: its folder does not exist",
    ]);
  });
  it("--out - prints the document", async () => {
    const r = await cli("api-schema", "--out", "-");
    expect([r.code, JSON.parse(r.stdout).openapi]).toEqual([0, "3.1.0"]);
  });

  it("publish --preview: a name, a domain and the secret from the environment, or exit 2 with the reason", async () => {
    const base = ["publish", "mysport", "--to", "/tmp/storefront-no-such-target"];
    const noDomain = await cli(...base, "--preview", "pr-7");
    expect([noDomain.code, noDomain.stderr.trim()]).toEqual([
      2,
      "error: --preview needs --preview-domain <domain>",
    ]);
    const badName = await cli(...base, "--preview", "PR 7", "--preview-domain", "preview.example");
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain(
      "a preview's name is lowercase letters, digits and single hyphens",
    );
    const badTime = await cli(
      ...base,
      "--preview",
      "pr-7",
      "--preview-domain",
      "preview.example",
      "--preview-expires",
      "forever",
    );
    expect(badTime.stderr.trim()).toBe(
      'error: --preview-expires takes 7d, 48h or 90m (at most a year), got "forever"',
    );
    const noSecret = await cli(...base, "--preview", "pr-7", "--preview-domain", "preview.example");
    expect([noSecret.code, noSecret.stderr.trim(), noSecret.stdout]).toEqual([
      2,
      "error: STOREFRONT_PREVIEW_SECRET is not set: previews are signed with it (e.g. openssl rand -hex 32, kept in CI's secrets)",
      "",
    ]);
  });
});
