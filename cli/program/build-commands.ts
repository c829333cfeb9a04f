/** The commands that make the bundles: `build` (whole or one shard) and `merge` of the shards. */
import { CommanderError } from "commander";
import type { Shard } from "../build/shard.ts";
import { type CommandContext, type CommonOptions, common, idsOrAll } from "./common.ts";

export function addBuildCommands({ program, print, setExitCode }: CommandContext) {
  common(
    program
      .command("build")
      .argument("[ids...]", "tenant ids")
      .option("--all", "build every tenant in the tenants folder")
      .option("--force", "rebuild tenants whose bundle already matches their inputs")
      .option(
        "--shard <k/n>",
        "build only shard k of n of the selected tenants (CI runners in parallel; then `storefront merge`)",
      )
      .description(
        "Build one static bundle per tenant into <out-dir>/<id>/; a tenant none of whose inputs changed is left alone",
      ),
  ).action(
    async (
      ids: string[],
      o: CommonOptions & { all?: boolean; force?: boolean; shard?: string },
    ) => {
      idsOrAll(ids, o.all);
      let shard: Shard | undefined;
      if (o.shard !== undefined) {
        const { parseShard } = await import("../build/shard.ts");
        try {
          shard = parseShard(o.shard);
        } catch (e) {
          throw new CommanderError(2, "storefront.usage", `error: ${(e as Error).message}`);
        }
      }
      const { runBuild } = await import("../commands/build.ts");
      setExitCode(
        await runBuild({
          tenantsDir: o.tenantsDir,
          outDir: o.outDir,
          ids,
          shard,
          force: !!o.force,
          json: !!o.json,
          verbose: !!o.verbose,
          print,
        }),
      );
    },
  );

  program
    .command("merge")
    .argument("<shard-dirs...>", "the out dirs of every shard of one `build --shard k/n`")
    .option("--out-dir <dir>", "folder the merged bundles are written to", "dist")
    .option("--json", "print a machine-readable result (for CI)")
    .description(
      "Merge the out dirs of a sharded build into one, checking that the shards fit; byte for byte an unsharded build",
    )
    .action(async (dirs: string[], o: { outDir: string; json?: boolean }) => {
      const { runMerge } = await import("../commands/merge.ts");
      setExitCode(await runMerge({ dirs, outDir: o.outDir, json: !!o.json, print }));
    });
}
