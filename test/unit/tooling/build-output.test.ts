import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { consolePrinter } from "../../../cli/commands/print.ts";

const exec = promisify(execFile);
const ESC = "\u001b";
let work: string;

const build = (outDir: string, env: NodeJS.ProcessEnv = {}) =>
  exec(process.execPath, ["cli/bin.js", "build", "mysport", "timerman", "--out-dir", outDir], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-output-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("deploy files in every bundle", () => {
  it("are listed in the build manifest and identical across two builds (no timestamps)", async () => {
    const first = join(work, "a");
    const second = join(work, "b");
    await build(first);
    await build(second);
    // Only the deploy files' entries: the shared core may change between the two builds while
    // someone edits storefront/ (the whole manifest is pinned by test/unit/build/build.test.ts).
    const entries = async (dir: string, id: string) =>
      (
        JSON.parse(await readFile(join(dir, id, "build-manifest.json"), "utf8")) as BuildManifest
      ).files.filter((f) => f.path === "nginx.conf" || f.path === "_headers");
    for (const id of ["mysport", "timerman"]) {
      const listed = await entries(first, id);
      expect(listed.map((f) => f.path)).toEqual(["_headers", "nginx.conf"]);
      expect(await entries(second, id)).toEqual(listed);
      for (const file of ["nginx.conf", "_headers"]) {
        const text = await readFile(join(first, id, file), "utf8");
        expect(text).not.toMatch(/\b20\d\d-\d\d-\d\d|\d\d:\d\d:\d\d/);
        expect(text).toContain(id);
      }
    }
  }, 120_000);
});

describe("build progress output", () => {
  it("is plain text, one line per tenant, when stdout is not a terminal", async () => {
    const { stdout } = await build(join(work, "plain"));
    expect(stdout).not.toContain(ESC);
    const lines = stdout.trim().split("\n");
    expect(
      lines.filter((l) => /^✓ (mysport|timerman) {2}\S+ {2}\d+ KiB {2}\d+\.\d\d s$/.test(l)),
    ).toHaveLength(2);
    expect(lines.at(-1)).toBe("2 tenants built");
  }, 60_000);

  it("has no colour anywhere with NO_COLOR, even where CI would turn Vite's colour on", async () => {
    const { stdout, stderr } = await build(join(work, "no-color"), { NO_COLOR: "1", CI: "true" });
    expect(stdout + stderr).not.toContain(ESC);
    expect(stdout).toMatch(/^✓ mysport /m);
  }, 60_000);

  describe("colour", () => {
    const isTTY = process.stdout.isTTY;
    afterEach(() => {
      process.stdout.isTTY = isTTY;
      vi.unstubAllEnvs();
    });
    it("only on a terminal, and never with NO_COLOR set (https://no-color.org)", () => {
      process.stdout.isTTY = true;
      vi.stubEnv("NO_COLOR", "");
      expect(consolePrinter().color).toBe(true);
      vi.stubEnv("NO_COLOR", "1");
      expect(consolePrinter().color).toBe(false);
      vi.unstubAllEnvs();
      process.stdout.isTTY = false;
      expect(consolePrinter().color).toBe(false);
    });
  });
});
