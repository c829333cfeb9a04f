/**
 * What the command definitions share: where an action leaves its exit code, the options every
 * tenant command takes, and the usage rule of the commands that take tenant ids or --all.
 */
import { type Command, CommanderError } from "commander";
import type { Printer } from "../commands/print.ts";
import { tenantIdProblem } from "../config/tenants-dir.ts";

/** What each group of commands is added with. */
export interface CommandContext {
  program: Command;
  print: Printer;
  /** The exit code `main` returns once the action is done. */
  setExitCode(code: number): void;
}

export interface CommonOptions {
  tenantsDir: string;
  outDir: string;
  json?: boolean;
  verbose?: boolean;
}

export const common = (cmd: Command) =>
  cmd
    .option("--tenants-dir <dir>", "folder of tenant YAML files", "tenants")
    .option("--out-dir <dir>", "folder the bundles are written to", "dist")
    .option("--json", "print a machine-readable result (for CI)")
    .option("--verbose", "print stack traces of unexpected errors");

/** A tenant id given on the command line that cannot be one is a usage error (exit 2). */
export function tenantIds(ids: string[]): void {
  for (const id of ids) {
    const problem = tenantIdProblem(id);
    if (problem) throw new CommanderError(2, "storefront.usage", `error: ${problem}`);
  }
}

/**
 * `build` and `publish` take tenant ids or --all: exactly one of them, and ids that can be
 * tenant ids (a usage error, exit 2).
 */
export function idsOrAll(ids: string[], all: boolean | undefined): void {
  tenantIds(ids);
  if (!all && ids.length === 0) {
    throw new CommanderError(2, "storefront.usage", "error: name tenant ids or pass --all");
  }
  if (all && ids.length > 0) {
    throw new CommanderError(
      2,
      "storefront.usage",
      "error: pass either tenant ids or --all, not both",
    );
  }
}
