/**
 * A value in a publish or rollback error (a release name typed into a CI form, a record read back
 * from a bucket) cannot start a line of its own: a CI runner reads `::error::…` at the start of a
 * line as an annotation, and `jq -r` prints a JSON string's newlines as newlines. People get every
 * line of an error indented with control characters escaped; `--json` gets one line.
 */

import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import type { Printer } from "../../../cli/commands/print.ts";
import { describeResult } from "../../../cli/commands/publish.ts";
import { runRollback } from "../../../cli/commands/rollback.ts";

const HOSTILE = "r1\n::error file=app.ts::forged\r\u001b[2K✓ mysport  published";

function printer() {
  const lines: string[] = [];
  const print: Printer = { out: (l) => lines.push(l), err: (l) => lines.push(l), color: false };
  return { print, lines: () => lines.join("\n").split("\n") };
}

let root: string;
beforeAll(async () => {
  // A folder target where mysport has one live release.
  root = await mkdtemp(join(tmpdir(), "storefront-error-lines-"));
  const release = "0123456789abcdef";
  const config = YAML.parse(readFileSync("tenants/mysport.yaml", "utf8"));
  await mkdir(join(root, "mysport", "releases", release), { recursive: true });
  await writeFile(
    join(root, "mysport", "state.json"),
    JSON.stringify({
      releases: [
        { name: release, publishedAt: "2026-11-01T00:00:00Z", styleHashes: [], assets: [], config },
      ],
    }),
  );
  await symlink(`releases/${release}`, join(root, "mysport", "current"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const rollback = (print: Printer, json: boolean) =>
  runRollback({
    id: "mysport",
    to: root,
    release: HOSTILE,
    tenantsDir: "tenants",
    json,
    target: {
      listen: ["80"],
      sshOptions: [],
      nginx: { binary: "nginx", reload: false, test: false },
    },
    print,
  });

describe("an error naming a hostile value", () => {
  it("is printed for people with every line indented and control characters escaped", async () => {
    const { print, lines } = printer();
    expect(await rollback(print, false)).toBe(1);
    const printed = lines();
    expect(printed[0]).toBe("✗ mysport  rollback failed");
    for (const line of printed.slice(1)) expect(line).toMatch(/^ {2}\S/);
    expect(printed.join("\n")).toContain('no release "r1');
    for (const control of ["\r", "\u001b"]) expect(printed.join("\n")).not.toContain(control);
    expect(printed.some((l) => l.startsWith("::") || l.startsWith("✓"))).toBe(false);
  });

  it("is one line in --json, whatever jq -r makes of it", async () => {
    const { print, lines } = printer();
    expect(await rollback(print, true)).toBe(1);
    const report = JSON.parse(lines().join("\n"));
    const error: string = report.tenants[0].error;
    expect(error).toContain("no release");
    for (const control of ["\n", "\r", "\u001b"]) expect(error).not.toContain(control);
    // The release as typed, quoted with its escapes: never a line break.
    expect(error).toContain('no release "r1\\n::error file=app.ts::forged\\r\\u001b[2K');
  });

  it("keeps a publish failure's own lines, each indented", () => {
    const { print, lines } = printer();
    describeResult({ id: "mysport", status: "failed", error: `first\n${HOSTILE}`, ms: 0 }, print);
    expect(lines()).toEqual([
      "✗ mysport  failed",
      "  first",
      "  r1",
      "  ::error file=app.ts::forged\\u000d\\u001b[2K✓ mysport  published",
    ]);
  });
});
