/**
 * A file holds one idea (DESIGN.md): no source file of the CLI or the browser core passes 400
 * lines. One that grows past it is split along a line a newcomer would guess, not trimmed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const LIMIT = 400;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.(ts|tsx|js|mjs)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

it(`no source file in cli/ or storefront/src/ is over ${LIMIT} lines`, () => {
  const files = [...sources("cli"), ...sources("storefront/src")];
  expect(files.length).toBeGreaterThan(100);
  const long = files
    .map((f) => ({ f, lines: readFileSync(f, "utf8").split("\n").length - 1 }))
    .filter(({ lines }) => lines > LIMIT)
    .map(({ f, lines }) => `${f}: ${lines} lines`);
  expect(long).toEqual([]);
});
