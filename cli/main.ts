/**
 * The `storefront` command: the program and its exit code. The commands are defined by group in
 * program/ (in the order `--help` lists them), each running its work from commands/.
 */
import { Command, CommanderError } from "commander";
import { consolePrinter } from "./commands/print.ts";
import { addApiCommands } from "./program/api-commands.ts";
import { addAuthoringCommands } from "./program/authoring-commands.ts";
import { addBuildCommands } from "./program/build-commands.ts";
import type { CommandContext } from "./program/common.ts";
import { addPublishCommands } from "./program/publish-commands.ts";
import { addServeCommands } from "./program/serve-commands.ts";
import { addTenantCommands } from "./program/tenant-commands.ts";

/** Exit codes: 0 success, 1 invalid config or failed build, 2 usage error. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const print = consolePrinter();
  const program = new Command("storefront")
    .description("Builds and previews one white-label photo storefront per tenant.")
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  const context: CommandContext = {
    program,
    print,
    setExitCode: (c) => {
      code = c;
    },
  };
  addTenantCommands(context); // list, validate
  addBuildCommands(context); // build, merge
  addPublishCommands(context); // publish, rollback
  addAuthoringCommands(context); // schema, new, docs
  addServeCommands(context); // preview, dev
  addApiCommands(context); // api-schema, check-api

  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
      if (e.code === "storefront.usage") print.err(e.message);
      return 2;
    }
    const verbose = argv.includes("--verbose");
    print.err(`storefront: ${e instanceof Error ? e.message : String(e)}`);
    if (verbose && e instanceof Error && e.stack) print.err(e.stack);
    return 1;
  }
}
