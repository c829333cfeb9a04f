/**
 * The config loader on arbitrary input: whatever bytes a tenant file holds,
 * loadTenant answers with a valid config or with its own problems (file:line:col, a field, a
 * message), never with another exception. A hang would fail the test by vitest's own timeout;
 * how fast the loader is lives in the bench, not here.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { formatProblem, type LoadResult, loadTenant } from "../../../cli/config/load.ts";
import { tenantSchema } from "../../../cli/config/schema.ts";
import { PAYLOADS } from "./payloads.ts";

const MYSPORT = readFileSync("tenants/mysport.yaml", "utf8");

let root: string;
let tenantsDir: string;
let seq = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "storefront-fuzz-"));
  tenantsDir = join(root, "tenants");
  mkdirSync(tenantsDir);
  cpSync("tenants/mysport", join(tenantsDir, "mysport"), { recursive: true });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * Loads one file's content and checks the answer is the loader's own. Each file is the only
 * tenant of the folder while it is loaded (a host belongs to one tenant: two valid copies of
 * MySport would each name the other's hosts).
 */
async function check(content: string | Uint8Array): Promise<LoadResult> {
  const id = `fuzz-${seq++}`;
  const file = join(tenantsDir, `${id}.yaml`);
  writeFileSync(file, content);
  const result = await loadTenant(tenantsDir, id).finally(() => rmSync(file));
  expect(result.id).toBe(id);
  if (result.ok) {
    expect(tenantSchema.safeParse(result.config).success).toBe(true);
    expect(result.hash).toMatch(/^[0-9a-f]{64}$/);
  } else {
    expect(result.problems.length).toBeGreaterThan(0);
    for (const p of result.problems) {
      expect(Number.isInteger(p.line) && p.line >= 1, formatProblem(p)).toBe(true);
      expect(Number.isInteger(p.col) && p.col >= 1, formatProblem(p)).toBe(true);
      expect(p.file).toBe(result.file);
      // One line each, whatever the file says: a key with a line break cannot forge output.
      expect(p.path, formatProblem(p)).toMatch(/^[^\r\n\u2028\u2029]+$/);
      expect(p.message, formatProblem(p)).toMatch(/^[^\r\n\u2028\u2029]+$/);
      // The loader's catch-all: an exception it did not expect on the way.
      expect(p.message, formatProblem(p)).not.toMatch(/^could not be checked/);
      expect(p.message, formatProblem(p)).not.toMatch(/call stack|out of memory/i);
    }
  }
  return result;
}

