/** The commands that read the tenant files: `list` and `validate`. */
import { type CommandContext, type CommonOptions, common } from "./common.ts";

export function addTenantCommands({ program, print, setExitCode }: CommandContext) {
  common(program.command("list").description("List the tenants and their languages")).action(
    async (o: CommonOptions) => {
      const { runList } = await import("../commands/list.ts");
      setExitCode(await runList({ tenantsDir: o.tenantsDir, json: !!o.json, out: print.out }));
    },
  );

  common(
    program
      .command("validate")
      .argument("[ids...]", "tenant ids (default: all)")
      .description("Validate tenant YAML files; every problem as file:line:col  field  message"),
  ).action(async (ids: string[], o: CommonOptions) => {
    const { runValidate } = await import("../commands/validate.ts");
    setExitCode(
      await runValidate({
        tenantsDir: o.tenantsDir,
        ids,
        json: !!o.json,
        verbose: !!o.verbose,
        out: print.out,
        err: print.err,
      }),
    );
  });
}
