/**
 * The commands that change what a server serves: `publish` (and `publish --preview`),
 * `rollback`, `promote` and `previews`, with the target options they share (a folder, a host
 * over SSH or an object store, and the nginx in front).
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

interface PreviewFlags {
  preview?: string;
  previewDomain?: string;
  previewExpires: string;
  previewScheme: string;
}

const usage = (message: string) => new CommanderError(2, "storefront.usage", `error: ${message}`);

function wholeKeep(text: string): number {
  const keep = Number(text);
  if (!Number.isInteger(keep) || keep < 1) throw usage("--keep takes a whole number of at least 1");
  return keep;
}

/** --preview's name, domain, expiry and scheme, and the secret from the environment. */
async function previewSettings(o: PreviewFlags & { dryRun?: boolean }) {
  const rules = await import("../publish/preview.ts");
  const name = o.preview ?? "";
  const problem = rules.previewNameProblem(name);
  if (problem) throw usage(problem);
  if (o.previewDomain === undefined) throw usage("--preview needs --preview-domain <domain>");
  const domainProblem = rules.previewDomainProblem(o.previewDomain);
  if (domainProblem) throw usage(domainProblem);
  const ms = rules.parseExpiry(o.previewExpires);
  if (ms === null) {
    throw usage(
      `--preview-expires takes 7d, 48h or 90m (at most a year), got ${JSON.stringify(o.previewExpires)}`,
    );
  }
  if (o.previewScheme !== "https" && o.previewScheme !== "http") {
    throw usage(`--preview-scheme is https or http, got ${JSON.stringify(o.previewScheme)}`);
  }
  if (o.dryRun) throw usage("--preview uploads a release: it has no --dry-run");
  const secret = process.env[rules.PREVIEW_SECRET_VARIABLE];
  const secretProblem = rules.previewSecretProblem(secret);
  if (secretProblem) throw usage(secretProblem);
  return {
    name,
    domain: o.previewDomain,
    expiresAt: Date.now() + ms,
    secret: secret ?? "",
    scheme: o.previewScheme,
  } as const;
}

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
        .option(
          "--preview <name>",
          "upload without going live: serve each release at <name>--<id>.<preview-domain> to the printed link only",
        )
        .option(
          "--preview-domain <domain>",
          "with --preview: the domain whose *.<domain> points at the server",
        )
        .option(
          "--preview-expires <time>",
          "with --preview: how long the link opens it (7d, 48h, 90m)",
          "7d",
        )
        .option(
          "--preview-scheme <scheme>",
          "with --preview: the link's scheme (http only for a trial without TLS)",
          "https",
        )
        .description(
          "Publish built bundles as releases: <target>/<id>/releases/<release>/, `current` switched atomically",
        ),
    ),
  ).action(
    async (
      ids: string[],
      o: CommonOptions &
        ServingFlags &
        PreviewFlags & { all?: boolean; dryRun?: boolean; keep: string },
    ) => {
      idsOrAll(ids, o.all);
      const keep = wholeKeep(o.keep);
      const { listTenantIds } = await import("../config/load.ts");
      if (o.preview !== undefined) {
        const preview = await previewSettings(o);
        const { runPreviewPublish } = await import("../commands/previews.ts");
        setExitCode(
          await runPreviewPublish({
            ...preview,
            ids: o.all ? await listTenantIds(o.tenantsDir) : ids,
            to: o.to,
            tenantsDir: o.tenantsDir,
            outDir: o.outDir,
            json: !!o.json,
            target: targetOptions(o),
            print,
          }),
        );
        return;
      }
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

  common(
    publishing(
      program
        .command("promote")
        .argument("[ids...]", "tenant ids")
        .option("--all", "every tenant that has this preview on the target")
        .requiredOption("--preview <name>", "the preview whose release goes live")
        .option("--keep <n>", "releases kept per tenant (older ones are pruned)", "5")
        .description(
          "Make a preview's release live as it is: the same atomic switch as publish, nothing uploaded",
        ),
    ),
  ).action(
    async (
      ids: string[],
      o: CommonOptions & ServingFlags & { preview: string; keep: string; all?: boolean },
    ) => {
      idsOrAll(ids, o.all);
      const { previewNameProblem } = await import("../publish/preview.ts");
      const problem = previewNameProblem(o.preview);
      if (problem) throw usage(problem);
      const { runPromote } = await import("../commands/previews.ts");
      setExitCode(
        await runPromote({
          ids,
          all: !!o.all,
          to: o.to,
          name: o.preview,
          keep: wholeKeep(o.keep),
          tenantsDir: o.tenantsDir,
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
        .command("previews")
        .argument("[ids...]", "tenant ids")
        .option("--all", "every tenant the target holds")
        .option("--prune-previews", "take expired previews off, with the releases only they kept")
        .option(
          "--remove <name>",
          "take this preview off now, expired or not (a closed pull request's)",
        )
        .description("List each tenant's deploy previews on the target, with their expiry"),
    ),
  ).action(
    async (
      ids: string[],
      o: CommonOptions & ServingFlags & { prunePreviews?: boolean; remove?: string; all?: boolean },
    ) => {
      idsOrAll(ids, o.all);
      if (o.remove !== undefined) {
        const { previewNameProblem } = await import("../publish/preview.ts");
        const problem = previewNameProblem(o.remove);
        if (problem) throw usage(problem.replace("--preview", "--remove"));
      }
      const { runPreviews } = await import("../commands/previews.ts");
      setExitCode(
        await runPreviews({
          ids,
          all: !!o.all,
          to: o.to,
          prune: !!o.prunePreviews,
          remove: o.remove === undefined ? [] : [o.remove],
          json: !!o.json,
          target: targetOptions(o),
          print,
        }),
      );
    },
  );
}