/** A YAML scalar, key or fragment a fuzzer might put anywhere. */
const fragment = fc.oneof(
  fc.constantFrom(...PAYLOADS),
  fc.constantFrom(
    "&a",
    "*a",
    "<<: *a",
    "!!binary aGk=",
    "!!set",
    "!!omap",
    "!foo",
    "? ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    ": ",
    "|",
    ">-",
    "---",
    "...",
    "%YAML 1.1",
    "%TAG ! tag:x,2000:",
    "\t",
    "\ufeff",
    "#",
    '"',
    "'",
    "\\",
    "\n",
    "  ",
    "~",
    "0x1F",
    ".inf",
    "1e400",
    "2025-01-01",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** The valid mysport YAML with fragments inserted at random places. */
const mutatedMysport = fc
  .array(fc.tuple(fc.nat({ max: MYSPORT.length }), fragment), { minLength: 1, maxLength: 6 })
  .map((edits) => {
    let text = MYSPORT;
    for (const [at, what] of edits) {
      const i = Math.min(at, text.length);
      text = text.slice(0, i) + what + text.slice(i);
    }
    return text;
  });

/** mysport's data with one value replaced by any JSON value, written back as YAML. */
const mysportData = YAML.parse(MYSPORT) as Record<string, unknown>;
const reshapedMysport = fc
  .tuple(fc.constantFrom(...Object.keys(mysportData)), fc.jsonValue({ maxDepth: 4 }))
  .map(([key, value]) => YAML.stringify({ ...mysportData, [key]: value }));

const billionLaughs = fc.integer({ min: 2, max: 12 }).map((levels) => {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i <= levels; i++) {
    const refs = Array.from({ length: 9 }, () => `*a${i - 1}`).join(",");
    lines.push(`a${i}: &a${i} [${refs}]`);
  }
  return `${lines.join("\n")}\ntenantName: *a${levels}\n`;
});

/** Nesting the YAML parser pays for with recursion (a stack overflow can kill the process). */
const deepNesting = fc
  .tuple(
    fc.integer({ min: 40, max: 20_000 }),
    fc.constantFrom("[", "{a: ", "- ", "? ", "- [", "map", "seq", "key"),
  )
  .map(([depth, kind]) => {
    // Nesting by indentation costs depth² bytes: at most about 1,400 levels under the size limit.
    const d = Math.min(depth, 1_400);
    const indented = (line: string) =>
      Array.from({ length: d }, (_, i) => `${" ".repeat(i)}${line}`).join("\n");
    if (kind === "map") return `${indented("k:")} x\n`;
    if (kind === "seq") return `${indented("-")} x\n`;
    if (kind === "key") return `${indented("?")} x\n`;
    if (kind === "- " || kind === "? ") return `${kind.repeat(depth)}x\n`;
    return `tenantName: ${kind.repeat(depth)}`;
  });

/** Breadth the parser pays for quadratically (duplicate keys are checked pair by pair). */
const manyValues = fc
  .tuple(fc.integer({ min: 1_100, max: 60_000 }), fc.constantFrom("map", "keys", "flow", "list"))
  .map(([n, kind]) => {
    const items = Array.from({ length: n }, (_, i) => i);
    if (kind === "map") return items.map((i) => `k${i}: v`).join("\n");
    if (kind === "keys") return items.map((i) => `? k${i}\n: v`).join("\n");
    if (kind === "flow") return `{${items.map((i) => `k${i}: v`).join(", ")}}`;
    return items.map((i) => `- v${i}`).join("\n");
  });

const duplicateKeys = fc
  .tuple(fc.constantFrom(...Object.keys(mysportData)), fc.nat({ max: 5 }))
  .map(([key, n]) => `${MYSPORT}${`${key}: again\n`.repeat(n + 1)}`);

const bytes = fc.uint8Array({ maxLength: 2_000 });

// Hundreds of loads per property: 2 s on an idle 2-core machine, 20 s when it runs ten times its
// load (seen). A hang still ends in this limit; the loader's speed is the bench's business.
describe("the loader on arbitrary input", { timeout: 120_000 }, () => {
  it("answers arbitrary text with its own problems", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 400 }), async (text) => {
        await check(text);
      }),
      { numRuns: 120 },
    );
  });

  it("answers arbitrary bytes (binary, BOM, broken UTF-8) with its own problems", async () => {
    await fc.assert(
      fc.asyncProperty(bytes, fc.boolean(), async (data, bom) => {
        await check(bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), data]) : data);
      }),
      { numRuns: 60 },
    );
  });

  it("answers a damaged or reshaped valid tenant with its own problems or a config", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedMysport, reshapedMysport, duplicateKeys), async (text) => {
        await check(text);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses alias bombs in time", async () => {
    await fc.assert(
      fc.asyncProperty(billionLaughs, async (text) => {
        const result = await check(text);
        expect(result.ok ? "" : result.problems[0]?.message).toMatch(/too many alias expansions/);
      }),
      { numRuns: 11 },
    );
  });

  it("refuses deep nesting and thousands of values before parsing, in time", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(deepNesting, manyValues), async (text) => {
        const result = await check(text);
        expect(result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`)).toEqual([
          expect.stringMatching(
            /^\(yaml\) (nested more than 32 levels deep|more than 1000 values);/,
          ),
        ]);
      }),
      { numRuns: 40 },
    );
  });

  it("still parses what is near the limits", async () => {
    const deep = `tenantName: ${"[".repeat(30)}${"]".repeat(30)}\n`;
    expect((await check(deep)).ok).toBe(false);
    const wide = `tenantName: [${Array.from({ length: 900 }, () => "x").join(", ")}]\n`;
    const result = await check(wide);
    expect(result.ok ? [] : result.problems.map((p) => p.path)).toContain("tenantName");
  });

  it("refuses a file over the size limit and takes a long string under it", async () => {
    const over = await check(`tenantName: ${"x".repeat(1024 * 1024)}\n`);
    expect(over.ok ? "" : over.problems[0]?.message).toMatch(/expected at most \d+ bytes/);
    const long = await check(
      MYSPORT.replace("tenantName: MySport", `tenantName: ${"я".repeat(400_000)}`),
    );
    expect(long.ok ? "" : long.problems.map((p) => p.path)).toEqual(["tenantName"]);
  });

  it("keeps the BOM, CRLF and tab-free valid tenant loading", async () => {
    expect((await check(`\ufeff${MYSPORT}`)).ok).toBe(true);
    expect((await check(MYSPORT.replaceAll("\n", "\r\n"))).ok).toBe(true);
    const tabs = await check(MYSPORT.replace("  id: MySport", "\tid: MySport"));
    expect(tabs.ok).toBe(false);
  });
});
