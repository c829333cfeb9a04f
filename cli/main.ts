import { Command, CommanderError, Option } from "commander";
import type { Shard } from "./build/shard.ts";
import { consolePrinter } from "./commands/print.ts";
import type { TargetSpecOptions } from "./publish/target.ts";

interface CommonOptions {
  tenantsDir: string;
  outDir: string;
  json?: boolean;
  verbose?: boolean;
}

interface ServingFlags {
  to: string;
  listen: string;
  reload?: boolean;
  nginx: string;
  nginxConf?: string;
  nginxTest?: boolean;
  sshOptions?: string;
  endpoint?: string;
  grace: string;
  nginxDir?: string;
}

interface NewFlags {
  tenantsDir: string;
  name?: string;
  currency?: string;
  languages?: string;
  color?: string;
  from?: string;
  extends?: string;
  yes?: boolean;
  json?: boolean;
}

/** Exit codes: 0 success, 1 invalid config or failed build, 2 usage error. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const print = consolePrinter();
  const program = new Command("storefront")
    .description("Builds and previews one white-label photo storefront per tenant.")
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  const common = (cmd: Command) =>
    cmd
      .option("--tenants-dir <dir>", "folder of tenant YAML files", "tenants")
      .option("--out-dir <dir>", "folder the bundles are written to", "dist")
      .option("--json", "print a machine-readable result (for CI)")
      .option("--verbose", "print stack traces of unexpected errors");

  common(program.command("list").description("List the tenants and their languages")).action(
    async (o: CommonOptions) => {
      const { runList } = await import("./commands/list.ts");
      code = await runList({ tenantsDir: o.tenantsDir, json: !!o.json, out: print.out });
    },
  );

  common(
    program
      .command("validate")
      .argument("[ids...]", "tenant ids (default: all)")
      .description("Validate tenant YAML files; every problem as file:line:col  field  message"),
  ).action(async (ids: string[], o: CommonOptions) => {
    const { runValidate } = await import("./commands/validate.ts");
    code = await runValidate({
      tenantsDir: o.tenantsDir,
      ids,
      json: !!o.json,
      verbose: !!o.verbose,
      out: print.out,
      err: print.err,
    });
  });

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
        const { parseShard } = await import("./build/shard.ts");
        try {
          shard = parseShard(o.shard);
        } catch (e) {
          throw new CommanderError(2, "storefront.usage", `error: ${(e as Error).message}`);
        }
      }
      const { runBuild } = await import("./commands/build.ts");
      code = await runBuild({
        tenantsDir: o.tenantsDir,
        outDir: o.outDir,
        ids,
        shard,
        force: !!o.force,
        json: !!o.json,
        verbose: !!o.verbose,
        print,
      });
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
      const { runMerge } = await import("./commands/merge.ts");
      code = await runMerge({ dirs, outDir: o.outDir, json: !!o.json, print });
    });

  /** Options of the commands that change what a server serves (publish, rollback). */
  const publishing = (cmd: Command) =>
    cmd
      .requiredOption(
        "--to <target>",
        "a folder (web root, mounted volume), user@host:/path over SSH, or s3://bucket/prefix",
      )
      .option(
        "--listen <addresses>",
        "comma-separated `listen` of the generated server blocks",
        "80,[::]:80",
      )
      .option(
        "--reload",
        "reload nginx (on the target's host) before switching, so the new CSP is in force",
      )
      .option("--nginx <program>", "the nginx program on the target's host", "nginx")
      .option("--nginx-conf <file>", "nginx's main configuration file there, if not its default")
      .option("--no-nginx-test", "skip `nginx -t` (only where no nginx serves the target)")
      .option(
        "--ssh-options <args>",
        'extra ssh arguments, e.g. "-p 2222 -i key" (or STOREFRONT_SSH_OPTIONS)',
      )
      .option(
        "--endpoint <url>",
        "s3:// only: the S3-compatible store's address (Ceph, MinIO, R2…); default AWS",
      )
      .option(
        "--grace <minutes>",
        "s3:// only: objects written this recently are never pruned (pages still open)",
        "60",
      )
      .option(
        "--nginx-dir <dir>",
        "s3:// only: write each tenant's server block (proxying to the store) here as <id>.conf",
      );
  const targetOptions = (o: ServingFlags): TargetSpecOptions => {
    const grace = Number(o.grace);
    if (!Number.isFinite(grace) || grace < 0) {
      throw new CommanderError(2, "storefront.usage", "error: --grace takes minutes, 0 or more");
    }
    return {
      endpoint: o.endpoint,
      graceMs: grace * 60_000,
      nginxDir: o.nginxDir,
      listen: o.listen
        .split(",")
        .map((l) => l.trim())
        .filter((l) => l !== ""),
      // Whitespace-separated ssh arguments, e.g. "-p 2222 -i key" (no quoting).
      sshOptions: (o.sshOptions ?? process.env.STOREFRONT_SSH_OPTIONS ?? "")
        .split(/\s+/)
        .filter((w) => w !== ""),
      nginx: {
        binary: o.nginx,
        conf: o.nginxConf,
        reload: !!o.reload,
        test: o.nginxTest !== false,
      },
    };
  };

  common(
    publishing(
      program
        .command("publish")
        .argument("[ids...]", "tenant ids")
        .option("--all", "publish every tenant in the tenants folder")
        .option(
          "--dry-run",
          "print what would change per tenant (from the manifests); change nothing",
        )
        .option("--keep <n>", "releases kept per tenant (older ones are pruned)", "5")
        .description(
          "Publish built bundles as releases: <target>/<id>/releases/<release>/, `current` switched atomically",
        ),
    ),
  ).action(
    async (
      ids: string[],
      o: CommonOptions & ServingFlags & { all?: boolean; dryRun?: boolean; keep: string },
    ) => {
      idsOrAll(ids, o.all);
      const keep = Number(o.keep);
      if (!Number.isInteger(keep) || keep < 1) {
        throw new CommanderError(
          2,
          "storefront.usage",
          "error: --keep takes a whole number of at least 1",
        );
      }
      const { listTenantIds } = await import("./config/load.ts");
      const { runPublish } = await import("./commands/publish.ts");
      code = await runPublish({
        ids: o.all ? await listTenantIds(o.tenantsDir) : ids,
        to: o.to,
        tenantsDir: o.tenantsDir,
        outDir: o.outDir,
        keep,
        dryRun: !!o.dryRun,
        json: !!o.json,
        target: targetOptions(o),
        print,
      });
    },
  );

  common(
    publishing(
      program
        .command("rollback")
        .argument("<id>", "tenant id")
        .option(
          "--release <release>",
          "the kept release to go back to (default: the one before the live one)",
        )
        .description("Switch a tenant's `current` back to the previous (or the named) release"),
    ),
  ).action(async (id: string, o: CommonOptions & ServingFlags & { release?: string }) => {
    const { runRollback } = await import("./commands/rollback.ts");
    code = await runRollback({
      id,
      to: o.to,
      release: o.release,
      json: !!o.json,
      target: targetOptions(o),
      print,
    });
  });

  program
    .command("schema")
    .description("Print the tenant JSON Schema (for editors), or write it with --out")
    .option("--out <file>", "write the schema to this file")
    .action(async (o: { out?: string }) => {
      const { tenantJsonSchema } = await import("./config/json-schema.ts");
      const text = `${JSON.stringify(tenantJsonSchema(), null, 2)}\n`;
      if (o.out) {
        const { writeFile } = await import("node:fs/promises");
        await writeFile(o.out, text);
      } else process.stdout.write(text);
    });

  program
    .command("new")
    .argument("<id>", "the new tenant's id: lowercase letters, digits and hyphens")
    .description("Create tenants/<id>.yaml and its logos; asks for what the flags leave out")
    .option("--name <name>", "brand name shown to users")
    .option("--currency <code>", "currency: 643 rouble, 840 US dollar, 978 euro")
    .option("--languages <list>", "languages, comma-separated, the default first (e.g. ru,en)")
    .option("--color <hex>", "brand colour as #rrggbb (logos and primary colour)")
    .option("--from <id>", "copy an existing tenant's settings and assets")
    .option("--extends <id>", "write a child of that tenant: only what differs, the rest inherited")
    .option("--yes", "take the default for every value not given; never ask")
    .option("--tenants-dir <dir>", "folder of tenant YAML files", "tenants")
    .option("--json", "print a machine-readable result (for CI)")
    .action(async (id: string, o: NewFlags) => {
      const { runNewOnTerminal } = await import("./commands/new.ts");
      code = await runNewOnTerminal({ ...o, id, yes: !!o.yes, json: !!o.json, print });
    });

  program
    .command("docs")
    .description("Print the reference of every tenant field (Markdown), or write it with --out")
    .option("--out <file>", "write the reference to this file")
    .action(async (o: { out?: string }) => {
      const { runDocs } = await import("./commands/docs.ts");
      code = await runDocs({ out: o.out, print });
    });

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
      const { runPreviewAll } = await import("./commands/preview-all.ts");
      code = await runPreviewAll(serveOptions(o));
      return;
    }
    const { runPreview } = await import("./commands/preview.ts");
    code = await runPreview({ ...serveOptions(o), id: id ?? "mysport" });
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
    const { runDev } = await import("./commands/dev.ts");
    code = await runDev({ ...serveOptions(o), id: id ?? "mysport", all: !!o.all, core: o.core });
  });

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

/** `build` and `publish` take tenant ids or --all: exactly one of them (a usage error, exit 2). */
function idsOrAll(ids: string[], all: boolean | undefined): void {
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
