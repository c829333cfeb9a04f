/**
 * The per-folder mutation score printed by `npm run mutation` (scripts/mutation-summary.mjs):
 * (killed + timed out) / (killed + timed out + survived + no coverage), as Stryker counts it;
 * ignored mutants and compile errors do not count.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const exec = promisify(execFile);
const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

it("prints the score of each folder beside its target", async () => {
  const dir = await mkdtemp(join(tmpdir(), "mutation-summary-"));
  try {
    const report = join(dir, "mutation.json");
    await writeFile(
      report,
      JSON.stringify({
        files: {
          "storefront/src/domain/cart.ts": mutants("Killed", "Killed", "Timeout", "Survived"),
          "storefront/src/domain/money.ts": mutants("Killed", "Ignored", "CompileError"),
          "storefront/src/stores/auth/client.ts": mutants("Killed", "NoCoverage"),
          "cli/config/load.ts": mutants("Survived"),
          "scripts/other.mjs": mutants("Killed"),
        },
      }),
    );
    const { stdout } = await exec(process.execPath, ["scripts/mutation-summary.mjs", report]);
    expect(stdout.trim().split("\n")).toEqual([
      "| Folder | Score | Killed | Survived | No coverage | Target |",
      "|---|---|---|---|---|---|",
      "| cli/config | 0.0 % | 0 | 1 | 0 | ≥ 90 % |",
      "| scripts | 100.0 % | 1 | 0 | 0 |  |",
      "| storefront/src/domain | 80.0 % | 4 | 1 | 0 | ≥ 90 % |",
      "| storefront/src/stores | 50.0 % | 1 | 0 | 1 | ≥ 80 % |",
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
