/**
 * The commands that serve tenants on this machine: `preview` (a built bundle) and `dev` (the
 * same, rebuilt as you save).
 */
import { type Command, CommanderError, Option } from "commander";
import { type CommandContext, type CommonOptions, common } from "./common.ts";

/** What `preview` and `dev` share: where to listen, which backend, every tenant at once. */
const serving = (cmd: Command) =>
  common(cmd)
    .option("--port <port>", "port (0 picks a free one)", "4173")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--api <url>", "proxy /public/* to this backend instead of the demo")
    .option("--all", "serve every tenant on one port at http://<id>.localhost:<port>/")
    .option(
      "--host-alias <host=id>",
      "with --all, also serve tenant <id> at <host>.localhost with <host>'s rules (repeatable)",
      (value: string, list: string[]) => [...list, value],
      [] as string[],
    )
    .option(
      "--no-oidc",
      "don't start the local identity provider (on by default for tenants with sign-in)",
    )
    .addOption(new Option("--demo-latency <ms>", "delay every demo backend reply").default("0"))
    .addOption(
      new Option("--demo-fail <rate>", "fail this fraction (0–1) of demo calls with 503").default(
        "0",
      ),
    );

type ServeFlags = CommonOptions &
  Record<string, string> & { all?: boolean; hostAlias: string[]; oidc?: boolean };

/** One tenant id or --all, never both; --host-alias only with --all. */
const oneOrAll = (id: string | undefined, o: ServeFlags) => {
  if (o.all && id) {
    throw new CommanderError(
      2,
      "storefront.usage",
      "error: pass either a tenant id or --all, not both",
    );
  }
  if (!o.all && o.hostAlias.length > 0) {
    throw new CommanderError(2, "storefront.usage", "error: --host-alias needs --all");
  }
};

export function addServeCommands({ program, print, setExitCode }: CommandContext) {
  const serveOptions = (o: ServeFlags) => ({
    tenantsDir: o.tenantsDir,
    outDir: o.outDir,
    // As typed: checked by previewSettings (commands/preview.ts), never coerced.
    port: o.port ?? "4173",
    host: o.host ?? "127.0.0.1",
    api: o.api,
    demoLatency: o.demoLatency ?? "0",
    demoFail: o.demoFail ?? "0",
    oidc: o.oidc !== false,
    hostAliases: o.hostAlias,
    print,
  });

  serving(
    program
      .command("preview")
      .argument("[id]", "tenant id (default: mysport)")
      .description("Serve a tenant's bundle with the demo backend (or a real one via --api)"),
  ).action(async (id: string | undefined, o: ServeFlags) => {
    oneOrAll(id, o);
    if (o.all) {
      const { runPreviewAll } = await import("../commands/preview-all.ts");
      setExitCode(await runPreviewAll(serveOptions(o)));
      return;
    }
    const { runPreview } = await import("../commands/preview.ts");
    setExitCode(await runPreview({ ...serveOptions(o), id: id ?? "mysport" }));
  });

  serving(
    program
      .command("dev")
      .argument("[id]", "tenant id (default: mysport)")
      .description(
        "Serve a tenant like preview and rebuild as you save: open pages reload, problems show over them",
      )
      .option(
        "--core [project-dir]",
        "serve the core's sources through Vite's dev server with hot module replacement (project-dir: another checkout)",
      ),
  ).action(async (id: string | undefined, o: ServeFlags & { core?: boolean | string }) => {
    oneOrAll(id, o);
    const { runDev } = await import("../commands/dev.ts");
    setExitCode(
      await runDev({ ...serveOptions(o), id: id ?? "mysport", all: !!o.all, core: o.core }),
    );
  });
}
