// @vitest-environment node
/**
 * The `storefront` command never runs a bundle older than a file it contains: the bundle's own
 * list of inputs (written by scripts/build-cli.mjs) names every project file it was built from,
 * the domain rules it inlines from storefront/src included, and cli/bin.js runs the sources
 * when any of them is newer than the bundle.
 */
import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleIsFresh } from "../../../cli/bundle-fresh.js";

const run = promisify(execFile);

/**
 * The real build, into a folder of this test's own inside node_modules (where the bundle finds
 * its packages); the project's bundle is left alone.
 */
let bundleDir: string;
beforeAll(async () => {
  mkdirSync("node_modules/.cache", { recursive: true });
  bundleDir = mkdtempSync(join(resolve("node_modules/.cache"), "storefront-cli-test-"));
  await run(process.execPath, ["scripts/build-cli.mjs"], {
    env: { ...process.env, STOREFRONT_CLI_OUT_DIR: bundleDir },
  });
}, 120_000);
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

const LANGUAGE = "storefront/src/domain/language.ts";

/** Runs `fn` while the language rule reads as edited a second after the bundle was built. */
function withLanguageEdited<T>(fn: () => T): T {
  const before = statSync(LANGUAGE);
  // Its content unchanged: only the time says it was edited.
  const later = new Date(statSync(join(bundleDir, "main.js")).mtimeMs + 1_000);
  utimesSync(LANGUAGE, later, later);
  const restore = () => utimesSync(LANGUAGE, before.atime, before.mtime);
  try {
    const result = fn();
    if (result instanceof Promise) return result.finally(restore) as T;
    restore();
    return result;
  } catch (error) {
    restore();
    throw error;
  }
}

describe("the bundle's list of inputs", () => {
  const inputs = ["package-lock.json", LANGUAGE];

  it("names the CLI's sources, the domain rules it inlines from storefront/src and the lockfile", () => {
    const listed: string[] = JSON.parse(
      readFileSync(join(bundleDir, "inputs.json"), "utf8"),
    ).inputs;
    expect(listed).toEqual(
      expect.arrayContaining([...inputs, "cli/main.ts", "storefront/src/domain/pages.ts"]),
    );
    expect(listed.filter((f) => f.includes("node_modules"))).toEqual([]);
  });

  it("a bundled domain file edited after the build makes the bundle stale", () => {
    expect(bundleIsFresh(".", bundleDir)).toBe(true);
    withLanguageEdited(() => expect(bundleIsFresh(".", bundleDir)).toBe(false));
    expect(bundleIsFresh(".", bundleDir)).toBe(true);
  });
});

describe("when the bundle may run", () => {
  let root: string;
  let bundleDir: string;
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
  const file = (rel: string, seconds: number) => {
    const full = join(root, rel);
    mkdirSync(join(full, ".."), { recursive: true });
    writeFileSync(full, "x");
    utimesSync(full, at(seconds), at(seconds));
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "storefront-cli-fresh-"));
    bundleDir = join(root, "bundle");
    file("cli/main.ts", 0);
    file("storefront/src/domain/language.ts", 0);
    file("package-lock.json", 0);
    file("bundle/main.js", 10);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const list = (inputs: unknown) => {
    writeFileSync(join(bundleDir, "inputs.json"), JSON.stringify({ inputs }));
    utimesSync(join(bundleDir, "main.js"), at(10), at(10));
  };

  it("while it is newer than every input it lists", () => {
    list(["cli/main.ts", "storefront/src/domain/language.ts", "package-lock.json"]);
    expect(bundleIsFresh(root, bundleDir)).toBe(true);
  });

  it("not when one input is newer, whichever folder it is in", () => {
    list(["cli/main.ts", "storefront/src/domain/language.ts", "package-lock.json"]);
    for (const input of ["storefront/src/domain/language.ts", "package-lock.json", "cli/main.ts"]) {
      utimesSync(join(root, input), at(11), at(11));
      expect(bundleIsFresh(root, bundleDir), input).toBe(false);
      utimesSync(join(root, input), at(0), at(0));
    }
  });

  it("not when an input is gone, or the list is missing, empty or not a list", () => {
    list(["cli/main.ts", "cli/gone.ts"]);
    expect(bundleIsFresh(root, bundleDir)).toBe(false);
    list([]);
    expect(bundleIsFresh(root, bundleDir)).toBe(false);
    list("cli/main.ts");
    expect(bundleIsFresh(root, bundleDir)).toBe(false);
    rmSync(join(bundleDir, "inputs.json"));
    expect(bundleIsFresh(root, bundleDir)).toBe(false);
  });
});

describe("cli/bin.js", () => {
  /** What the command says it ran (STOREFRONT_CLI_SHOW_RUN), with the test's own bundle. */
  const which = async () =>
    (
      await run(process.execPath, ["cli/bin.js", "--help"], {
        env: { ...process.env, STOREFRONT_CLI_OUT_DIR: bundleDir, STOREFRONT_CLI_SHOW_RUN: "1" },
      })
    ).stderr.trim();

  it("runs the bundle while it is fresh, and the sources once a bundled domain file is edited", async () => {
    expect(await which()).toBe("storefront: running the bundle");
    await withLanguageEdited(async () =>
      expect(await which()).toBe(
        "storefront: running the sources (the bundle is missing or older than one of its inputs)",
      ),
    );
  }, 60_000);
});
