/**
 * The commands that change what a server serves: `publish` and `rollback`, with the target
 * options they share (a folder, a host over SSH or an object store, and the nginx in front).
 */
import { type Command, CommanderError } from "commander";
import type { TargetSpecOptions } from "../publish/target.ts";
import { type CommandContext, type CommonOptions, common, idsOrAll, tenantIds } from "./common.ts";

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

export function addPublishCommands({ program, print, setExitCode }: CommandContext) {
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
      const { listTenantIds } = await import("../config/load.ts");
      const { runPublish } = await import("../commands/publish.ts");
      setExitCode(
        await runPublish({
          ids: o.all ? await listTenantIds(o.tenantsDir) : ids,
          to: o.to,
          tenantsDir: o.tenantsDir,
          outDir: o.outDir,
          keep,
          dryRun: !!o.dryRun,
          json: !!o.json,
          target: targetOptions(o),
          print,
        }),
      );
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
    tenantIds([id]);
    const { runRollback } = await import("../commands/rollback.ts");
    setExitCode(
      await runRollback({
        id,
        to: o.to,
        release: o.release,
        tenantsDir: o.tenantsDir,
        json: !!o.json,
        target: targetOptions(o),
        print,
      }),
    );
  });
}
